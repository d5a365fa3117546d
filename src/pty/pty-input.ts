// The child's input: bytes written to the PTY's master descriptor on the relay's thread, in order, never after it closed.
import { writeSync } from 'node:fs';

/** First wait before writing again when the child's input queue is full; doubled up to MAX while no byte fits. */
const RETRY_FIRST_MS = 2;
const RETRY_MAX_MS = 32;

/**
 * Writes to a PTY master (non-blocking) synchronously on the calling thread, keeping what does not fit yet
 * (EAGAIN: the child reads slower than input comes, e.g. a large paste) in a queue retried on a timer,
 * in order. `close()` is called while the descriptor is still open (when the child's side hung up): from
 * then on nothing is written, so a write can never reach a closed descriptor (EBADF) or a file that reused
 * its number. node-pty's own `write()` queues an `fs.write` on the thread pool, which can run after the
 * descriptor closed, and then prints `Unhandled pty write error` on the user's terminal.
 */
export class PtyInput {
  private readonly queue: Uint8Array[] = [];
  private retry: NodeJS.Timeout | undefined;
  private retryMs = RETRY_FIRST_MS;
  private closed = false;

  constructor(private readonly fd: number) {}

  /** Bytes for the child, after any still queued; dropped once closed. Never throws. */
  write(bytes: Uint8Array): void {
    if (this.closed || bytes.length === 0) return;
    // Copied: the caller may reuse its memory once this returns.
    this.queue.push(Uint8Array.prototype.slice.call(bytes));
    if (this.retry === undefined) this.flush();
  }

  /** Bytes waiting for the child to read (tests, diagnostics). */
  get pending(): number {
    let n = 0;
    for (const chunk of this.queue) n += chunk.length;
    return n;
  }

  /** Stops writing for good and drops what waits. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    if (this.retry !== undefined) clearTimeout(this.retry);
    this.retry = undefined;
  }

  private flush(): void {
    this.retry = undefined;
    while (!this.closed && this.queue.length > 0) {
      const chunk = this.queue[0] as Uint8Array;
      let written: number;
      try {
        written = writeSync(this.fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          this.retry = setTimeout(() => this.flush(), this.retryMs);
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          return;
        }
        // EIO (the child's side is gone) or any other failure: no later byte could arrive either.
        this.close();
        return;
      }
      this.retryMs = RETRY_FIRST_MS;
      if (written >= chunk.length) this.queue.shift();
      else this.queue[0] = chunk.subarray(written);
    }
  }
}
