// The fake agent's ground truth: one JSON object a line, stamped with the system monotonic clock.
import { appendFileSync, writeFileSync } from 'node:fs';
import { monotonicMs } from './clock.js';

/** The states the fake agent can be in (blocked is always a permission prompt). */
type TruthState = 'idle' | 'working' | 'blocked' | 'done' | 'exit';

/** One line of the truth log: a state change or an event, with what the supervisor needs to know. */
export interface TruthEntry {
  /** System monotonic ms (see clock.ts); for a state, taken right before its screen was written. */
  t: number;
  state?: TruthState;
  kind?: 'permission';
  /** `typing`: the first key of a new task line (the user is back). */
  event?: 'start' | 'answer' | 'typing';
  /** 1-based task number of the turn this entry belongs to. */
  task?: number;
  /** 1-based prompt number (blocked entries and their answers). */
  prompt?: number;
  command?: string;
  answer?: 'approve' | 'deny';
  /** True for a turn end whose last words are a question in prose. */
  question?: boolean;
  pid?: number;
  ppid?: number;
}

/** Appends truth entries to a file synchronously, so a reader polling it sees each one at once. */
export class TruthLog {
  constructor(private readonly path: string) {
    writeFileSync(path, '');
  }

  /** Writes one entry stamped `at` (default: now). */
  write(entry: Omit<TruthEntry, 't'>, at: number = monotonicMs()): void {
    appendFileSync(this.path, `${JSON.stringify({ t: at, ...entry })}\n`);
  }
}
