// The live driver of the signal policy: the clock, the timers, the screen worker, and the sinks (gate, log, title).
import { performance } from 'node:perf_hooks';
import { wrapForScreen, wrapForTmux, type Report } from '../protocol/index.js';
import type { ExitPolicy } from '../status/index.js';
import type { SweepTiming } from '../sweep/sweep-scheduler.js';
import { signalName, type ChildExit } from '../pty/exit-status.js';
import type { SessionObserver } from './relay.js';
import { ReportGate } from './report-gate.js';
import type { SweepResult } from '../screen/screen-classifier.js';
import type { Osc7501Event } from '../stream/index.js';
import type { HookSignal } from '../hooks/events.js';
import { SignalPolicy } from '../signals/signal-policy.js';
import type { PolicyOutput, ReportLogSink } from '../signals/types.js';
import type { ForegroundRules } from './foreground-rules.js';
import { POP_TITLE, PUSH_TITLE, titleSequence } from './title-indicator.js';

/** How often waiting reports retry while the stream is mid-sequence and silent. */
const GATE_RETRY_MS = 50;
/** How often the foreground program is checked (a command can start and end without output). */
export const FOREGROUND_POLL_MS = 500;

/** The screen model as the live driver sees it: the worker client (or a screen that never changes). */
export interface ScreenModel {
  /** Child output that arrived at `now` (performance.now()). */
  feed(chunk: Uint8Array, now: number): void;
  resize(cols: number, rows: number): void;
  setRules(ruleText: string, ruleFile: string): void;
  sweep(): Promise<SweepResult>;
  dispose(): void;
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
  /** Told of every report of the shim's own (the demo's recap). */
  onReport?: (report: Report) => void;
  /** For a wrapped shell: follow the foreground program (its rule set; a running command is working). */
  foreground?: ForegroundRules;
}

/** Drives one session's SignalPolicy in real time; `dispose()` is idempotent and stops its timers. */
export class StatusReporter implements SessionObserver {
  readonly gate: ReportGate;
  private readonly policy: SignalPolicy;
  private foregroundTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private disposed = false;
  private hungUp = false;

  constructor(
    private readonly screen: ScreenModel,
    private readonly options: StatusReporterOptions,
  ) {
    this.gate = new ReportGate(options.write, () => performance.now(), options.onOsc7501 ? { onOsc7501: options.onOsc7501 } : {});
    const { app, id, title, onExit, timing } = options;
    const copyNative = options.tmuxLevels > 0 || options.screenWrap === true;
    this.policy = new SignalPolicy({ app, onExit, timing, copyNative, ...(id ? { id } : {}), ...(title ? { title } : {}) }, (o) => this.take(o));
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
    this.policy.output(now);
    this.arm(now);
  }

  /** The PTY's new size. */
  resize(cols: number, rows: number): void {
    this.screen.resize(cols, rows);
  }

  /** The child reported on its own (the native bridge found a valid report in its output). */
  noteNative(report: Report): void {
    this.event((at) => this.policy.handle({ type: 'native', at, report }));
  }

  /** A lifecycle hook reported (Claude Code's hooks; spec/signals.md ranks it). */
  hookSignal(signal: HookSignal, receivedAt: number): void {
    this.event((at) => this.policy.handle({ type: 'hook', at, signal, receivedAt }));
  }

  /** The terminal hung up: the record is cleared at once (the shim may not live much longer). */
  hangup(): void {
    if (this.disposed || this.hungUp) return;
    this.hungUp = true;
    this.policy.handle({ type: 'hangup', at: performance.now() });
    this.gate.forceFlush();
  }

  /** The child exited: its final report goes out now, wherever the stream stands. */
  exit(exit: ChildExit): void {
    if (this.disposed || this.hungUp) return;
    const signal = exit.signal ? signalName(exit.signal) : null;
    this.policy.handle({ type: 'exit', at: performance.now(), code: exit.code, signal });
    if (this.options.titlePrefix !== undefined) this.gate.submit(POP_TITLE);
    this.gate.forceFlush();
  }

  /** Best effort on the shim's own crash path: clear this session's record. */
  emergencyClear(): void {
    const bytes = this.policy.clearBytes();
    if (bytes) this.options.write(this.throughMultiplexer(bytes));
  }

  /** Writes another terminal sequence (a notification) the way reports go: wrapped, at a safe point. */
  submitSequence(sequence: Uint8Array): void {
    if (!this.disposed) this.gate.submit(this.throughMultiplexer(sequence));
  }

  /** Stops the timers and the screen. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.foregroundTimer) clearInterval(this.foregroundTimer);
    this.screen.dispose();
  }

  /** The policy's outputs, each to its sink. */
  private take(output: PolicyOutput): void {
    if (output.type === 'sweep') this.startSweep(output.epoch);
    else if (output.type === 'rules') this.screen.setRules(output.rules.ruleText, output.rules.ruleFile);
    else if (output.type === 'classification') this.options.log?.classification(output.classification);
    else {
      this.options.log?.report(output.report, output.source);
      if (output.source !== 'native') this.options.onReport?.(output.report);
      if (output.bytes !== undefined) this.gate.submit(this.throughMultiplexer(output.bytes));
      if (output.source !== 'native' && this.options.titlePrefix !== undefined) this.gate.submit(titleSequence(this.options.titlePrefix, output.report));
    }
  }

  private event(handle: (at: number) => void): void {
    if (this.disposed) return;
    handle(performance.now());
    this.arm(performance.now());
  }

  /** Reads the foreground program into the policy (every FOREGROUND_POLL_MS, and before each sweep's result counts). */
  private pollForeground(): void {
    const view = this.disposed ? undefined : this.options.foreground?.poll();
    if (view !== undefined) this.event((at) => this.policy.foreground(at, view));
  }

  private startSweep(epoch: number): void {
    this.screen.sweep().then(
      (outcome) => {
        if (this.disposed) return;
        // A sweep read with the rules of a program that has just left the terminal must not speak for
        // it: the foreground is read first, and a switch makes this sweep's epoch stale.
        this.pollForeground();
        this.event((at) => this.policy.handle({ type: 'swept', at, epoch, outcome }));
      },
      () => this.event((at) => this.policy.handle({ type: 'swept', at, epoch, outcome: 'failed' })),
    );
  }

  private arm(now: number): void {
    const deadline = this.policy.nextDeadline();
    let next = this.gate.waiting ? now + GATE_RETRY_MS : Infinity;
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
    this.policy.tick(now);
    this.gate.retry();
    this.arm(now);
  }

  /** A sequence wrapped so it passes tmux (once per level) or GNU screen to the outer terminal. */
  private throughMultiplexer(sequence: Uint8Array): Uint8Array {
    if (this.options.tmuxLevels > 0) return wrapForTmux(sequence, this.options.tmuxLevels);
    return this.options.screenWrap ? wrapForScreen(sequence) : sequence;
  }
}
