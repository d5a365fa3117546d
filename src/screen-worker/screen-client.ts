// The relay's side of the screen worker: holds output for it until a sweep, asks for sweeps.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { SweepResult } from '../screen/screen-classifier.js';
import { FLOOD_TAIL_BYTES, OutputBacklog } from '../screen/output-backlog.js';
import { RowFootprint } from '../screen/row-footprint.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { FromScreenWorker, RuleData, SweepHint, ToScreenWorker } from './screen-messages.js';
import { epochMs, SweepWatch } from './sweep-watch.js';

/**
 * During a flood (the backlog overflowed), a sweep waits until output has been quiet this long: the
 * screen is rebuilt from the flood's tail once, when the flood is over, not at every interval of it.
 */
const FLOOD_QUIET_MS = 30;

/**
 * Longest a sweep waits when the output since the last one changed only rows that the last sweep saw
 * change without the classification changing (a spinner's row): such a sweep reads at most this long
 * after the one before it, and at once when output touches any other row. A spinner at 10 Hz then costs
 * two reads a second instead of ten; a dialog, drawn on rows of its own, is read without waiting, and
 * even one drawn on the spinner's row waits no longer than this.
 */
export const VOLATILE_SWEEP_MS = 500;

/**
 * The longest a sweep's classification may run. Every bundled rule set classifies a screen in well under
 * a millisecond; a rule still running after this is backtracking (`^(a+)+$` on a row of `a`s): the worker
 * is replaced, that rule dropped for the rest of the session, and the sweep classified again without it.
 * The watchdog looks at the latest after twice this.
 */
export const SWEEP_TIME_LIMIT_MS = 250;

/** A rule dropped for running past {@link SWEEP_TIME_LIMIT_MS}. */
interface DroppedRule {
  rule: string;
  file: string;
  limitMs: number;
}

/** The screen worker's heap limits (MB): a screen and its rules need a few MB. */
const WORKER_YOUNG_MB = 4;
const WORKER_OLD_MB = 96;

/** What the client needs to start its worker. */
interface ScreenClientOptions {
  cols: number;
  rows: number;
  /** The rules, compiled where the rule file was read. */
  rules: RuleSet;
  /** Called once if the worker fails; the session then goes on as plain passthrough. */
  onFault: (message: string) => void;
  /** Called once per rule dropped for running past the sweep time limit. */
  onRuleDropped?: (dropped: DroppedRule) => void;
}

/**
 * Owns the screen worker; `dispose()` is idempotent and terminates it. Output waits in an
 * {@link OutputBacklog} and goes to the worker only when a sweep (or a resize) needs it: while output
 * streams the worker parses nothing, and a flood costs it one tail, once the flood is over.
 */
export class ScreenClient {
  /** Started by the first message it must read (a sweep that reads, a resize after output): a flood from
   * the start (`cat` of a large file) never pays for a second V8 isolate. */
  private worker: Worker | undefined;
  private size: { cols: number; rows: number };
  /** The current rules; the worker gets them compiled (see {@link RuleData}). */
  private rules: RuleSet;
  private readonly backlog = new OutputBacklog();
  /** The latest output sent to the worker, to rebuild a replacement worker's screen from. */
  private readonly recent = new OutputBacklog(FLOOD_TAIL_BYTES, FLOOD_TAIL_BYTES);
  private watch = new SweepWatch();
  private watchdog: NodeJS.Timeout | undefined;
  /** Rule names dropped per rule file, for the rest of the session. */
  private readonly dropped = new Map<string, Set<string>>();
  private lastFeedAt = 0;
  /** A sweep waiting for a flood to end. */
  private floodWait: { timer: NodeJS.Timeout; resolve: (result: SweepResult) => void } | undefined;
  private seq = 0;
  private readonly sweeps = new Map<number, (result: SweepResult) => void>();
  private failed = false;
  private disposed = false;
  /** The rows the output since the last sweep changed, followed from the cursor that sweep reported. */
  private footprint: RowFootprint | undefined;
  /** Rows the last sweep saw change while its classification stayed the same. */
  private volatile: ReadonlySet<number> = new Set();
  /** Output came while a sweep was on its way: the sweep's cursor does not account for it. */
  private fedDuringSweep = false;
  private lastSweepAt = -Infinity;
  /** The worker's screen may read differently from its last sweep: output, a new size or new rules since. */
  private unread = true;
  /** A sweep waiting because the output since the last one touched only volatile rows. */
  private deferred: { timer: NodeJS.Timeout; resolve: (result: SweepResult) => void } | undefined;

  constructor(private readonly options: ScreenClientOptions) {
    this.size = { cols: options.cols, rows: options.rows };
    this.rules = options.rules;
  }

  /** Queues (a copy of) child output that arrived at `now`; never blocks, never throws. */
  feed(chunk: Uint8Array, now = performance.now()): void {
    if (this.failed || this.disposed) return;
    this.backlog.push(chunk);
    this.lastFeedAt = now;
    this.unread = true;
    if (this.sweeps.size > 0) this.fedDuringSweep = true;
    this.footprint?.push(chunk);
    if (this.deferred !== undefined && !this.onlyVolatileRows()) this.sweepDeferredNow();
  }

  /** Follows the PTY's size (the output before the resize is read at the old size). */
  resize(cols: number, rows: number): void {
    this.forgetRows();
    this.sendBacklog();
    this.size = { cols, rows };
    this.unread = true;
    if (this.worker !== undefined) this.post({ t: 'resize', cols, rows });
  }

  /** Classifies with another rule set from the next sweep on. */
  setRules(rules: RuleSet): void {
    this.rules = rules;
    this.forgetRows();
    this.unread = true;
    if (this.worker !== undefined) {
      try {
        this.post({ t: 'rules', rules: this.ruleData() });
      } catch (error) {
        this.fail(error instanceof Error ? error.message : String(error));
      }
    }
  }

  /**
   * Classifies the screen as of all output fed so far (after a flood: as rebuilt from its tail, once the
   * flood is over — the result waits for it).
   */
  sweep(): Promise<SweepResult> {
    if (this.failed || this.disposed) return Promise.resolve({ changed: false });
    const quietFor = performance.now() - this.lastFeedAt;
    if (this.backlog.skipped && quietFor < FLOOD_QUIET_MS) {
      // The flood goes on: this sweep reads once it is over (looked at again when it may be), so the
      // screen after a flood's last byte is always read, even when no output follows.
      return new Promise((resolve) => {
        this.floodWait = {
          timer: setTimeout(() => {
            this.floodWait = undefined;
            void this.sweep().then(resolve);
          }, FLOOD_QUIET_MS - quietFor),
          resolve,
        };
      });
    }
    // Nothing fed, resized or re-ruled since the last sweep: the worker would find the same text.
    if (!this.unread && this.sweeps.size === 0) return Promise.resolve({ changed: false });
    const wait = this.lastSweepAt + VOLATILE_SWEEP_MS - performance.now();
    if (wait > 0 && this.backlog.bytes > 0 && this.onlyVolatileRows()) {
      return new Promise((resolve) => {
        this.deferred = { timer: setTimeout(() => this.sweepDeferredNow(), wait), resolve };
      });
    }
    return this.read();
  }

  /** Sends the output held so far and classifies the screen as of it. */
  private read(): Promise<SweepResult> {
    this.sendBacklog();
    const seq = ++this.seq;
    this.unread = false;
    this.lastSweepAt = performance.now();
    this.footprint = undefined;
    this.fedDuringSweep = false;
    return new Promise((resolve) => {
      this.sweeps.set(seq, resolve);
      this.post({ t: 'sweep', seq });
      this.watchdog ??= this.armWatchdog(SWEEP_TIME_LIMIT_MS);
    });
  }

  /** True when every row the output since the last sweep may have changed is a volatile row. */
  private onlyVolatileRows(): boolean {
    const rows = this.footprint?.rows;
    if (rows === undefined || this.volatile.size === 0 || this.backlog.skipped) return false;
    for (const row of rows) if (!this.volatile.has(row)) return false;
    return true;
  }

  /** The deferred sweep reads now (output touched another row, the size or rules changed, or its time came). */
  private sweepDeferredNow(): void {
    const deferred = this.deferred;
    if (deferred === undefined) return;
    this.deferred = undefined;
    clearTimeout(deferred.timer);
    void this.read().then(deferred.resolve);
  }

  /** After a resize or new rules nothing is known about rows until the next sweep has read the screen. */
  private forgetRows(): void {
    this.footprint = undefined;
    this.volatile = new Set();
    this.sweepDeferredNow();
  }

  /** Follows the output after a sweep from the cursor it reported, if no output slipped in meanwhile. */
  private learn(hint: SweepHint | undefined): void {
    if (hint === undefined || this.fedDuringSweep || this.sweeps.size > 0) {
      this.footprint = undefined;
      this.volatile = new Set();
      return;
    }
    this.footprint = new RowFootprint(hint.cursor);
    this.volatile = new Set(hint.volatileRows);
  }

  /** Terminates the worker; pending sweeps resolve unchanged. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.floodWait !== undefined) {
      clearTimeout(this.floodWait.timer);
      this.floodWait.resolve({ changed: false });
      this.floodWait = undefined;
    }
    if (this.deferred !== undefined) {
      clearTimeout(this.deferred.timer);
      this.deferred.resolve({ changed: false });
      this.deferred = undefined;
    }
    for (const resolve of this.sweeps.values()) resolve({ changed: false });
    this.sweeps.clear();
    if (this.watchdog !== undefined) clearTimeout(this.watchdog);
    this.watchdog = undefined;
    this.backlog.take();
    this.recent.take();
    void this.worker?.terminate();
  }

  /** The worker, started with the current size and rules on first use. */
  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const rules = this.ruleData();
    // The worker's own stdout/stderr are captured and discarded: nothing it prints may reach the
    // user's terminal, which belongs to the child.
    const worker = new Worker(new URL('./screen-worker.js', import.meta.url), {
      stdout: true,
      stderr: true,
      // A screen needs little heap; small generations keep the shim's resident memory low.
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: WORKER_OLD_MB },
    });
    this.worker = worker;
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    worker.on('message', (message: FromScreenWorker) => this.onMessage(message));
    worker.on('error', (error) => {
      if (this.worker === worker) this.fail(error.message);
    });
    worker.postMessage({ t: 'init', ...this.size, rules, watch: this.watch.buffer } satisfies ToScreenWorker);
    return worker;
  }

  /** The current rules without the dropped ones, for the worker. */
  private ruleData(): RuleData {
    const set = this.rules.without(this.dropped.get(this.rules.file) ?? new Set());
    const { app, commands, versions, description, file, rules } = set;
    return { app, commands, versions, description, file, rules };
  }

  private armWatchdog(ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => this.checkSweep(), ms);
    timer.unref();
    return timer;
  }

  /** While a sweep is out: is a rule running past the limit? Then replace the worker without it. */
  private checkSweep(): void {
    this.watchdog = undefined;
    if (this.sweeps.size === 0 || this.failed || this.disposed) return;
    const running = this.watch.running();
    const ranMs = running === undefined ? 0 : epochMs() - running.sinceMs;
    if (running === undefined || ranMs < SWEEP_TIME_LIMIT_MS) {
      // Still reading output, or classifying within the limit: look again when the limit would be up.
      this.watchdog = this.armWatchdog(SWEEP_TIME_LIMIT_MS - ranMs);
      return;
    }
    this.replaceWorker(running.index);
  }

  /**
   * The worker is stuck in rule `index` of the current file: terminate it, drop the rule, and start a new
   * worker on the latest output (the screen is rebuilt from its tail, as after a flood); the sweeps still
   * out are asked again of the new one.
   */
  private replaceWorker(index: number): void {
    const ruleFile = this.rules.file;
    const name = this.rules.rules.find((r) => r.index === index)?.name;
    if (name === undefined) {
      this.fail(`a sweep ran past ${SWEEP_TIME_LIMIT_MS} ms in rule #${index} of ${ruleFile}`);
      return;
    }
    const names = this.dropped.get(ruleFile) ?? new Set<string>();
    names.add(name);
    this.dropped.set(ruleFile, names);
    const stuck = this.worker;
    this.worker = undefined;
    stuck?.removeAllListeners('message');
    void stuck?.terminate();
    // A fresh block: the stuck worker may still write to the old one while it dies.
    this.watch = new SweepWatch();
    this.options.onRuleDropped?.({ rule: name, file: ruleFile, limitMs: SWEEP_TIME_LIMIT_MS });
    const { bytes } = this.recent.take();
    if (bytes.length > 0) {
      this.recent.push(bytes);
      this.post({ t: 'data', bytes }, [bytes.buffer as ArrayBuffer]);
    } else this.start();
    for (const seq of this.sweeps.keys()) this.post({ t: 'sweep', seq });
    this.watchdog = this.armWatchdog(SWEEP_TIME_LIMIT_MS);
    this.forgetRows(); // the new worker's screen is rebuilt from the tail: nothing is known of its rows yet
  }

  private sendBacklog(): void {
    if (this.backlog.bytes === 0 && !this.backlog.skipped) return;
    const { reset, bytes } = this.backlog.take();
    if (reset) {
      this.recent.take();
      this.post({ t: 'reset' });
    }
    if (bytes.length > 0) {
      this.recent.push(bytes);
      this.post({ t: 'data', bytes }, [bytes.buffer as ArrayBuffer]);
    }
  }

  private onMessage(message: FromScreenWorker): void {
    switch (message.t) {
      case 'swept': {
        const resolve = this.sweeps.get(message.seq);
        this.sweeps.delete(message.seq);
        this.learn(message.hint);
        if (this.sweeps.size === 0 && this.watchdog !== undefined) {
          clearTimeout(this.watchdog);
          this.watchdog = undefined;
        }
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
      this.start().postMessage(message, transfer);
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
