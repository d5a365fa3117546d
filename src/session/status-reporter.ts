// The live driver of the signal policy: the clock, the timers, the screen and the foreground poll; sinks do the rest.
import { performance } from 'node:perf_hooks';
import type { Report } from '../protocol/index.js';
import { signalName, type ChildExit } from '../pty/exit-status.js';
import type { Osc7501Event, ProgressMark, ShellMark } from '../stream/index.js';
import type { HookSignal } from '../hooks/events.js';
import { SignalPolicy } from '../signals/signal-policy.js';
import type { Classification } from '../rules/types.js';
import type { PolicyOutput, SignalEvent, SignalPolicyConfig } from '../signals/types.js';
import { DeadlineTimer } from './deadline-timer.js';
import { ForegroundWatch, type ForegroundRules } from './foreground-rules.js';
import { TerminalWatch } from './terminal-watch.js';
import type { TerminalStateReader } from '../pty/terminal-state-reader.js';
import type { TerminalState } from '../signals/terminal-state.js';
import type { SessionObserver } from './relay.js';
import { ReportGate } from './report-gate.js';
import { ReportWriter, type ReportWriterOptions } from './report-writer.js';
import type { ScreenModel } from './screen-model.js';
import { ProgressBar } from '../status/progress-bar.js';
import { ViewerWatch } from './viewer-watch.js';
import type { TmuxPlace } from '../inbox/entry.js';

/** Configuration of one session's reporting: the policy's, and its sinks'. */
interface StatusReporterOptions extends ReportWriterOptions, Omit<SignalPolicyConfig, 'copyNative' | 'settleMs'> {
  /** Writes to the user's terminal. */
  write: (bytes: Uint8Array) => void;
  /** Told of every OSC 7501 sequence in the child's output (the native bridge). */
  onOsc7501?: (event: Osc7501Event) => void;
  /** Reads the terminal's own state (termios, /proc) while output is quiet. */
  terminal?: TerminalStateReader;
  /** Told of each terminal state read, before the policy takes it (a recorder writes it as a marker): then it is read even while an agent's rules ignore it. */
  onTerminalState?: (state: TerminalState) => void;
  /** For a wrapped shell: follow the foreground program (its rule set; a running command is working). */
  foreground?: ForegroundRules;
  /** Told of each changed screen a sweep read (its visible rows and their classification): the inbox's dialog choices. */
  onScreen?: (lines: readonly string[], classification: Classification) => void;
  /** The child's output that reached the terminal before reporting existed, in order: learned before anything is written. */
  earlier?: readonly Uint8Array[];
  /** Inside tmux, the pane: a client attaching after a report it missed gets the records again. */
  tmuxPlace?: TmuxPlace;
  /** The environment tmux is run with (the session's). */
  env?: NodeJS.ProcessEnv;
}

/** Drives one session's SignalPolicy in real time; `dispose()` is idempotent and stops its timers. */
export class StatusReporter implements SessionObserver {
  readonly gate: ReportGate;
  private readonly writer: ReportWriter;
  private readonly policy: SignalPolicy;
  private readonly timer = new DeadlineTimer((now) => this.onTimer(now));
  private readonly foreground: ForegroundWatch | undefined;
  private readonly terminal: TerminalWatch | undefined;
  /** Through a multiplexer: a viewer that comes back (an attach, a resize) gets the records again. */
  private readonly viewer: ViewerWatch | undefined;
  private disposed = false;
  /** A window title the child set in the chunk being passed, for the writer once the chunk is out. */
  private childTitle: Uint8Array | undefined;
  /** The child exited or the terminal hung up: the final report is out. */
  private finished = false;
  /** The OSC 9;4 bar beside the reports, once the outer terminal is known to draw it; how it is written. */
  private bar: ProgressBar | undefined;
  private barVia: 'bare' | 'passthrough' = 'bare';
  /** The program wrote an OSC 9;4 of its own (before or after the bar started): the bar is its own. */
  private childBar = false;
  /** The latest report of the policy, for a bar that starts late. */
  private lastReport: Report | undefined;

  constructor(
    private readonly screen: ScreenModel,
    private readonly options: StatusReporterOptions,
  ) {
    this.gate = new ReportGate(options.write, () => performance.now(), {
      ...(options.onOsc7501 ? { onOsc7501: options.onOsc7501 } : {}),
      // A shell's OSC 133 marks: its prompts and commands, for the shell's lifecycle.
      onShellMark: (mark: ShellMark) => this.event((at) => ({ type: 'shell-mark', at, mark })),
      // A program's own progress bar (OSC 9;4): working, and how far.
      onProgress: (mark: ProgressMark) => {
        this.childBar = true;
        this.bar?.childMark();
        this.event((at) => ({ type: 'progress', at, mark }));
      },
      // With --title, the program's own title sets: the glyph goes in front once its bytes are out.
      ...(options.titlePrefix === undefined ? {} : { onTitle: (title: Uint8Array) => (this.childTitle = title) }),
    });
    this.writer = new ReportWriter(this.gate, options);
    const { app, id, title, onExit, timing, lifecycle, doneAfterMs, startedAt } = options;
    const config = {
      app,
      onExit,
      timing,
      copyNative: this.writer.wrapped,
      ...(id ? { id } : {}),
      ...(title ? { title } : {}),
      ...(lifecycle === undefined ? {} : { lifecycle }),
      ...(doneAfterMs === undefined ? {} : { doneAfterMs }),
      ...(startedAt === undefined ? {} : { startedAt }),
    };
    this.policy = new SignalPolicy(config, (o) => this.take(o));
    // Outside a multiplexer the terminal got every report: nothing to send again.
    this.viewer = this.writer.wrapped
      ? new ViewerWatch({
          ...(options.tmuxPlace !== undefined && options.tmuxLevels > 0 ? { tmux: options.tmuxPlace } : {}),
          env: options.env ?? {},
          onReturn: () => this.event((at) => ({ type: 'resend', at })),
        })
      : undefined;
    const reader = options.terminal;
    const recorded = options.onTerminalState !== undefined;
    this.terminal =
      reader &&
      new TerminalWatch(
        reader,
        () => performance.now(),
        (state) => {
          options.onTerminalState?.(state);
          this.event((at) => ({ type: 'terminal', at, state }));
        },
        // While an agent holds the foreground its screen rules decide: no stty, no /proc, no sweep waiting for them.
        () => recorded || this.policy.readsTerminal(),
      );
    const follow = options.foreground;
    this.foreground = follow && new ForegroundWatch(follow, (view) => this.event((at) => ({ type: 'foreground', at, view })));
    // What went out before the gate existed: the gate learns the stream's state before it writes anything, the screen its bytes.
    for (const chunk of options.earlier ?? []) {
      this.gate.learn(chunk);
      this.output(chunk);
    }
    this.writer.begin();
  }

  /** Child output, after the gate wrote it: the screen learns it and a sweep is scheduled. */
  output(chunk: Uint8Array): void {
    if (this.disposed) return;
    if (this.childTitle !== undefined) {
      this.writer.childTitle(this.childTitle);
      this.childTitle = undefined;
    }
    const now = performance.now();
    this.terminal?.noteOutput(now);
    this.screen.feed(chunk, now);
    this.policy.output(now);
    this.arm(now);
  }

  /**
   * The outer terminal draws OSC 9;4 (src/tty/progress-terminal.ts): from now on each report also sets the
   * bar, written `via` bare or through the multiplexer's passthrough, again every `resendMs` while shown.
   */
  startProgressBar(via: 'bare' | 'passthrough', resendMs?: number): void {
    if (this.disposed || this.finished || this.bar !== undefined) return;
    this.bar = new ProgressBar(resendMs);
    this.barVia = via;
    if (this.childBar) this.bar.childMark();
    const now = performance.now();
    if (this.lastReport !== undefined) this.toBar(this.bar.report(this.lastReport, now));
    this.arm(now);
  }

  /** The user's keys reached the child: the policy tells their echo from the program's own output. */
  input(): void {
    if (!this.disposed) this.policy.input(performance.now());
  }

  /**
   * A chunk the relay handed on before this reporter existed and that no one has seen (it was held while
   * reporting loaded): through the gate to the terminal, then to the screen. A fault of the screen's side
   * is the observer's fault the relay would cut off: the bytes are out by then.
   */
  passHeld(chunk: Uint8Array): void {
    this.gate.passOutput(chunk);
    try {
      this.output(chunk);
    } catch {
      // As an observer's fault: the bytes went out.
    }
  }

  resize(cols: number, rows: number): void {
    this.screen.resize(cols, rows);
    this.viewer?.resized();
  }

  /** The child reported on its own (the native bridge found a valid report in its output). */
  noteNative(report: Report): void {
    this.event((at) => ({ type: 'native', at, report }));
  }

  /** A lifecycle hook reported (Claude Code's hooks; spec/signals.md ranks it). */
  hookSignal(signal: HookSignal, receivedAt: number): void {
    this.event((at) => ({ type: 'hook', at, signal, receivedAt }));
  }

  /** The terminal hung up: the record is cleared at once (the shim may not live much longer). */
  hangup(): void {
    if (this.disposed || this.finished) return;
    this.finished = true;
    this.toBar(this.bar?.end(performance.now()));
    this.policy.handle({ type: 'hangup', at: performance.now() });
    this.gate.forceFlush();
  }

  /** The child exited: its final report goes out now, wherever the stream stands. */
  exit(exit: ChildExit): void {
    if (this.disposed || this.finished) return;
    this.finished = true;
    this.toBar(this.bar?.end(performance.now()));
    this.policy.handle({ type: 'exit', at: performance.now(), code: exit.code, signal: exit.signal ? signalName(exit.signal) : null });
    this.writer.end();
    this.gate.forceFlush();
  }

  /** Best effort on the shim's own crash path: clear this session's record. */
  emergencyClear(): void {
    const bytes = this.policy.clearBytes();
    if (bytes) this.options.write(this.writer.throughMultiplexer(bytes));
    const removal = this.bar?.end(performance.now());
    if (removal) this.options.write(this.barBytes(removal));
  }

  /** Writes another terminal sequence (a notification) the way reports go: wrapped, at a safe point. */
  submitSequence(sequence: Uint8Array): void {
    if (!this.disposed) this.writer.sequence(sequence);
  }

  /** Stops the timers and the screen. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.timer.dispose();
    this.viewer?.dispose();
    this.foreground?.dispose();
    this.terminal?.dispose();
    this.screen.dispose();
  }

  /** The policy's outputs, each to its sink. */
  private take(output: PolicyOutput): void {
    if (output.type === 'sweep') this.startSweep(output.epoch);
    else if (output.type === 'rules') this.screen.setRules(output.rules.rules);
    else if (output.type === 'classification') this.writer.classification(output.classification);
    else if (output.type === 'drift') this.writer.drift(output.drift);
    else if (output.type === 'child') this.writer.child(output.report, output.bytes);
    else {
      this.writer.report(output.report, output.source, output.bytes, output.completes === true);
      this.lastReport = output.report;
      if (output.bytes !== undefined) this.viewer?.written();
      this.toBar(this.bar?.report(output.report, performance.now()));
    }
  }

  /** A sequence of the bar's, at the next safe point like the reports. */
  private toBar(bytes: Uint8Array | undefined): void {
    if (bytes !== undefined) this.gate.submit(this.barBytes(bytes));
  }

  private barBytes(bytes: Uint8Array): Uint8Array {
    return this.barVia === 'passthrough' ? this.writer.throughMultiplexer(bytes) : bytes;
  }

  /** One event for the policy, stamped now, then the timer at the next deadline. */
  private event(make: (at: number) => SignalEvent): void {
    if (this.disposed) return;
    this.policy.handle(make(performance.now()));
    this.arm(performance.now());
  }

  private startSweep(epoch: number): void {
    const from = performance.now();
    const swept = this.screen.sweep().then(async (outcome) => {
      this.terminal?.noteSwept(from, outcome);
      // A blocked screen, or the first one, waits for the terminal's word: a printed question nobody reads is not blocked.
      if (outcome.changed && this.terminal?.wanted(outcome.classification.state === 'blocked')) await this.terminal.readNow();
      return outcome;
    });
    swept.then(
      (outcome) => {
        if (this.disposed) return;
        if (outcome.changed) this.options.onScreen?.(outcome.lines, outcome.classification);
        // Foreground first: a switch of rules makes this sweep's epoch stale, so it cannot speak for a program that left.
        this.foreground?.poll();
        this.event((at) => ({ type: 'swept', at, epoch, outcome }));
      },
      () => this.event((at) => ({ type: 'swept', at, epoch, outcome: 'failed' })),
    );
  }

  /** The timer at the policy's next deadline, or the gate's next retry while reports wait. */
  private arm(now: number): void {
    this.timer.arm(Math.min(this.policy.nextDeadline() ?? Infinity, this.gate.nextRetry(now), this.bar?.nextDeadline() ?? Infinity), now);
  }

  private onTimer(now: number): void {
    if (this.disposed) return;
    this.policy.tick(now);
    this.toBar(this.bar?.tick(now));
    this.gate.retry();
    this.arm(now);
  }
}
