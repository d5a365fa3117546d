// After the event loop was busy elsewhere, a read of the PTY takes what piled up, not one kernel piece.
import { readSync } from 'node:fs';

/**
 * A read that comes this long after the one before it found the event loop busy (loading a module,
 * a sweep, a preempted process): the child has likely filled the PTY's buffer meanwhile, and it goes
 * on reading. While output streams, reads come every ~0.1 ms and stay as they are (one kernel piece
 * per turn keeps the child, the shim and the terminal working side by side).
 */
export const CATCH_UP_AFTER_MS = 1;
/** A shorter read means the PTY held no more than that: nothing to catch up on. */
const CATCH_UP_MIN_BYTES = 1024;

/**
 * The kernel hands a PTY's output over in pieces of at most 4 KB, and libuv reads one piece per turn
 * of the event loop. While reporting's modules load (~60 of them, 100–150 ms on the relay's thread)
 * a flood then moved ~100 KB in all; reading on until the PTY is empty, it moves over 1 MB.
 * The descriptor is non-blocking (node-pty makes it so; the final drain relies on it too): a read
 * with nothing left says EAGAIN, and after the child's exit EIO, and the rest comes by libuv's reads.
 */
export class CatchUpRead {
  private lastAt = -Infinity;

  constructor(
    private readonly fd: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Given `nread` bytes just read into `into`: reads on into the rest of it when due; returns the bytes held. */
  extend(into: Uint8Array, nread: number): number {
    const now = this.now();
    const away = now - this.lastAt;
    this.lastAt = now;
    if (nread < CATCH_UP_MIN_BYTES || away < CATCH_UP_AFTER_MS) return nread;
    let held = nread;
    while (held < into.length) {
      let n: number;
      try {
        n = readSync(this.fd, into, held, into.length - held, null);
      } catch {
        break; // EAGAIN: empty for now; EIO: the child's side closed; either way libuv's next read sees it
      }
      if (n <= 0) break;
      held += n;
    }
    return held;
  }
}
