// The lines of `osf7501 classify --against-native`: per state of the program's own, agreed and disagreed; then each disagreement.
import type { DriftVerdict } from '../signals/drift.js';
import type { NativeScore } from '../recording/native-score.js';
import { quote } from './classify-format.js';

/** `STATE[ kind=KIND][ msg="…"]`. */
function verdictWords(v: DriftVerdict & { rule?: string }): string {
  const kind = v.kind === undefined ? '' : ` kind=${v.kind}`;
  const msg = v.msg === undefined ? '' : ` msg=${quote(v.msg)}`;
  return `${v.state}${kind}${msg}`;
}

/** The table, then one line per disagreement: when, what differed, both verdicts and the screen's rule. */
export function formatNativeScore(score: NativeScore): string[] {
  const width = Math.max(5, ...score.states.map((s) => s.state.length));
  const lines = [`${'state'.padEnd(width)}  agreed  disagreed`];
  for (const s of score.states) lines.push(`${s.state.padEnd(width)}  ${String(s.agreed).padStart(6)}  ${String(s.disagreed).padStart(9)}`);
  const total = score.moments.length;
  const disagreed = score.moments.filter((m) => m.drift.length > 0).length;
  lines.push(`${total - disagreed} of ${total} of the program's own reports agreed with the screen rules`);
  for (const moment of score.moments) {
    for (const d of moment.drift) {
      const rule = d.screen.rule === undefined ? '' : ` (rule ${d.screen.rule})`;
      lines.push(
        `${d.since.toFixed(3)} ${d.on.join(',')} differs: the program said ${verdictWords(d.native)} at ${moment.t.toFixed(3)}; the screen rules said ${verdictWords(d.screen)}${rule}`,
      );
    }
  }
  return lines;
}
