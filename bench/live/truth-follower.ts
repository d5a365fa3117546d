// Follows the fake agent's truth log as it grows (the agent appends each line synchronously).
import { closeSync, openSync, readSync } from 'node:fs';
import type { TruthEntry } from '../../src/demo/truth-log.js';

/** How often the log is polled: fast next to the 3–8 s the user waits before answering. */
export const TRUTH_POLL_MS = 20;
const READ_CHUNK_BYTES = 64 * 1024;

/** Calls `onEntry` for each new line of the log; `stop()` reads what is left and closes it. */
export class TruthFollower {
  readonly entries: TruthEntry[] = [];
  private readonly fd: number;
  private position = 0;
  private partial = '';
  private readonly timer: NodeJS.Timeout;

  constructor(path: string, private readonly onEntry: (entry: TruthEntry) => void) {
    this.fd = openSync(path, 'r');
    this.timer = setInterval(() => this.poll(), TRUTH_POLL_MS);
  }

  /** Reads any new complete lines now. */
  poll(): void {
    const buffer = Buffer.alloc(READ_CHUNK_BYTES);
    for (;;) {
      const n = readSync(this.fd, buffer, 0, buffer.length, this.position);
      if (n <= 0) break;
      this.position += n;
      this.partial += buffer.subarray(0, n).toString('utf8');
    }
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      const entry = JSON.parse(line) as TruthEntry;
      this.entries.push(entry);
      this.onEntry(entry);
    }
  }

  /** Final read, then stops polling. Idempotent. */
  stop(): void {
    clearInterval(this.timer);
    try {
      this.poll();
      closeSync(this.fd);
    } catch {
      // already closed
    }
  }
}
