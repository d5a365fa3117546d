// The lines of `osf7501 classify --against-native`: per state of the program's own, agreed and disagreed; then each disagreement.
import type { DriftVerdict } from '../signals/drift.js';
import type { NativeScore } from '../recording/native-score.js';
import type { HookScore } from '../recording/hook-score.js';
import { quote } from './classify-format.js';

/** `STATE[ kind=KIND][ msg="…"]`. */
function verdictWords(v: DriftVerdict & { rule?: string }): string {
  const kind = v.kind === undefined ? '' : ` kind=${v.kind}`;
  const msg = v.msg === undefined ? '' : ` msg=${quote(v.msg)}`;
  return `${v.state}${kind}${msg}`;
}

/** The words of a score's lines: whose reports were scored. */
interface Whose {
  /** `of the program's own reports` */
  reports: string;
  /** `the program said` */
  said: string;
}

const PROGRAM: Whose = { reports: "of the program's own reports", said: 'the program said' };
const HOOKS: Whose = { reports: "of the agent's hook verdicts", said: 'the hooks said' };

/** `classify --against-hooks`: the same lines for the hooks' verdicts in a session's --log. */
export function formatHookScore(score: HookScore): string[] {
  const moments = score.moments.map((m) => ({ t: m.t, verdict: m.verdict, drift: m.drift.map((d) => ({ since: d.since, on: d.on, native: d.hooks, screen: d.screen })) }));
  return formatNativeScore({ moments, states: score.states } as unknown as NativeScore, HOOKS);
}

/** The table, then one line per disagreement: when, what differed, both verdicts and the screen's rule. */
export function formatNativeScore(score: NativeScore, whose: Whose = PROGRAM): string[] {
  const width = Math.max(5, ...score.states.map((s) => s.state.length));
  const lines = [`${'state'.padEnd(width)}  agreed  disagreed`];
  for (const s of score.states) lines.push(`${s.state.padEnd(width)}  ${String(s.agreed).padStart(6)}  ${String(s.disagreed).padStart(9)}`);
  const total = score.moments.length;
  const disagreed = score.moments.filter((m) => m.drift.length > 0).length;
  lines.push(`${total - disagreed} of ${total} ${whose.reports} agreed with the screen rules`);
  for (const moment of score.moments) {
    for (const d of moment.drift) {
      const rule = d.screen.rule === undefined ? '' : ` (rule ${d.screen.rule})`;
      lines.push(
        `${d.since.toFixed(3)} ${d.on.join(',')} differs: ${whose.said} ${verdictWords(d.native)} at ${moment.t.toFixed(3)}; the screen rules said ${verdictWords(d.screen)}${rule}`,
      );
    }
  }
  return lines;
}
