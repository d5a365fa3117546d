// The relay's side of the screen worker: batches output to it, bounds its backlog, asks for sweeps.
import { Worker } from 'node:worker_threads';
import type { SweepResult } from './screen-classifier.js';
import type { FromScreenWorker, ToScreenWorker } from './screen-messages.js';

/**
 * Most unparsed output the worker may hold. xterm parses 20–70 MB/s, slower than a PTY can stream
 * (`cat` of a large file). Past this the output is a flood: the screen stops parsing (the terminal
 * never does) and keeps only the flood's tail; once output has been quiet for FLOOD_QUIET_MS the
 * screen is rebuilt from that tail. A visible screen is a few KB of the latest output, so the tail
 * rebuilds it, at the cost of modes set before the tail (e.g. the alternate screen).
 */
export const SCREEN_BACKLOG_BYTES = 512 * 1024;
/** Output that is sent to the worker before the next sweep asks for it. */
const EAGER_BATCH_BYTES = 64 * 1024;
/** The screen worker's heap limits (MB): a screen and its rules need a few MB. */
const WORKER_YOUNG_MB = 4;
const WORKER_OLD_MB = 96;
/** Output kept while flooding, to rebuild the screen from. */
export const FLOOD_TAIL_BYTES = 64 * 1024;
/** Quiet time that ends a flood. */
export const FLOOD_QUIET_MS = 50;

/** What the client needs to start its worker. */
export interface ScreenClientOptions {
  cols: number;
  rows: number;
  ruleText: string;
  ruleFile: string;
  /** Called once if the worker fails; the session then goes on as plain passthrough. */
  onFault: (message: string) => void;
}

/** Owns the screen worker; `dispose()` is idempotent and terminates it. */
export class ScreenClient {
  private readonly worker: Worker;
  private batch: Uint8Array[] = [];
  private batchBytes = 0;
  private inFlight = 0;
  /** Bytes posted to the worker so far; the worker reports how many of them it has parsed. */
  private posted = 0;
  private skipping = false;
  private tail: Uint8Array[] = [];
  private tailBytes = 0;
  private quietTimer: NodeJS.Timeout | undefined;
  private floodChunks = 0;
  private progressAsked = false;
  private readonly afterFlood: Array<() => void> = [];
  private seq = 0;
  private readonly sweeps = new Map<number, (result: SweepResult) => void>();
  private failed = false;
  private disposed = false;

  constructor(private readonly options: ScreenClientOptions) {
    // The worker's own stdout/stderr are captured and discarded: nothing it prints may reach the
    // user's terminal, which belongs to the child.
    this.worker = new Worker(new URL('./screen-worker.js', import.meta.url), {
      stdout: true,
      stderr: true,
      // A screen needs little heap; small generations keep the shim's resident memory low.
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: WORKER_OLD_MB },
    });
    this.worker.stdout.resume();
    this.worker.stderr.resume();
    this.worker.unref();
    this.worker.on('message', (message: FromScreenWorker) => this.onMessage(message));
    this.worker.on('error', (error) => this.fail(error.message));
    this.post({ t: 'init', cols: options.cols, rows: options.rows, ruleText: options.ruleText, ruleFile: options.ruleFile });
  }

  /** Queues child output for the screen; never blocks, never throws. */
  feed(chunk: Uint8Array): void {
    if (this.failed || this.disposed) return;
    if (this.skipping || this.inFlight + this.batchBytes > SCREEN_BACKLOG_BYTES) {
      this.flood(chunk);
      return;
    }
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    // Small output waits for the next sweep, which carries it to the worker in the same wake-up;
    // large output goes at once so the worker parses while the relay streams.
    if (this.batchBytes >= EAGER_BATCH_BYTES) this.flushBatch();
  }

  /** Follows the PTY's size. */
  resize(cols: number, rows: number): void {
    this.flushBatch();
    this.post({ t: 'resize', cols, rows });
  }

  /** Classifies with another rule set from the next sweep on. */
  setRules(ruleText: string, ruleFile: string): void {
    this.post({ t: 'rules', ruleText, ruleFile });
  }

  /** Classifies the screen as of all output fed so far (during a flood: once it is over). */
  sweep(): Promise<SweepResult> {
    if (this.failed || this.disposed) return Promise.resolve({ changed: false });
    if (this.skipping) return new Promise((resolve) => this.afterFlood.push(() => void this.sweep().then(resolve)));
    this.flushBatch();
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.sweeps.set(seq, resolve);
      this.post({ t: 'sweep', seq });
    });
  }

  /** Terminates the worker; pending sweeps resolve unchanged. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.quietTimer) clearTimeout(this.quietTimer);
    for (const resolve of this.sweeps.values()) resolve({ changed: false });
    this.sweeps.clear();
    for (const resume of this.afterFlood.splice(0)) resume();
    this.sweeps.clear();
    void this.worker.terminate();
  }

  private flushBatch(): void {
    if (this.batchBytes === 0) return;
    const bytes = new Uint8Array(this.batchBytes);
    let offset = 0;
    for (const chunk of this.batch) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    this.batch = [];
    this.inFlight += this.batchBytes;
    this.posted += this.batchBytes;
    this.batchBytes = 0;
    this.post({ t: 'data', bytes }, [bytes.buffer as ArrayBuffer]);
  }

  private onMessage(message: FromScreenWorker): void {
    switch (message.t) {
      case 'parsed':
        this.inFlight = this.posted - message.total;
        this.progressAsked = false;
        this.maybeEndFlood();
        break;
      case 'swept': {
        this.inFlight = this.posted - message.parsed;
        const resolve = this.sweeps.get(message.seq);
        this.sweeps.delete(message.seq);
        resolve?.(message.result);
        break;
      }
      case 'fault':
        this.fail(message.message);
        break;
    }
  }

  private flood(chunk: Uint8Array): void {
    if (!this.skipping) {
      this.skipping = true;
      this.flushBatch(); // what was batched before the flood still goes to the worker
      this.floodChunks = 0;
      this.watchQuiet(-1);
    }
    // PTY reads arrive in fresh buffers, so the tail can keep them without copying.
    this.floodChunks++;
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tail.length > 1 && this.tailBytes - (this.tail[0] as Uint8Array).length >= FLOOD_TAIL_BYTES) {
      this.tailBytes -= (this.tail.shift() as Uint8Array).length;
    }
  }

  /** Checks every FLOOD_QUIET_MS whether output stopped (one timer, not one per chunk). */
  private watchQuiet(seen: number): void {
    this.quietTimer = setTimeout(() => {
      this.quietTimer = undefined;
      if (this.floodChunks !== seen) this.watchQuiet(this.floodChunks);
      else this.maybeEndFlood();
    }, FLOOD_QUIET_MS);
    this.quietTimer.unref();
  }

  /** Ends a flood once output is quiet and the worker has caught up: rebuild the screen from the tail. */
  private maybeEndFlood(): void {
    if (!this.skipping || this.quietTimer !== undefined) return;
    if (this.inFlight > 0) {
      if (!this.progressAsked) {
        this.progressAsked = true;
        this.post({ t: 'progress' });
      }
      return;
    }
    this.progressAsked = false;
    this.skipping = false;
    this.post({ t: 'reset' });
    const tail = this.tail;
    this.tail = [];
    this.tailBytes = 0;
    for (const chunk of tail) {
      this.batch.push(chunk);
      this.batchBytes += chunk.length;
    }
    this.flushBatch();
    for (const resume of this.afterFlood.splice(0)) resume();
  }

  private post(message: ToScreenWorker, transfer: ArrayBuffer[] = []): void {
    if (this.failed || this.disposed) return;
    try {
      this.worker.postMessage(message, transfer);
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  private fail(message: string): void {
    if (this.failed) return;
    this.failed = true;
    this.options.onFault(message);
    this.dispose();
  }
}
