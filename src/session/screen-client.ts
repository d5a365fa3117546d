// The live shadow screen: holds the child's output until a sweep, then parses it and classifies the screen,
// on the relay's thread, the rules under a time limit.
import type { RuleSet } from '../rules/rule-set.js';
import { OutputBacklog } from '../screen/output-backlog.js';
import { RowFootprint } from '../screen/row-footprint.js';
import type { ScreenClassifier, SweepGuard, SweepResult } from '../screen/screen-classifier.js';
import { VolatileRows } from '../screen/volatile-rows.js';
import type { ScreenModel } from './screen-model.js';
import { TimeLimit, TimeLimitExceeded } from './time-limit.js';

/**
 * During a flood (the backlog overflowed), a sweep waits until output has been quiet this long: the
 * screen is rebuilt from the flood's tail once, when the flood is over, not at every interval of it. The
 * first sweep waits for such a pause too: it loads the screen's code (xterm, tens of ms on the relay's
 * thread), which output that never pauses (a `cat`, a 100 Hz ticker) must not wait behind.
 */
const QUIET_MS = 30;

/**
 * Longest a sweep waits when the output since the last one changed only rows that the last sweep saw
 * change without the classification changing (a spinner's row): such a sweep reads at most this long
 * after the one before it, and at once when output touches any other row. A spinner at 10 Hz then costs
 * one read a second instead of ten (each read, with the policy's work around it, cost ~4 ms of the main
 * thread at the benchmark's spinner: at 500 ms the two reads a second were half the shim's idle CPU); a
 * dialog, drawn on rows of its own, is read without waiting, and even one drawn on the spinner's row
 * alone (no recording in fixtures/ has one: test/screen/volatile-shortcut-recordings.test.ts) waits no
 * longer than this.
 */
export const VOLATILE_SWEEP_MS = 1000;

/**
 * The longest a sweep's classification may run. Every bundled rule set classifies a screen in well under
 * a millisecond; a rule still running after this is backtracking (`^(a+)+$` on a row of `a`s): it is cut
 * off, dropped for the rest of the session, and the sweep classified again without it. The relay waits
 * for it this once.
 */
export const SWEEP_TIME_LIMIT_MS = 250;

/**
 * Output goes to the parser in pieces of this size: xterm parses a write whole and gives the event loop
 * back between writes (after 12 ms of them), so a full backlog never holds the relay for longer than a
 * piece (well under a millisecond at xterm's 20–70 MB/s).
 */
const PARSE_PIECE_BYTES = 16 * 1024;

/** A rule dropped for running past {@link SWEEP_TIME_LIMIT_MS}. */
interface DroppedRule {
  rule: string;
  file: string;
  limitMs: number;
}

/** What the client needs. */
interface ScreenClientOptions {
  cols: number;
  rows: number;
  /** The rules, compiled where the rule file was read. */
  rules: RuleSet;
  /** Called once if the screen fails; the session then goes on as plain passthrough. */
  onFault: (message: string) => void;
  /** Called once per rule dropped for running past the sweep time limit. */
  onRuleDropped?: (dropped: DroppedRule) => void;
}

/**
 * Owns the shadow screen; `dispose()` is idempotent. Output waits in an {@link OutputBacklog} and is parsed
 * only when a sweep (or a resize) needs it: while output streams nothing is parsed, and a flood costs one
 * tail, once the flood is over. The screen's code (xterm) is loaded by the first sweep that reads, once
 * output pauses.
 */
export class ScreenClient implements ScreenModel {
  /** Loaded and made by the first read: a session that never sweeps (a flood from the start) never loads xterm. */
  private classifier: ScreenClassifier | undefined;
  private loading: Promise<ScreenClassifier> | undefined;
  private size: { cols: number; rows: number };
  private rules: RuleSet;
  private readonly backlog = new OutputBacklog();
  private readonly timeLimit = new TimeLimit(SWEEP_TIME_LIMIT_MS);
  /** The rule the classification runs now (its 1-based position in the file): the one to drop when cut off. */
  private running = 0;
  private readonly guard: SweepGuard = {
    probe: (index) => {
      this.running = index;
    },
    run: (classify) => {
      this.running = 0;
      try {
        return this.timeLimit.run(classify);
      } catch (error) {
        if (error instanceof TimeLimitExceeded) this.drop(this.running);
        throw error;
      }
    },
  };
  /** Rule names dropped per rule file, for the rest of the session. */
  private readonly dropped = new Map<string, Set<string>>();
  private readonly volatileRows = new VolatileRows();
  private lastFeedAt = 0;
  /** A sweep waiting for output to pause (a flood, or the first read). */
  private floodWait: { timer: NodeJS.Timeout; resolve: (result: SweepResult) => void } | undefined;
  /** Sweeps reading now. */
  private reads = 0;
  private failed = false;
  private disposed = false;
  /** The rows the output since the last sweep changed, followed from the cursor that sweep saw. */
  private footprint: RowFootprint | undefined;
  /** Rows the last sweep saw change while its classification stayed the same. */
  private volatile: ReadonlySet<number> = new Set();
  /** Output came while a sweep was reading: the cursor it saw does not account for it. */
  private fedDuringSweep = false;
  private lastSweepAt = -Infinity;
  /** The screen may read differently from its last sweep: output, a new size or new rules since. */
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
    if (this.reads > 0) this.fedDuringSweep = true;
    this.footprint?.push(chunk);
    if (this.deferred !== undefined && !this.onlyVolatileRows()) this.sweepDeferredNow();
  }

  /** Follows the PTY's size (the output before the resize goes to the screen first). */
  resize(cols: number, rows: number): void {
    if (this.failed || this.disposed) return;
    this.forgetRows();
    if (this.classifier !== undefined) this.parseBacklog(this.classifier);
    this.size = { cols, rows };
    this.unread = true;
    this.classifier?.resize(cols, rows);
  }

  /** Classifies with another rule set from the next sweep on. */
  setRules(rules: RuleSet): void {
    if (this.failed || this.disposed) return;
    this.rules = rules;
    this.forgetRows();
    this.unread = true;
    this.classifier?.setRules(this.activeRules());
  }

  /**
   * Classifies the screen as of all output fed so far (after a flood: as rebuilt from its tail, once the
   * flood is over — the result waits for it).
   */
  sweep(): Promise<SweepResult> {
    if (this.failed || this.disposed) return Promise.resolve({ changed: false });
    const quietFor = performance.now() - this.lastFeedAt;
    if ((this.backlog.skipped || this.classifier === undefined) && quietFor < QUIET_MS) {
      // The flood goes on, or output streams before the first read: this sweep reads once output pauses
      // (looked at again when it may have), so the screen after the last byte is always read, even when
      // no output follows.
      return new Promise((resolve) => {
        this.floodWait = {
          timer: setTimeout(() => {
            this.floodWait = undefined;
            void this.sweep().then(resolve);
          }, QUIET_MS - quietFor),
          resolve,
        };
      });
    }
    // Nothing fed, resized or re-ruled since the last sweep: the screen would read the same text.
    if (!this.unread && this.reads === 0) return Promise.resolve({ changed: false });
    const wait = this.lastSweepAt + VOLATILE_SWEEP_MS - performance.now();
    if (wait > 0 && this.backlog.bytes > 0 && this.onlyVolatileRows()) {
      return new Promise((resolve) => {
        this.deferred = { timer: setTimeout(() => this.sweepDeferredNow(), wait), resolve };
      });
    }
    return this.read();
  }

  /** Parses the output held so far and classifies the screen as of it; a fault answers unchanged. */
  private async read(): Promise<SweepResult> {
    this.reads += 1;
    try {
      const classifier = this.classifier ?? (await this.load());
      if (this.failed || this.disposed) return { changed: false };
      this.parseBacklog(classifier);
      this.unread = false;
      this.lastSweepAt = performance.now();
      this.footprint = undefined;
      this.fedDuringSweep = false;
      const result = await this.classify(classifier);
      if (this.failed || this.disposed) return { changed: false };
      if (classifier.broken !== undefined) throw new Error(classifier.broken);
      // Read in the same turn as the sweep: no later output has been parsed yet.
      const rows = this.volatileRows.observe(result);
      this.learn(this.reads === 1 && !this.fedDuringSweep && rows.length > 0 ? rows : []);
      return result;
    } catch (error) {
      this.fail(error);
      return { changed: false };
    } finally {
      this.reads -= 1;
    }
  }

  /** The sweep's classification; when the time limit cut a rule off, the screen is classified again without it. */
  private async classify(classifier: ScreenClassifier): Promise<SweepResult> {
    for (;;) {
      try {
        return await classifier.sweep(this.guard);
      } catch (error) {
        if (!(error instanceof TimeLimitExceeded)) throw error;
        classifier.setRules(this.activeRules()); // without the rule the guard dropped
      }
    }
  }

  /** Drops rule `index` of the current file for the rest of the session (it ran past the time limit). */
  private drop(index: number): void {
    const file = this.rules.file;
    const name = this.rules.rules.find((r) => r.index === index)?.name;
    if (name === undefined) throw new Error(`a sweep ran past ${SWEEP_TIME_LIMIT_MS} ms in rule #${index} of ${file}`);
    const names = this.dropped.get(file) ?? new Set<string>();
    names.add(name);
    this.dropped.set(file, names);
    this.volatileRows.reset();
    this.options.onRuleDropped?.({ rule: name, file, limitMs: SWEEP_TIME_LIMIT_MS });
  }

  /** The current rules without the dropped ones. */
  private activeRules(): RuleSet {
    return this.rules.without(this.dropped.get(this.rules.file) ?? new Set());
  }

  /** The classifier, its module loaded on first use, at the current size and rules. */
  private load(): Promise<ScreenClassifier> {
    this.loading ??= import('../screen/screen-classifier.js').then(({ ScreenClassifier }) => {
      this.classifier = new ScreenClassifier(this.activeRules(), this.size.cols, this.size.rows);
      if (this.disposed) this.classifier.dispose();
      return this.classifier;
    });
    return this.loading;
  }

  /** Writes the output held so far to the screen, in pieces (after a flood: a reset, then its tail). */
  private parseBacklog(classifier: ScreenClassifier): void {
    if (this.backlog.bytes === 0 && !this.backlog.skipped) return;
    const { reset, bytes } = this.backlog.take();
    if (reset) {
      classifier.reset();
      this.volatileRows.reset();
    }
    for (let at = 0; at < bytes.length; at += PARSE_PIECE_BYTES) classifier.write(bytes.subarray(at, at + PARSE_PIECE_BYTES));
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
    this.volatileRows.reset();
    this.sweepDeferredNow();
  }

  /** Follows the output after a sweep from the cursor it saw, when rows changed while its classification stayed. */
  private learn(volatileRows: readonly number[]): void {
    const cursor = volatileRows.length > 0 ? this.classifier?.cursor() : undefined;
    this.footprint = cursor === undefined ? undefined : new RowFootprint(cursor);
    this.volatile = new Set(cursor === undefined ? [] : volatileRows);
  }

  /** Releases the screen; pending sweeps resolve unchanged. Idempotent. */
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
    this.backlog.take();
    this.classifier?.dispose();
  }

  private fail(error: unknown): void {
    if (this.failed || this.disposed) return;
    this.failed = true;
    this.options.onFault(error instanceof Error ? error.message : String(error));
    this.dispose();
  }
}
