// Turns successive screen classifications into the OSC 7501 reports the user should see.
import type { Report } from '../protocol/types.js';
import { type ResolvedConfig, resolveConfig } from './defaults.js';
import { exitVisible } from './exit-report.js';
import { buildMessage } from './message.js';
import { isUrgent, makeReport, sameVisible, type Visible } from './report.js';
import type { StatusInput, TrackerConfig } from './types.js';

/** Idle screens seen since `since`, not yet confirmed (`settled`) as the end of a turn or rest. */
interface IdleStreak {
  since: number;
  latest: StatusInput;
  interrupted: boolean;
  settled: boolean;
}

/**
 * The turn model: `idle` before the first turn; `working` and `blocked` at once; when the screen
 * has been idle for `settleMs`, a turn that was running ends as `done` (or `idle` if interrupted),
 * and `done`/`error` stay until the next turn starts. Reports come only when state, kind or msg
 * change; a msg change on a working or idle screen waits for the rate limit (the latest wins),
 * anything else goes at once. Pure: the caller passes the time and calls `tick()` at `nextDeadline()`.
 */
export class StatusTracker {
  private readonly config: ResolvedConfig;
  private shown: Visible | null = null;
  private deferred: Visible | null = null;
  private lastEmitAt = -Infinity;
  private turnActive = false;
  private idle: IdleStreak | null = null;
  private exited = false;

  constructor(config: TrackerConfig) {
    this.config = resolveConfig(config);
  }

  /** The last report returned: what the terminal shows for this record (null before the first). */
  get current(): Report | null {
    return this.shown === null ? null : this.report(this.shown);
  }

  /** Take one classification of the screen made at `now` (ms); returns the reports to write, in order. */
  observe(now: number, input: StatusInput): Report[] {
    const out: Report[] = [];
    if (this.exited) return out;
    this.advance(now, out);
    if (input.state === 'idle' || input.state === 'done') this.observeIdle(now, input);
    else this.observeActive(now, input, out);
    this.advance(now, out);
    return out;
  }

  /** Re-evaluate at `now` without a new screen (call it at `nextDeadline()`); returns the reports to write. */
  tick(now: number): Report[] {
    const out: Report[] = [];
    if (!this.exited) this.advance(now, out);
    return out;
  }

  /** When (ms) `tick()` must next be called, or null while nothing waits on time. */
  nextDeadline(): number | null {
    if (this.exited) return null;
    const settleAt = this.idle !== null && !this.idle.settled ? this.idle.since + this.config.settleMs : Infinity;
    const flushAt = this.deferred !== null ? this.lastEmitAt + this.config.minIntervalMs : Infinity;
    const next = Math.min(settleAt, flushAt);
    return next === Infinity ? null : next;
  }

  /** The child exited (`signal`: the signal's name, if it was killed): the final report, if the policy wants one. */
  exit(now: number, code: number | null, signal?: string | null, ranLong = false): Report[] {
    const out: Report[] = [];
    if (this.exited) return out;
    this.exited = true;
    this.deferred = null;
    this.idle = null;
    const visible = exitVisible(this.config.app, { code, signal, ranLong }, this.config.onExit);
    if (visible !== null && !sameVisible(visible, this.shown)) this.emit(now, visible, out);
    return out;
  }

  private observeActive(now: number, input: StatusInput, out: Report[]): void {
    this.idle = null;
    this.turnActive = input.state !== 'error';
    const visible: Visible = { state: input.state, msg: buildMessage(input) };
    if (input.state === 'blocked') visible.kind = input.kind;
    if (input.progress !== undefined) visible.progress = input.progress;
    this.offer(now, visible, out);
  }

  private observeIdle(now: number, input: StatusInput): void {
    const interrupted = input.interrupted === true;
    if (this.idle === null) {
      this.idle = { since: now, latest: input, interrupted, settled: false };
    } else if (!this.idle.settled) {
      this.idle.latest = input;
      this.idle.interrupted ||= interrupted;
    }
  }

  // Deadlines that have passed by `now`: confirm an idle screen, then send a rate-limited report.
  private advance(now: number, out: Report[]): void {
    const idle = this.idle;
    if (idle !== null && !idle.settled && now - idle.since >= this.config.settleMs) {
      idle.settled = true;
      this.settle(now, idle, out);
    }
    if (this.deferred !== null && now - this.lastEmitAt >= this.config.minIntervalMs) {
      const next = this.deferred;
      this.deferred = null;
      this.emit(now, next, out);
    }
  }

  private settle(now: number, streak: IdleStreak, out: Report[]): void {
    const input = streak.latest;
    let state: 'idle' | 'done';
    if (this.turnActive) {
      state = streak.interrupted ? 'idle' : 'done';
      this.turnActive = false;
    } else if (input.state === 'done' && !streak.interrupted) {
      state = 'done';
    } else if (this.shown?.state === 'done' || this.shown?.state === 'error') {
      return; // the result stays until the user starts a new turn
    } else {
      state = 'idle';
    }
    this.offer(now, { state, msg: buildMessage(input) }, out);
  }

  private offer(now: number, target: Visible, out: Report[]): void {
    if (sameVisible(target, this.shown)) {
      this.deferred = null;
    } else if (isUrgent(this.shown, target) || now - this.lastEmitAt >= this.config.minIntervalMs) {
      this.deferred = null;
      this.emit(now, target, out);
    } else {
      this.deferred = target;
    }
  }

  private emit(now: number, visible: Visible, out: Report[]): void {
    this.shown = visible;
    this.lastEmitAt = now;
    out.push(this.report(visible));
  }

  private report(visible: Visible): Report {
    return makeReport(visible, this.config.app, this.config.id);
  }
}
