// Replays a recording through the shim's own ScreenClassifier, SweepScheduler and StatusTracker, on the recording's clock.
import type { Report } from '../protocol/types.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { Classification } from '../rules/types.js';
import { StatusTracker } from '../status/index.js';
import { DEFAULT_SWEEP_TIMING, SweepScheduler, type SweepTiming } from '../sweep/sweep-scheduler.js';
import type { Recording } from './recording.js';
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
  cols: number;
  rows: number;
}

/** A report the shim would have written, and the latest classified screen behind it. */
export interface ReplayReport {
  t: number;
  report: Report;
  screen: ReplayScreen;
}

/** Everything a replay saw. */
export interface ReplayResult {
  /** Classified screens, one per sweep whose visible text changed, in time order. */
  screens: ReplayScreen[];
  /** Every sweep that ran, changed or not. */
  sweeps: number;
  /** The shim's reports, in order (no exit report: a recording does not say how the program ended). */
  reports: ReplayReport[];
  /** Time (seconds) of the last thing that happened: the last event, sweep or report. */
  end: number;
}

/** How to replay. */
export interface ReplayOptions {
  rules: RuleSet;
  /** The scheduler's timing; the shim's default when absent. */
  timing?: SweepTiming;
  /** The tracker's settle window (ms); the tracker's default when absent. */
  settleMs?: number;
  /** Cuts each output event into the pieces fed to the screen (tests feed random chunk sizes). */
  split?: (bytes: Uint8Array) => readonly Uint8Array[];
  /** Builds the model to replay through; the shim's ScreenClassifier with `rules` when absent. */
  model?: (cols: number, rows: number) => ReplayModel;
}

/** Milliseconds on the recording's clock, rounded to the microsecond (cast times are decimal seconds). */
const toMs = (seconds: number): number => Math.round(seconds * 1e6) / 1e3;
const toSeconds = (ms: number): number => Math.round(ms * 1e3) / 1e6;

/** Sweeps and tracker deadlines of one replay, advanced in time order. */
class ReplayClock {
  readonly screens: ReplayScreen[] = [];
  readonly reports: ReplayReport[] = [];
  sweeps = 0;
  last = 0;
  private readonly scheduler: SweepScheduler;
  private readonly tracker: StatusTracker;

  constructor(
    private readonly model: ReplayModel,
    private readonly size: { cols: number; rows: number },
    options: ReplayOptions,
  ) {
    this.scheduler = new SweepScheduler(options.timing ?? DEFAULT_SWEEP_TIMING);
    this.tracker = new StatusTracker({
      app: options.rules.app,
      ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
    });
  }

  /** Output arrived at `ms`. */
  noteOutput(ms: number): void {
    this.scheduler.noteOutput(ms);
    this.last = Math.max(this.last, ms);
  }

  /** Runs every sweep and tracker deadline due before `ms` (all of them when `ms` is Infinity). */
  async runUntil(ms: number): Promise<void> {
    for (;;) {
      const due = this.scheduler.nextDue();
      const deadline = this.tracker.nextDeadline();
      const next = Math.min(due ?? Infinity, deadline ?? Infinity);
      if (next === Infinity || next >= ms) return;
      // A deadline and a sweep at the same instant: the tick first, as in the shim, whose timer ticks
      // the tracker while the sweep it just started is still parsing.
      if (deadline !== null && deadline <= next) this.take(next, this.tracker.tick(next));
      else if (this.scheduler.takeDue(next)) await this.sweep(next);
      this.last = Math.max(this.last, next);
    }
  }

  /** One sweep at `ms`, now: what the scheduler would have asked for at that time. */
  async sweep(ms: number): Promise<void> {
    this.sweeps += 1;
    const result = await this.model.sweep();
    if (!result.changed) return;
    this.screens.push({ t: toSeconds(ms), classification: result.classification, lines: result.lines, ...this.size });
    this.take(ms, this.tracker.observe(ms, result.classification));
  }

  private take(ms: number, reports: readonly Report[]): void {
    const screen = this.screens.at(-1);
    if (screen === undefined) return;
    for (const report of reports) this.reports.push({ t: toSeconds(ms), report, screen });
  }
}

/**
 * Replays `recording` through the shim's own pipeline. On a timed recording, before each event at
 * time t every sweep and tracker deadline due before t runs (a sweep sees the screen as of all
 * earlier bytes, and its classification reaches the tracker at the sweep's time), then the event is
 * fed (output) or applied (resize); at the end the remaining ones run. Raw bytes have no clock:
 * they are fed in one go (resizes applied in place) and swept once, at 0.
 */
export async function replay(recording: Recording, options: ReplayOptions): Promise<ReplayResult> {
  const size = { cols: recording.cols, rows: recording.rows };
  const model = options.model?.(size.cols, size.rows) ?? new ScreenClassifier(options.rules, size.cols, size.rows);
  const clock = new ReplayClock(model, size, options);
  const split = options.split ?? ((bytes: Uint8Array) => [bytes]);
  try {
    for (const event of recording.events) {
      const ms = recording.timed ? toMs(event.t) : 0;
      await clock.runUntil(ms);
      if (event.type === 'resize') {
        size.cols = event.cols;
        size.rows = event.rows;
        model.resize(event.cols, event.rows);
        continue;
      }
      for (const piece of split(event.bytes)) model.write(piece);
      if (recording.timed) clock.noteOutput(ms);
    }
    // Untimed: every event is at 0 and nothing was scheduled, so the one sweep comes after all of them.
    if (!recording.timed) await clock.sweep(0);
    await clock.runUntil(Infinity);
    const broken = model.broken;
    if (broken !== undefined) throw new Error(`the shadow screen failed: ${broken}`);
  } finally {
    model.dispose();
  }
  const lastEvent = recording.events.at(-1);
  const end = Math.max(toSeconds(clock.last), recording.timed && lastEvent !== undefined ? lastEvent.t : 0);
  return { screens: clock.screens, sweeps: clock.sweeps, reports: clock.reports, end };
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

/** The report the terminal shows just before `t` (seconds): the last one written before it. */
export function reportBefore(result: ReplayResult, t: number): ReplayReport | undefined {
  let found: ReplayReport | undefined;
  for (const report of result.reports) {
    if (report.t >= t) break;
    found = report;
  }
  return found;
}
