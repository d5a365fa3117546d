// Scores detectors on the labelled moments and prints the markdown tables.
import type { ReplayResult } from '../../src/session/replay.js';
import { answerAt, sameState, type Moment } from './moments.js';

/** One detector's tally over every labelled moment. */
export interface Score {
  name: string;
  correct: number;
  total: number;
  blocked: number;
  blockedDetected: number;
  falseBlocked: number;
  /** Per label state: [correct, total]. */
  byState: Map<string, [number, number]>;
}

/** An empty tally for `name`. */
export function newScore(name: string): Score {
  return { name, correct: 0, total: 0, blocked: 0, blockedDetected: 0, falseBlocked: 0, byState: new Map() };
}

/** Adds one recording's moments, judged on the detector's replay of it. */
export function addMoments(score: Score, moments: readonly Moment[], result: ReplayResult): void {
  for (const moment of moments) {
    const answer = answerAt(moment, result);
    const ok = sameState(moment, answer);
    const said = answer?.state === 'blocked';
    score.total += 1;
    if (ok) score.correct += 1;
    if (moment.label.state === 'blocked') {
      score.blocked += 1;
      if (said) score.blockedDetected += 1;
    } else if (said) {
      score.falseBlocked += 1;
    }
    const [c, t] = score.byState.get(moment.label.state) ?? [0, 0];
    score.byState.set(moment.label.state, [c + (ok ? 1 : 0), t + 1]);
  }
}

const percent = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);

/** The accuracy table and the per-state breakdown, as markdown lines. */
export function formatScores(scores: readonly Score[]): string[] {
  const lines = [
    '| strategy | correct | blocked detected | blocked missed | false blocked |',
    '| --- | --- | --- | --- | --- |',
    ...scores.map(
      (s) =>
        `| ${s.name} | ${s.correct}/${s.total} (${percent(s.correct, s.total)}) | ${s.blockedDetected}/${s.blocked} | ${s.blocked - s.blockedDetected} | ${s.falseBlocked} |`,
    ),
    '',
  ];
  const states = [...new Set(scores.flatMap((s) => [...s.byState.keys()]))].sort();
  lines.push(`| label state | moments | ${scores.map((s) => s.name).join(' | ')} |`);
  lines.push(`| --- | --- | ${scores.map(() => '---').join(' | ')} |`);
  for (const state of states) {
    const total = scores[0]?.byState.get(state)?.[1] ?? 0;
    const cells = scores.map((s) => `${s.byState.get(state)?.[0] ?? 0}/${total}`);
    lines.push(`| ${state} | ${total} | ${cells.join(' | ')} |`);
  }
  return lines;
}
