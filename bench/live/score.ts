// Scores each detector against the truth: prompts caught and how fast, false `blocked` time, turn ends.
import { leaves, switchesTo, runStart, stateAt, type StepPoint } from './timeline.js';
import type { TruthTimeline } from './truth-timeline.js';

/** The detector's state is compared with the truth every this many ms. */
export const SAMPLE_MS = 50;
/**
 * A detector is not charged for `blocked` during this long after the truth became `working`: it
 * cannot know before the screen changes. Longer than the shim's goal for its slowest detection (0.8 s).
 */
export const GRACE_MS = 1000;

/** One detector: its state over time, and the state by which it marks a turn end. */
export interface Detector {
  name: string;
  steps: StepPoint[];
  /** The shim reports `done`; a baseline can only say `blocked` ("needs you"). */
  turnEndState: string;
  /** Compare every state with the truth (the shim), not only `blocked`. */
  fullStates?: boolean;
}

/** How one detector did. Latencies in ms, times in seconds. */
export interface DetectorScore {
  name: string;
  prompts: number;
  promptsDetected: number;
  /** Prompt on screen → detector says blocked, for each detected prompt. */
  latencies: number[];
  /** Prompt answered → detector stops saying blocked, for each detected prompt (∞ if never). */
  releases: number[];
  /** Seconds of `blocked` while the agent was working (past GRACE_MS after it started). */
  falseBlockedSeconds: number;
  /** The part of it that was left over from an approved prompt. */
  staleSeconds: number;
  turnEnds: number;
  turnEndsDetected: number;
  turnEndLatencies: number[];
  /** Share of samples where the detector's state equals the truth's (full-state detectors only). */
  agreement: number | undefined;
}

/** Scores one detector over the truth's span. */
export function scoreDetector(truth: TruthTimeline, detector: Detector): DetectorScore {
  const latencies: number[] = [];
  const releases: number[] = [];
  for (const p of truth.prompts) {
    const seen = switchesTo(detector.steps, p.shown, p.answered, 'blocked');
    if (seen === undefined) continue;
    latencies.push(seen - p.shown);
    releases.push((leaves(detector.steps, p.answered, 'blocked') ?? Infinity) - p.answered);
  }
  const turnEndLatencies: number[] = [];
  for (const end of truth.turnEnds) {
    const seen = switchesTo(detector.steps, end.at, end.until, detector.turnEndState);
    if (seen !== undefined) turnEndLatencies.push(seen - end.at);
  }
  const approvals = new Set(truth.approvals.map((a) => a.at));
  let falseSamples = 0;
  let staleSamples = 0;
  let agreeing = 0;
  let samples = 0;
  for (let t = truth.start; t < truth.end; t += SAMPLE_MS) {
    samples += 1;
    const actual = stateAt(truth.steps, t);
    const said = stateAt(detector.steps, t);
    if (said === actual) agreeing += 1;
    if (actual !== 'working' || said !== 'blocked') continue;
    const since = runStart(truth.steps, t);
    if (t - since < GRACE_MS) continue;
    falseSamples += 1;
    if (approvals.has(since) && runStart(detector.steps, t) <= since) staleSamples += 1;
  }
  return {
    name: detector.name,
    prompts: truth.prompts.length,
    promptsDetected: latencies.length,
    latencies,
    releases,
    falseBlockedSeconds: (falseSamples * SAMPLE_MS) / 1000,
    staleSeconds: (staleSamples * SAMPLE_MS) / 1000,
    turnEnds: truth.turnEnds.length,
    turnEndsDetected: turnEndLatencies.length,
    turnEndLatencies,
    agreement: detector.fullStates === true && samples > 0 ? agreeing / samples : undefined,
  };
}

/** The median of a list (NaN when empty). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
