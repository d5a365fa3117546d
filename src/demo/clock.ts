// The system-wide monotonic clock in milliseconds: comparable between processes on one machine.

/** CLOCK_MONOTONIC (Linux) / mach_absolute_time (macOS) in ms: the fake agent's truth log and the
 * bench supervisor both stamp with it, so their timestamps line up without any handshake. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
