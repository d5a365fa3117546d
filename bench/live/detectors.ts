// The detectors compared on one session's byte stream: silence timers, two tail scrapers, the shim.
import type { SessionRecord } from './session.js';
import { type Detector } from './score.js';
import { silenceSteps } from './timeline.js';

/** Silence thresholds (s): no output for this long ⇒ "blocked". */
export const SILENCE_THRESHOLDS = [3, 5, 8] as const;
/** The shim's row in the table. */
export const SHIM_DETECTOR = 'osf7501 (its reports)';

/** Every detector, baselines first, from what the supervisor saw of the shim's output. */
export function detectorsFor(record: SessionRecord): Detector[] {
  const { tap } = record;
  return [
    ...SILENCE_THRESHOLDS.map((s) => ({
      name: `silence ≥ ${s} s`,
      steps: silenceSteps(tap.outputTimes, s, record.end),
      turnEndState: 'blocked',
    })),
    { name: 'last line ends with ?', steps: tap.questionMark, turnEndState: 'blocked' },
    { name: 'prompt text in last 8 KB', steps: tap.promptText, turnEndState: 'blocked' },
    { name: SHIM_DETECTOR, steps: tap.shim, turnEndState: 'done', fullStates: true },
  ];
}
