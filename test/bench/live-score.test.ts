// The live benchmark's scoring (bench/live): detection, latency, false and stale blocked time, turn ends.
import { describe, expect, test } from 'vitest';
import { judgeTail } from '../../bench/live/baselines.js';
import { scoreDetector } from '../../bench/live/score.js';
import { silenceSteps, type StepPoint } from '../../bench/live/timeline.js';
import { truthTimeline } from '../../bench/live/truth-timeline.js';
import type { TruthEntry } from '../../src/demo/truth-log.js';

// Truth: working at 0, a prompt 10–15 s, working again, done at 20 s, the user types at 24 s, working at 25 s, exit at 30 s.
const TRUTH: TruthEntry[] = [
  { t: 0, state: 'working', task: 1 },
  { t: 10_000, state: 'blocked', kind: 'permission', prompt: 1, command: 'rm -rf build' },
  { t: 15_000, state: 'working', task: 1 },
  { t: 20_000, state: 'done', task: 1 },
  { t: 24_000, event: 'typing', task: 1 },
  { t: 25_000, state: 'working', task: 2 },
  { t: 30_000, state: 'exit' },
];
const truth = truthTimeline(TRUTH);
const steps = (...points: Array<[number, string]>): StepPoint[] => points.map(([t, state]) => ({ t, state }));

describe('live benchmark scoring', () => {
  test('the truth yields one prompt, one approval and a turn end that lasts until the user types', () => {
    expect(truth.prompts).toEqual([{ prompt: 1, shown: 10_000, answered: 15_000 }]);
    expect(truth.approvals).toEqual([{ prompt: 1, at: 15_000 }]);
    expect(truth.turnEnds).toEqual([{ task: 1, at: 20_000, until: 24_000, question: false }]);
  });

  test('a detector that follows the truth closely: everything caught, latency measured, no false blocked time', () => {
    const score = scoreDetector(truth, {
      name: 'shim',
      steps: steps([100, 'working'], [10_050, 'blocked'], [15_040, 'working'], [20_300, 'done'], [25_020, 'working']),
      turnEndState: 'done',
      fullStates: true,
    });
    expect(score).toMatchObject({ promptsDetected: 1, latencies: [50], releases: [40], falseBlockedSeconds: 0, turnEndsDetected: 1 });
    expect(score.turnEndLatencies).toEqual([300]);
  });

  test('blocked left over after an approval is false and stale past the grace second; a turn end after the user is back is missed', () => {
    const score = scoreDetector(truth, {
      name: 'tail',
      steps: steps([0, 'quiet'], [10_000, 'blocked'], [18_000, 'quiet'], [24_500, 'blocked'], [26_000, 'quiet']),
      turnEndState: 'blocked',
    });
    expect(score.promptsDetected).toBe(1);
    // Charged: 16–18 s (15–16 s is the grace second). Not charged: 24.5–25 s (done), 25–26 s (grace of the new turn).
    expect(score.falseBlockedSeconds).toBeCloseTo(2, 5);
    expect(score.staleSeconds).toBeCloseTo(2, 5);
    expect(score.turnEndsDetected).toBe(0);
  });

  test('a detector already blocked when the prompt appears does not count as detecting it', () => {
    const score = scoreDetector(truth, { name: 'stuck', steps: steps([5_000, 'blocked']), turnEndState: 'blocked' });
    expect(score.promptsDetected).toBe(0);
  });

  test('silence: blocked N seconds after the last output, until the next output', () => {
    expect(silenceSteps([0, 1_000, 9_000], 5, 12_000)).toEqual(steps([0, 'quiet'], [6_000, 'blocked'], [9_000, 'quiet']));
  });

  test.each([
    ['the prompt drawn with spaces is found', 'x\r\n Do you want to proceed?\r\n ❯ 1. Yes\r\n', { questionMark: false, promptText: true }],
    ['the prompt drawn with column jumps is not', '\x1b[2GDo\x1b[5Gyou\x1b[9Gwant\x1b[14Gto\x1b[17Gproceed?\r\r\n', { questionMark: true, promptText: false }],
    ['the last non-empty line decides the question mark', 'Would you like a test?\r\n\x1b[2K\r\n', { questionMark: true, promptText: false }],
  ])('tail baselines: %s', (_name, text, verdict) => {
    expect(judgeTail(Buffer.from(text))).toEqual(verdict);
  });
});
