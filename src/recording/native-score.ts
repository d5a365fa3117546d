// Scores a replay's screen verdicts against the program's own OSC 7501 reports in the recording (`classify --against-native`).
import type { Report, State } from '../protocol/types.js';
import type { DriftVerdict } from '../signals/drift.js';
import type { ReplayDrift, ReplayResult } from './replay.js';

/** One verdict of the program's own: the first of its reports that said it (seconds), and what they said. */
export interface NativeMoment {
  t: number;
  verdict: DriftVerdict;
  /** The drift events against it: empty when the screen rules agreed. */
  drift: ReplayDrift[];
}

/** Agreed and disagreed moments of one state of the program's. */
export interface StateScore {
  state: State;
  agreed: number;
  disagreed: number;
}

/** The whole score. */
export interface NativeScore {
  moments: NativeMoment[];
  /** One row per state the program reported, in the order of first appearance. */
  states: StateScore[];
}

function sameVerdict(a: Report, b: DriftVerdict): boolean {
  return a.state === b.state && a.kind === b.kind && a.msg === b.msg;
}

/**
 * Each run of the program's identical reports is one moment (`clear` is none: it says nothing about the
 * screen); a moment disagreed when the policy found a drift against it (the same drift events the live shim
 * writes to `--log`).
 */
export function scoreAgainstNative(result: ReplayResult): NativeScore {
  const moments: NativeMoment[] = [];
  let last: DriftVerdict | undefined;
  for (const { t, report, source, completes } of result.reports) {
    // The shim's completion of a report (its msg from the screen) is no word of the program's.
    if (source !== 'native' || completes) continue;
    if (report.state === 'clear') {
      last = undefined;
      continue;
    }
    if (last !== undefined && sameVerdict(report, last)) continue;
    last = { state: report.state, ...(report.kind === undefined ? {} : { kind: report.kind }), ...(report.msg === undefined ? {} : { msg: report.msg }) };
    moments.push({ t, verdict: last, drift: result.drift.filter((d) => d.nativeSince === t) });
  }
  const states: StateScore[] = [];
  for (const moment of moments) {
    let row = states.find((s) => s.state === moment.verdict.state);
    if (row === undefined) {
      row = { state: moment.verdict.state, agreed: 0, disagreed: 0 };
      states.push(row);
    }
    if (moment.drift.length === 0) row.agreed += 1;
    else row.disagreed += 1;
  }
  return { moments, states };
}
