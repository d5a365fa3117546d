// The relay's side of the screen worker: batches output to it, bounds its backlog, asks for sweeps.
import { Worker } from 'node:worker_threads';
import type { SweepResult } from './screen-classifier.js';
import type { FromScreenWorker, ToScreenWorker } from './screen-messages.js';

/**
 * Most unparsed output the worker may hold. xterm parses 20–70 MB/s, slower than a PTY can stream
 * (`cat` of a large file); past this, output is skipped for the screen (never for the terminal) and
 * the screen restarts blank once the worker has caught up, re-synchronizing on the next repaint.
 */
export const SCREEN_BACKLOG_BYTES = 4 * 1024 * 1024;

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
  private flushScheduled: NodeJS.Immediate | undefined;
  private inFlight = 0;
  private skipping = false;
  private seq = 0;
  private readonly sweeps = new Map<number, (result: SweepResult) => void>();
  private failed = false;
  private disposed = false;

  constructor(private readonly options: ScreenClientOptions) {
    this.worker = new Worker(new URL('./screen-worker.js', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (message: FromScreenWorker) => this.onMessage(message));
    this.worker.on('error', (error) => this.fail(error.message));
    this.post({ t: 'init', cols: options.cols, rows: options.rows, ruleText: options.ruleText, ruleFile: options.ruleFile });
  }

  /** Queues child output for the screen; never blocks, never throws. */
  feed(chunk: Uint8Array): void {
    if (this.failed || this.disposed) return;
    if (this.skipping || this.inFlight + this.batchBytes > SCREEN_BACKLOG_BYTES) {
      this.skipping = true;
      return;
    }
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    this.flushScheduled ??= setImmediate(() => this.flushBatch());
  }

  /** Follows the PTY's size. */
  resize(cols: number, rows: number): void {
    this.flushBatch();
    this.post({ t: 'resize', cols, rows });
  }

  /** Classifies the screen as of all output fed so far. */
  sweep(): Promise<SweepResult> {
    if (this.failed || this.disposed || this.skipping) return Promise.resolve({ changed: false });
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
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    for (const resolve of this.sweeps.values()) resolve({ changed: false });
    this.sweeps.clear();
    void this.worker.terminate();
  }

  private flushBatch(): void {
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    this.flushScheduled = undefined;
    if (this.batchBytes === 0) return;
    const bytes = new Uint8Array(this.batchBytes);
    let offset = 0;
    for (const chunk of this.batch) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    this.batch = [];
    this.inFlight += this.batchBytes;
    this.batchBytes = 0;
    this.post({ t: 'data', bytes }, [bytes.buffer as ArrayBuffer]);
  }

  private onMessage(message: FromScreenWorker): void {
    switch (message.t) {
      case 'parsed':
        this.inFlight -= message.bytes;
        if (this.skipping && this.inFlight === 0 && this.batchBytes === 0) {
          this.skipping = false;
          this.post({ t: 'reset' });
        }
        break;
      case 'swept': {
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
