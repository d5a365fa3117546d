// What the screen adds to the agent's own report that says less than the screen (spec/signals.md, "Completing the agent's own report").
import type { Report } from '../protocol/types.js';
import type { DriftVerdict } from './drift.js';

/** What the screen rules alone report now: their settled verdict and its progress. */
export interface ScreenSide {
  verdict: Readonly<DriftVerdict> | undefined;
  progress: number | undefined;
}

/**
 * The same count as far as two percentages tell: a screen's done/total is floored (2/3 → 66), an agent may round
 * it (Claude Code's 67).
 */
const SAME_PROGRESS = 1;

/** The fields the screen fills in: only ones the agent's report leaves out. */
export interface Completion {
  msg?: string;
  progress?: number;
}

/**
 * The msg and progress the screen adds to the agent's own report, or undefined when it adds nothing. The state is
 * the agent's and the screen never contradicts it: its verdict must be the same state (a `blocked` of the same
 * kind, when both name one), and only what the agent's report leaves out is filled:
 * - `blocked` without msg: the dialog's msg (`approve shell: <the whole command>`);
 * - `error` without msg: what the screen says happened (`usage limit · resets 3:45pm`);
 * - `working`: the msg (a plan's `1/3`, a retry's `Reconnecting... 2/3`) and the progress it lacks; nothing when
 *   the agent gives a progress of its own and the screen counts another (its msg would say the other count).
 * `done`, `idle` and `clear` are complete as they are. `dropped`: the msg of the agent's previous report, which this
 * one leaves out: over for the agent (`1 shell still running`, then bare `working`), so a screen that still says it
 * (a sweep behind) adds nothing.
 */
export function nativeCompletion(native: Report, screen: ScreenSide, dropped?: string): Completion | undefined {
  const seen = screen.verdict;
  if (seen === undefined || seen.state !== native.state || (dropped !== undefined && seen.msg === dropped)) return undefined;
  switch (native.state) {
    case 'blocked':
      if (native.kind !== undefined && seen.kind !== undefined && native.kind !== seen.kind) return undefined;
      return native.msg === undefined && seen.msg !== undefined ? { msg: seen.msg } : undefined;
    case 'error':
      return native.msg === undefined && seen.msg !== undefined ? { msg: seen.msg } : undefined;
    case 'working': {
      if (native.progress !== undefined && screen.progress !== undefined && Math.abs(native.progress - screen.progress) > SAME_PROGRESS) return undefined;
      const fill: Completion = {};
      if (native.msg === undefined && seen.msg !== undefined) fill.msg = seen.msg;
      if (native.progress === undefined && screen.progress !== undefined) fill.progress = screen.progress;
      return fill.msg === undefined && fill.progress === undefined ? undefined : fill;
    }
    default:
      return undefined;
  }
}
