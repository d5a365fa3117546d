// What the main thread can see of a sweep while the screen worker is busy in it: which rule runs and since
// when. One small SharedArrayBuffer both threads map; the worker writes, the client's watchdog reads. A
// worker stuck in a rule's regex cannot answer a message, but its last writes here are visible.
import { performance } from 'node:perf_hooks';
import type { RuleProbe } from '../rules/rule-set.js';

/** Bytes of the shared block: the classification's start (epoch ms, float64), then the rule index (int32). */
const WATCH_BYTES = 16;

/** Epoch milliseconds, comparable across threads (each thread's performance clock has its own origin). */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/** One worker's view of the shared block. */
export class SweepWatch {
  readonly buffer: SharedArrayBuffer;
  private readonly since: Float64Array;
  private readonly index: Int32Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(WATCH_BYTES)) {
    this.buffer = buffer;
    this.since = new Float64Array(buffer, 0, 1);
    this.index = new Int32Array(buffer, 8, 1);
  }

  /** The worker's probe: the first rule of a classification stamps its start; done clears both. */
  probe(): RuleProbe {
    return {
      rule: (index) => {
        if (Atomics.load(this.index, 0) === 0) this.since[0] = epochMs();
        Atomics.store(this.index, 0, index);
      },
      done: () => {
        Atomics.store(this.index, 0, 0);
        this.since[0] = 0;
      },
    };
  }

  /** The rule running now (its 1-based position in the file) and since when the classification runs, or undefined. */
  running(): { index: number; sinceMs: number } | undefined {
    const index = Atomics.load(this.index, 0);
    const sinceMs = this.since[0] ?? 0;
    return index === 0 || sinceMs === 0 ? undefined : { index, sinceMs };
  }
}
