// Screen → classifier → status tracker → report writer: the shim's reporting, fed from the relay.
import { performance } from 'node:perf_hooks';
import { encodeReport, wrapForScreen, wrapForTmux, type Report } from '../protocol/index.js';
import type { Classification } from '../rules/types.js';
import { StatusTracker, type ExitPolicy } from '../status/index.js';
import { SweepScheduler, type SweepTiming } from '../sweep/sweep-scheduler.js';
import type { ChildExit } from '../pty/exit-status.js';
import { signalName } from '../pty/exit-status.js';
import type { SessionObserver } from './relay.js';
import { ReportGate } from './report-gate.js';
import type { SweepResult } from '../screen/screen-classifier.js';
import type { Osc7501Event } from '../stream/index.js';
import type { HookSignal } from '../hooks/events.js';
import type { ForegroundRules, ForegroundView, RuleChoice } from './foreground-rules.js';
import { POP_TITLE, PUSH_TITLE, titleSequence } from './title-indicator.js';

/** How often waiting reports retry while the stream is mid-sequence and silent. */
const GATE_RETRY_MS = 50;
/** Bytes of a report's msg: the protocol allows 2048, some terminals cap at 512. */
const MSG_BUDGET_BYTES = 512;

/** The screen model as the reporter sees it: the worker client live, a local classifier in replays. */
export interface ScreenModel {
  /** Child output that arrived at `now` (performance.now()). */
  feed(chunk: Uint8Array, now: number): void;
  resize(cols: number, rows: number): void;
  setRules(ruleText: string, ruleFile: string): void;
  sweep(): Promise<SweepResult>;
  dispose(): void;
}

/** Where a report came from: the screen, the child's own OSC 7501, or its exit. */
export type ReportSource = 'screen' | 'native' | 'exit';

/** Receives what the reporter did, for `--log`. */
export interface ReportLogSink {
  classification(c: Classification): void;
  report(r: Report, source: ReportSource): void;
}

/** Configuration of one session's reporting. */
export interface StatusReporterOptions {
  app: string;
  id?: string;
  timing: SweepTiming;
  onExit: ExitPolicy;
  /** Levels of tmux DCS passthrough to wrap each report in (0 outside tmux). */
  tmuxLevels: number;
  /** Wrap each report in GNU screen's DCS passthrough (inside screen, not tmux). */
  screenWrap?: boolean;
  /** The record's title (e.g. the tmux pane's name), sent with every report but `clear`. */
  title?: string;
  /** Writes to the user's terminal. */
  write: (bytes: Uint8Array) => void;
  log?: ReportLogSink;
  /** Told of every OSC 7501 sequence in the child's output (the native bridge). */
  onOsc7501?: (event: Osc7501Event) => void;
  /** Also show each report in the window title with this prefix (for terminals without 7501). */
  titlePrefix?: string;
  /** Told of every report written (the demo's recap). */
  onReport?: (report: Report) => void;
  /** For a wrapped shell: follow the foreground program (its rule set; a running command is working). */
  foreground?: ForegroundRules;
}

/** How long a hook's working/done/idle outranks the screen's other rules (it has no end signal). */
export const HOOK_HINT_MS = 1500;
/** A hook's blocked arrives just before the dialog paints: it lapses only at a later non-blocked screen. */
export const HOOK_BLOCKED_GRACE_MS = 500;

/** How often the foreground program is checked (a command can start and end without output). */
export const FOREGROUND_POLL_MS = 500;

/** Owns the reporting of one session; `dispose()` is idempotent and stops its timer. */
export class StatusReporter implements SessionObserver {
  readonly gate: ReportGate;
  private readonly scheduler: SweepScheduler;
  private tracker: StatusTracker;
  private app: string;
  private view: ForegroundView | undefined;
  private lastScreen: Classification | undefined;
  private foregroundTimer: NodeJS.Timeout | undefined;
  /** The latest lifecycle-hook report, while it still counts. */
  private hookHint: { input: Classification; at: number } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private sweeping = false;
  private disposed = false;
  private hungUp = false;
  /** The last report written, as bytes: a receiver must never get the same report twice in a row. */
  private lastSent: string | undefined;
  /** The child's own last report on this session's record, once it has made one. */
  private native: Report | undefined;

  constructor(
    private readonly screen: ScreenModel,
    private readonly options: StatusReporterOptions,
  ) {
    this.gate = new ReportGate(options.write, () => performance.now(), options.onOsc7501 ? { onOsc7501: options.onOsc7501 } : {});
    this.scheduler = new SweepScheduler(options.timing);
    this.app = options.app;
    this.tracker = this.newTracker(options.app);
    if (options.titlePrefix !== undefined) this.gate.submit(PUSH_TITLE);
    if (options.foreground) {
      this.foregroundTimer = setInterval(() => this.pollForeground(), FOREGROUND_POLL_MS);
      this.foregroundTimer.unref();
    }
  }

  /** Child output, after the gate wrote it: the screen learns it and a sweep is scheduled. */
  output(chunk: Uint8Array): void {
    if (this.disposed) return;
    const now = performance.now();
    this.screen.feed(chunk, now);
    this.scheduler.noteOutput(now);
    // Output moves only the sweep's due time, which counts only once a running sweep is over (its end
    // arms the timer); while output streams the timer is mostly set before it.
    if (this.sweeping) return;
    const due = this.scheduler.nextDue();
    if (due !== null && this.timerAt <= due) return;
    this.arm();
  }

  /** The PTY's new size. */
  resize(cols: number, rows: number): void {
    this.screen.resize(cols, rows);
  }

  /**
   * The child reported on its own. For this session's record it is authoritative from now on: the
   * screen's reports stop (never two conflicting reports for one record). The child's bytes already
   * went to the terminal untouched; inside tmux, which drops bare OSC 7501, a sanitized, wrapped
   * copy follows.
   */
  noteNative(report: Report): void {
    // The agent knows nothing of the pane: its root record is this session's record (its own id, if
    // it uses one that matches, too); a report on some other record of its own is left alone.
    if (this.disposed || (report.id !== undefined && report.id !== this.options.id)) return;
    const ours = this.options.id === undefined ? report : { ...report, id: this.options.id };
    this.native = ours;
    this.options.log?.report(ours, 'native');
    // The agent's bytes already reach the terminal, except through tmux/screen (which drop bare OSC
    // 7501) or when the record is a pane's: then a sanitized copy goes on this session's record, unless
    // it is byte for byte the report the record last got from the shim.
    if (this.options.tmuxLevels > 0 || this.options.screenWrap || ours !== report) {
      const bytes = this.encode(ours);
      if (bytes) this.send(bytes);
    } else {
      // The terminal's last word on this record is now the child's: the next report of ours is news.
      this.lastSent = undefined;
    }
  }

  /**
   * The terminal hung up (a killed tmux pane, a closed window): nobody will see an `error` record, so
   * the exit reports `clear` whatever the status, and at once — the shim may not live much longer.
   */
  hangup(): void {
    if (this.disposed || this.hungUp) return;
    this.hungUp = true;
    this.emitClear();
    this.gate.forceFlush();
  }

  /** The child exited: its final report goes out now, wherever the stream stands. */
  exit(exit: ChildExit): void {
    if (this.disposed || this.hungUp) return;
    const signal = exit.signal ? signalName(exit.signal) : null;
    for (const report of this.tracker.exit(performance.now(), exit.code, signal)) {
      // A child that cleared its own record on the way out needs no second clear.
      if (report.state === 'clear' && this.native?.state === 'clear') continue;
      this.emit(report, 'exit', true);
    }
    if (this.options.titlePrefix !== undefined) this.gate.submit(POP_TITLE);
    this.gate.forceFlush();
  }

  /** Best effort on the shim's own crash path: clear this session's record. */
  emergencyClear(): void {
    const bytes = this.encode({ state: 'clear', ...(this.options.id ? { id: this.options.id } : {}) });
    if (bytes) this.options.write(bytes);
  }

  private emitClear(): void {
    this.emit({ state: 'clear', ...(this.options.id ? { id: this.options.id } : {}) }, 'exit', true);
  }

  /** Stops the timer and the screen. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.foregroundTimer) clearInterval(this.foregroundTimer);
    this.screen.dispose();
  }

  private newTracker(app: string): StatusTracker {
    return new StatusTracker({ app, onExit: this.options.onExit, ...(this.options.id ? { id: this.options.id } : {}) });
  }

  /**
   * A command started or ended in the wrapped shell, or an agent took over the terminal. True when
   * another rule set took over.
   */
  private pollForeground(): boolean {
    if (this.disposed) return false;
    const view = this.options.foreground?.poll();
    if (view === undefined) return false;
    const before = this.view;
    this.view = view;
    const switched = view.rules.app !== this.app;
    if (switched) this.switchRules(view.rules);
    else if (before?.away !== view.away && this.lastScreen) this.observe(performance.now(), this.lastScreen);
    this.arm();
    return switched;
  }

  /**
   * Another rule set takes over (an agent started from the shell, or the shell is back): the old
   * record is cleared — never a stale `blocked` from an agent that has gone — and the screen is
   * classified afresh with the new rules.
   */
  private switchRules(rules: RuleChoice): void {
    // The program that reported on its own has left the foreground (or another took over): its word
    // ends with it, and the screen speaks again — clearing what it said last, if it did not itself.
    const native = this.native;
    this.native = undefined;
    const shown = native ?? this.tracker.current;
    if (shown !== null && shown.state !== 'clear') this.emit({ state: 'clear', ...(this.options.id ? { id: this.options.id } : {}) }, 'screen');
    this.app = rules.app;
    this.tracker = this.newTracker(rules.app);
    this.lastScreen = undefined;
    this.screen.setRules(rules.ruleText, rules.ruleFile);
    this.scheduler.noteOutput(performance.now());
  }

  /**
   * A lifecycle hook reported (Claude Code's hooks; see spec/signals.md for the ranking): it acts at
   * once, except against a visible `blocked`, and an `idle` never replaces a `done` (Claude's 60 s
   * idle notification).
   */
  hookSignal(signal: HookSignal, at: number): void {
    if (this.disposed) return;
    if (signal.state === 'idle' && this.tracker.current?.state === 'done') return;
    const input: Classification = {
      state: signal.state,
      rule: `hook:${signal.event}`,
      ...(signal.kind === undefined ? {} : { kind: signal.kind }),
      ...(signal.msg === undefined ? {} : { msg: signal.msg }),
    };
    this.hookHint = { input, at };
    this.options.log?.classification(input);
    if (this.lastScreen?.state === 'blocked' && signal.state !== 'blocked') return;
    this.feed(performance.now(), input);
    this.arm();
  }

  /** Feeds the tracker one screen classification, ranked against the foreground and the hooks. */
  private observe(now: number, screen: Classification): void {
    this.lastScreen = screen;
    const running = this.view?.away === true && this.view.rules.app === this.options.app;
    let input = running && screen.state === 'idle' ? { state: 'working' as const, rule: 'foreground-program' } : screen;
    const hint = this.hookHint;
    if (hint !== undefined && input.state !== 'blocked') {
      const age = now - hint.at;
      if (hint.input.state === 'blocked') {
        if (age < HOOK_BLOCKED_GRACE_MS) input = hint.input;
        else this.hookHint = undefined; // no hook fires on approval or Esc: the screen says it is over
      } else if (age < HOOK_HINT_MS) input = hint.input;
      else this.hookHint = undefined;
    }
    this.feed(now, input);
  }

  private feed(now: number, input: Classification): void {
    for (const report of this.tracker.observe(now, input)) this.emit(report, 'screen');
  }

  private arm(): void {
    if (this.disposed) return;
    const now = performance.now();
    const due = this.sweeping ? null : this.scheduler.nextDue();
    const deadline = this.tracker.nextDeadline();
    let next = this.gate.waiting ? now + GATE_RETRY_MS : Infinity;
    if (due !== null && due < next) next = due;
    if (deadline !== null && deadline < next) next = deadline;
    if (next === Infinity || next >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = setTimeout(() => this.onTimer(), Math.max(0, next - now));
    this.timer.unref();
  }

  private onTimer(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    if (this.disposed) return;
    const now = performance.now();
    if (!this.sweeping && this.scheduler.takeDue(now)) this.startSweep();
    for (const report of this.tracker.tick(now)) this.emit(report, 'screen');
    this.gate.retry();
    this.arm();
  }

  private startSweep(): void {
    this.sweeping = true;
    this.screen.sweep().then(
      (result) => {
        this.sweeping = false;
        if (this.disposed) return;
        // A sweep read with the rules of a program that has just left the terminal (an agent killed at
        // its dialog, the shell's "Killed" over it) must not speak for it: the foreground is checked
        // first, not only every FOREGROUND_POLL_MS, and a switch drops this result.
        if (this.options.foreground !== undefined && this.pollForeground()) return;
        if (result.changed) {
          this.options.log?.classification(result.classification);
          this.observe(performance.now(), result.classification);
        }
        this.arm();
      },
      () => {
        this.sweeping = false;
        this.arm();
      },
    );
  }

  private emit(report: Report, source: ReportSource, always = false): void {
    if (this.native !== undefined && !always) return; // the child speaks for itself
    const bytes = this.encode(report);
    if (bytes === undefined) return;
    this.options.log?.report(report, source);
    this.options.onReport?.(report);
    this.send(bytes);
    if (this.options.titlePrefix !== undefined) this.gate.submit(titleSequence(this.options.titlePrefix, report));
  }

  /** Writes a report unless it is byte-identical to the last one written for this record. */
  private send(bytes: Uint8Array): void {
    const key = Buffer.from(bytes).toString('latin1');
    if (key === this.lastSent) return;
    this.lastSent = key;
    this.gate.submit(bytes);
  }

  private encode(report: Report): Uint8Array | undefined {
    const titled = this.options.title !== undefined && report.state !== 'clear' && report.title === undefined ? { ...report, title: this.options.title } : report;
    const encoded = encodeReport(titled, { msgBudgetBytes: MSG_BUDGET_BYTES });
    return encoded.ok ? this.throughMultiplexer(encoded.bytes) : undefined;
  }

  /** A sequence wrapped so it passes tmux (once per level) or GNU screen to the outer terminal. */
  private throughMultiplexer(sequence: Uint8Array): Uint8Array {
    if (this.options.tmuxLevels > 0) return wrapForTmux(sequence, this.options.tmuxLevels);
    return this.options.screenWrap ? wrapForScreen(sequence) : sequence;
  }

  /** Writes another terminal sequence (a notification) the way reports go: wrapped, at a safe point. */
  submitSequence(sequence: Uint8Array): void {
    if (!this.disposed) this.gate.submit(this.throughMultiplexer(sequence));
  }
}
