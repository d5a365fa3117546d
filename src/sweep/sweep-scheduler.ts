// When to classify the screen: shortly after output settles, at least every interval while it keeps coming.

/** Timing of sweeps, in milliseconds. */
export interface SweepTiming {
  /** Quiet time after the last output before a sweep (a prompt paints once, then goes silent). */
  settleMs: number;
  /** Longest time output may keep coming without a sweep (a spinner never goes quiet). */
  intervalMs: number;
}

/** Defaults: a sweep 40 ms after output settles, and at least every 700 ms while it streams. */
export const DEFAULT_SWEEP_TIMING: SweepTiming = { settleMs: 40, intervalMs: 700 };

/**
 * Pure scheduling: the caller reports output times and asks when the next sweep is due. The live
 * shim drives it with a timer; `osf7501 classify --timeline` drives it with a recording's clock,
 * so both see the same sweeps.
 */
export class SweepScheduler {
  private lastOutput: number | undefined;
  /** Start of the current stretch of output not yet swept. */
  private stretchStart: number | undefined;
  private lastSweep: number | undefined;

  constructor(private readonly timing: SweepTiming = DEFAULT_SWEEP_TIMING) {}

  /** Output arrived at `now`. */
  noteOutput(now: number): void {
    this.lastOutput = now;
    if (this.stretchStart === undefined) {
      // Output that resumes right after a sweep still counts from that sweep, so a stream that
      // never settles is swept every interval exactly.
      const sinceSweep = this.lastSweep === undefined ? Infinity : now - this.lastSweep;
      this.stretchStart = sinceSweep < this.timing.intervalMs ? (this.lastSweep as number) : now;
    }
  }

  /** The time the next sweep is due, or null when no output is waiting to be swept. */
  nextDue(): number | null {
    if (this.stretchStart === undefined || this.lastOutput === undefined) return null;
    return Math.min(this.lastOutput + this.timing.settleMs, this.stretchStart + this.timing.intervalMs);
  }

  /** True when a sweep is due at `now`; the caller then sweeps, and the scheduler counts it done. */
  takeDue(now: number): boolean {
    const due = this.nextDue();
    if (due === null || now < due) return false;
    this.stretchStart = undefined;
    this.lastOutput = undefined;
    this.lastSweep = now;
    return true;
  }
}
