// Replays a recording through the live shim's own SignalPolicy, ScreenClassifier and stream scanner, on the recording's clock.
import { parseBody } from '../protocol/parse-body.js';
import { parseReport } from '../protocol/parse.js';
import type { Report } from '../protocol/types.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { Classification } from '../rules/types.js';
import { StreamScanner } from '../stream/scanner.js';
import type { Osc7501Event } from '../stream/osc7501-events.js';
import type { ShellMark } from '../stream/shell-marks.js';
import type { ProgressMark } from '../stream/progress-marks.js';
import { DEFAULT_SWEEP_TIMING, type SweepTiming } from '../sweep/sweep-scheduler.js';
import { SignalPolicy } from '../signals/signal-policy.js';
import type { PolicyOutput, ReportSource } from '../signals/types.js';
import type { DriftEvent } from '../signals/drift.js';
import type { Recording } from './recording.js';
import type { TerminalState } from '../signals/terminal-state.js';
import type { Lifecycle } from '../signals/terminal-verdict.js';
import { ScreenClassifier, type SweepResult } from '../screen/screen-classifier.js';

/** What a replay feeds and sweeps: the shim's ScreenClassifier, or a stand-in (the comparison bench's naive detectors). */
export interface ReplayModel {
  write(bytes: Uint8Array): void;
  resize(cols: number, rows: number): void;
  sweep(): Promise<SweepResult>;
  dispose(): void;
  /** Why the model stopped working, if it did. */
  readonly broken?: string | undefined;
}

/** A sweep that found new visible text: when (seconds), what the rules said, and the rows they read. */
export interface ReplayScreen {
  t: number;
  classification: Classification;
  lines: string[];
  /** Which rows the terminal wrapped on from the row above (absent: not known). */
  softWrapped?: boolean[];
  cols: number;
  rows: number;
}

/** A report the terminal would have got, where it came from, and the latest classified screen before it. */
interface ReplayReport {
  t: number;
  report: Report;
  /**
   * The shim's report as the terminal reads it: its bytes parsed back (msg sanitized and cut to the 512-byte
   * budget with `…`). Absent for the agent's own reports, which pass as they are.
   */
  sent?: Report;
  /** `child`: a report on one of the session's child records (a subagent's). */
  source: ReportSource | 'child';
  /** The shim's completion of the agent's own report (SignalPolicy.completeNative). */
  completes?: true;
  screen: ReplayScreen | undefined;
}

/** A disagreement of the screen rules with the agent's own reports, times in seconds. */
export interface ReplayDrift extends Omit<DriftEvent, 'since' | 'at' | 'nativeSince'> {
  /** When it began, when it was found, when the agent's verdict began. */
  since: number;
  at: number;
  nativeSince: number;
}

/** Everything a replay saw. */
export interface ReplayResult {
  /** Classified screens, one per sweep whose visible text changed, in time order. */
  screens: ReplayScreen[];
  /** Every sweep that ran, changed or not. */
  sweeps: number;
  /**
   * The reports the terminal would have got, in order: the shim's, and the agent's own (which the live
   * shim defers to); no exit report (a recording does not say how the program ended).
   */
  reports: ReplayReport[];
  /** The policy's drift events, as the live shim writes them to `--log` (none with `screenOnly`). */
  drift: ReplayDrift[];
  /** Time (seconds) of the last thing that happened: the last event, sweep or report. */
  end: number;
}

/** How to replay. */
interface ReplayOptions {
  rules: RuleSet;
  /** The scheduler's timing; the shim's default when absent. */
  timing?: SweepTiming;
  /** The tracker's settle window (ms); the tracker's default when absent. */
  settleMs?: number;
  /**
   * Ignore the agent's own OSC 7501 reports in the recording: what the screen rules alone would report
   * (rule checks). By default they count as in the live shim: from the first one on, the agent speaks.
   */
  screenOnly?: boolean;
  /** Cuts each output event into the pieces fed to the screen (tests feed random chunk sizes). */
  split?: (bytes: Uint8Array) => readonly Uint8Array[];
  /** Builds the model to replay through; the shim's ScreenClassifier with `rules` when absent. */
  model?: (cols: number, rows: number) => ReplayModel;
  /** How the recorded program lives (src/rule-files/lifecycle.ts); an agent's when absent. */
  lifecycle?: Lifecycle;
  /** The least run whose end is news (ms), as the live shim's --done-after. */
  doneAfterMs?: number;
}

/**
 * How long after a sweep a recorded terminal state still goes with it: the live shim reads the terminal for a
 * blocked or first screen before it ranks it (src/session/status-reporter.ts), and the recorder writes the state
 * when the read is done — a few milliseconds after the sweep, one poll at the most.
 */
const SWEEP_READ_LAG_MS = 250;

/** Milliseconds on the recording's clock, rounded to the microsecond (cast times are decimal seconds). */
const toMs = (seconds: number): number => Math.round(seconds * 1e6) / 1e3;
const toSeconds = (ms: number): number => Math.round(ms * 1e3) / 1e6;

/** The second driver of the SignalPolicy: the recording's clock, sweeps run at once, outputs collected. */
class ReplayDriver {
  readonly screens: ReplayScreen[] = [];
  readonly reports: ReplayReport[] = [];
  readonly drift: ReplayDrift[] = [];
  sweeps = 0;
  last = 0;
  readonly policy: SignalPolicy;
  /** Sweeps the policy asked for at the instant being handled, run before time moves on. */
  private readonly asked: number[] = [];
  /** The recorded terminal state next in the recording, with no output before it: a sweep just before it waits for it. */
  upcoming: { ms: number; state: TerminalState; taken: boolean } | undefined;

  constructor(
    private readonly model: ReplayModel,
    private readonly size: { cols: number; rows: number },
    options: ReplayOptions,
  ) {
    const settle = options.settleMs === undefined ? {} : { settleMs: options.settleMs };
    const config = {
      app: options.rules.app,
      onExit: 'keep' as const,
      timing: options.timing ?? DEFAULT_SWEEP_TIMING,
      copyNative: false,
      startedAt: 0,
      ...settle,
      ...(options.lifecycle === undefined ? {} : { lifecycle: options.lifecycle }),
      ...(options.doneAfterMs === undefined ? {} : { doneAfterMs: options.doneAfterMs }),
    };
    this.policy = new SignalPolicy(config, (output) => this.take(output));
  }

  /** The recording's clock at `ms`: what the policy says goes into the result. */
  private now = 0;

  /** Runs every deadline the policy has before `ms` (all of them when `ms` is Infinity), each with the sweep it asks for. */
  async runUntil(ms: number): Promise<void> {
    for (;;) {
      const next = this.policy.nextDeadline();
      if (next === null || next >= ms) return;
      this.at(next);
      this.policy.tick(next);
      await this.runAsked();
      this.last = Math.max(this.last, next);
    }
  }

  /** An event at `ms`, handed to the policy. */
  handle(ms: number, apply: (policy: SignalPolicy) => void): void {
    this.at(ms);
    apply(this.policy);
    this.last = Math.max(this.last, ms);
  }

  /** One sweep at `ms`, now (untimed bytes: the one sweep after all of them). */
  async sweepNow(ms: number): Promise<void> {
    this.at(ms);
    await this.sweep(ms, 0);
  }

  private at(ms: number): void {
    this.now = ms;
  }

  private async runAsked(): Promise<void> {
    for (let epoch = this.asked.shift(); epoch !== undefined; epoch = this.asked.shift()) await this.sweep(this.now, epoch);
  }

  private async sweep(ms: number, epoch: number): Promise<void> {
    this.sweeps += 1;
    const outcome = await this.model.sweep();
    if (outcome.changed) {
      const { classification, lines, softWrapped } = outcome;
      this.screens.push({ t: toSeconds(ms), classification, lines, ...(softWrapped === undefined ? {} : { softWrapped }), ...this.size });
    }
    const read = this.upcoming;
    if (read !== undefined && !read.taken && read.ms >= ms && read.ms - ms <= SWEEP_READ_LAG_MS) {
      // The live sweep waited for this read: the state goes with the screen it ranks.
      read.taken = true;
      this.policy.handle({ type: 'terminal', at: ms, state: read.state });
    }
    this.policy.handle({ type: 'swept', at: ms, epoch, outcome });
  }

  private take(output: PolicyOutput): void {
    if (output.type === 'sweep') this.asked.push(output.epoch);
    if (output.type === 'drift') {
      const d = output.drift;
      this.drift.push({ ...d, since: toSeconds(d.since), at: toSeconds(d.at), nativeSince: toSeconds(d.nativeSince) });
    }
    if (output.type === 'child') {
      const parsed = parseReport(output.bytes);
      const sent = parsed?.type === 'report' ? { sent: parsed.report } : {};
      this.reports.push({ t: toSeconds(this.now), report: output.report, ...sent, source: 'child', screen: this.screens.at(-1) });
      return;
    }
    if (output.type !== 'report') return;
    // What the terminal gets: the bytes the shim writes, and the agent's own reports (its bytes pass).
    if (output.bytes === undefined && output.source !== 'native') return;
    const parsed = output.bytes === undefined ? undefined : parseReport(output.bytes);
    const sent = parsed?.type === 'report' ? { sent: parsed.report } : {};
    this.reports.push({ t: toSeconds(this.now), report: output.report, ...sent, source: output.source, ...(output.completes ? { completes: true as const } : {}), screen: this.screens.at(-1) });
  }
}

/** What the child says of itself in its output, as the live shim's report gate finds it. */
type StreamSignal = { type: 'native'; report: Report } | { type: 'shell-mark'; mark: ShellMark } | { type: 'progress'; mark: ProgressMark };

/**
 * The child's own words in the output, in stream order, as the live shim's scanner finds them: its valid OSC 7501
 * reports (unless `natives` is false: the screen alone), its OSC 133 shell marks and its OSC 9;4 progress.
 */
class StreamSignals {
  private found: StreamSignal[] = [];
  private readonly scanner: StreamScanner;

  constructor(natives: boolean) {
    this.scanner = new StreamScanner({
      ...(natives ? { onOsc7501: (event: Osc7501Event) => this.onEvent(event) } : {}),
      onShellMark: (mark) => this.found.push({ type: 'shell-mark', mark }),
      onProgress: (mark) => this.found.push({ type: 'progress', mark }),
    });
  }

  /** Signals that end inside `bytes`. */
  take(bytes: Uint8Array): StreamSignal[] {
    this.scanner.skim(bytes);
    const found = this.found;
    if (found.length > 0) this.found = [];
    return found;
  }

  private onEvent(event: Osc7501Event): void {
    if (event.type !== 'report') return;
    const parsed = parseBody(event.body);
    if (parsed.type === 'report') this.found.push({ type: 'native', report: parsed.report });
  }
}

/**
 * Replays `recording` through the live shim's policy. On a timed recording, before each event at time t
 * every deadline the policy has before t runs, with the sweep it asks for (a sweep sees the screen as of
 * all earlier bytes); then the event is fed (output: the agent's own reports in it, then the output
 * itself) or applied (resize); at the end the remaining deadlines run. Raw bytes have no clock: they are
 * fed in one go (resizes applied in place) and swept once, at 0.
 */
export async function replay(recording: Recording, options: ReplayOptions): Promise<ReplayResult> {
  const size = { cols: recording.cols, rows: recording.rows };
  const model = options.model?.(size.cols, size.rows) ?? new ScreenClassifier(options.rules, size.cols, size.rows);
  const driver = new ReplayDriver(model, size, options);
  const signals = new StreamSignals(options.screenOnly !== true);
  const split = options.split ?? ((bytes: Uint8Array) => [bytes]);
  try {
    for (const event of recording.events) {
      const ms = recording.timed ? toMs(event.t) : 0;
      if (event.type === 'terminal') {
        const read = { ms, state: event.state, taken: false };
        driver.upcoming = read;
        await driver.runUntil(ms);
        driver.upcoming = undefined;
        if (!read.taken) driver.handle(ms, (policy) => policy.handle({ type: 'terminal', at: ms, state: event.state }));
        continue;
      }
      await driver.runUntil(ms);
      if (event.type === 'input') {
        driver.handle(ms, (policy) => policy.handle({ type: 'input', at: ms }));
        continue;
      }
      if (event.type === 'hook') {
        driver.handle(ms, (policy) => policy.handle({ type: 'hook', at: ms, signal: event.signal }));
        continue;
      }
      if (event.type === 'resize') {
        size.cols = event.cols;
        size.rows = event.rows;
        model.resize(event.cols, event.rows);
        continue;
      }
      for (const piece of split(event.bytes)) {
        model.write(piece);
        for (const signal of signals.take(piece)) driver.handle(ms, (policy) => policy.handle({ ...signal, at: ms }));
      }
      if (recording.timed) driver.handle(ms, (policy) => policy.output(ms));
    }
    // Untimed: every event is at 0 and nothing was scheduled, so the one sweep comes after all of them.
    if (!recording.timed) await driver.sweepNow(0);
    await driver.runUntil(Infinity);
    const broken = model.broken;
    if (broken !== undefined) throw new Error(`the shadow screen failed: ${broken}`);
  } finally {
    model.dispose();
  }
  const lastEvent = recording.events.at(-1);
  const end = Math.max(toSeconds(driver.last), recording.timed && lastEvent !== undefined ? lastEvent.t : 0);
  return { screens: driver.screens, sweeps: driver.sweeps, reports: driver.reports, drift: driver.drift, end };
}

/** The classified screen in effect just before `t` (seconds): the last one swept before it. */
export function screenBefore(result: ReplayResult, t: number): ReplayScreen | undefined {
  let found: ReplayScreen | undefined;
  for (const screen of result.screens) {
    if (screen.t >= t) break;
    found = screen;
  }
  return found;
}

/** The report the session's record shows just before `t` (seconds): the last one written before it (its child records apart). */
export function reportBefore(result: ReplayResult, t: number): ReplayReport | undefined {
  let found: ReplayReport | undefined;
  for (const report of result.reports) {
    if (report.t >= t) break;
    if (report.source !== 'child') found = report;
  }
  return found;
}
