// The agent's truth as intervals: its state over time, each prompt, each turn end.
import type { TruthEntry } from '../../src/demo/truth-log.js';
import { pushStep, type StepPoint } from './timeline.js';

/** A permission prompt: on screen from `shown` until the user's key took it away at `answered`. */
export interface PromptSpan {
  prompt: number;
  shown: number;
  answered: number;
}

/** A turn end: `done` from `at` until the user starts typing the next task (or the agent exits) at
 * `until`: a notice of the turn end is worth something only before the user is back. */
export interface TurnEndSpan {
  task: number;
  at: number;
  until: number;
  question: boolean;
}

/** When the truth became `working` right after a prompt was approved. */
export interface Approval {
  prompt: number;
  at: number;
}

/** The truth, ready for scoring. */
export interface TruthTimeline {
  steps: StepPoint[];
  prompts: PromptSpan[];
  turnEnds: TurnEndSpan[];
  approvals: Approval[];
  /** From the first state to the exit (or the last entry). */
  start: number;
  end: number;
}

/** Builds the intervals from the log's state entries. */
export function truthTimeline(entries: readonly TruthEntry[]): TruthTimeline {
  const states = entries.filter((e) => e.state !== undefined);
  const steps: StepPoint[] = [];
  const prompts: PromptSpan[] = [];
  const turnEnds: TurnEndSpan[] = [];
  const approvals: Approval[] = [];
  const typing = entries.filter((e) => e.event === 'typing').map((e) => e.t);
  states.forEach((entry, i) => {
    const next = states[i + 1];
    const until = next?.t ?? entry.t;
    pushStep(steps, entry.t, entry.state ?? 'none');
    if (entry.state === 'blocked') {
      prompts.push({ prompt: entry.prompt ?? prompts.length + 1, shown: entry.t, answered: until });
      if (next?.state === 'working') approvals.push({ prompt: entry.prompt ?? prompts.length, at: next.t });
    }
    if (entry.state === 'done') {
      const back = Math.min(until, typing.find((t) => t > entry.t) ?? Infinity);
      turnEnds.push({ task: entry.task ?? 0, at: entry.t, until: back, question: entry.question === true });
    }
  });
  const exit = states.find((e) => e.state === 'exit');
  return { steps, prompts, turnEnds, approvals, start: states[0]?.t ?? 0, end: exit?.t ?? states.at(-1)?.t ?? 0 };
}
