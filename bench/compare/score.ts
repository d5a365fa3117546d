// Scores detectors on the labelled moments and prints the markdown tables.
import type { ReplayResult } from '../../src/recording/replay.js';
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

/** The sum of several tallies of the same detector (an agent's row block, the totals). */
export function sumScores(name: string, scores: readonly Score[]): Score {
  const sum = newScore(name);
  for (const s of scores) {
    sum.correct += s.correct;
    sum.total += s.total;
    sum.blocked += s.blocked;
    sum.blockedDetected += s.blockedDetected;
    sum.falseBlocked += s.falseBlocked;
    for (const [state, [c, t]] of s.byState) {
      const [sc, st] = sum.byState.get(state) ?? [0, 0];
      sum.byState.set(state, [sc + c, st + t]);
    }
  }
  return sum;
}

/** One row block: the detectors' tallies over one agent's moments (or over all of them). */
export interface ScoreBlock {
  /** The agent's name, or `all` for the totals. */
  label: string;
  scores: readonly Score[];
}

/**
 * The accuracy table (a row block per agent, then the totals) and the per-state breakdown (the same blocks),
 * as markdown lines.
 */
export function formatScores(blocks: readonly ScoreBlock[]): string[] {
  const lines = [
    '| agent | strategy | correct | blocked detected | blocked missed | false blocked |',
    '| --- | --- | --- | --- | --- | --- |',
    ...blocks.flatMap(({ label, scores }) =>
      scores.map(
        (s) =>
          `| ${label} | ${s.name} | ${s.correct}/${s.total} (${percent(s.correct, s.total)}) | ${s.blockedDetected}/${s.blocked} | ${s.blocked - s.blockedDetected} | ${s.falseBlocked} |`,
      ),
    ),
    '',
  ];
  const names = blocks[0]?.scores.map((s) => s.name) ?? [];
  lines.push(`| agent | label state | moments | ${names.join(' | ')} |`);
  lines.push(`| --- | --- | --- | ${names.map(() => '---').join(' | ')} |`);
  for (const { label, scores } of blocks) {
    const states = [...new Set(scores.flatMap((s) => [...s.byState.keys()]))].sort();
    for (const state of states) {
      const total = scores[0]?.byState.get(state)?.[1] ?? 0;
      const cells = scores.map((s) => `${s.byState.get(state)?.[0] ?? 0}/${total}`);
      lines.push(`| ${label} | ${state} | ${total} | ${cells.join(' | ')} |`);
    }
  }
  return lines;
}
