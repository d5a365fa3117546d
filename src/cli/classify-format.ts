// The lines `osf7501 classify` prints: the final state, the timeline of reports, and the rules' verdicts.
import type { Report } from '../protocol/types.js';
import type { RuleSet, RuleTrace } from '../rules/rule-set.js';
import type { Classification } from '../rules/types.js';
import type { ReplayResult, ReplayScreen } from '../recording/replay.js';
import type { ReportSource } from '../signals/types.js';

/** Bidi controls and invisible formatting, escaped so a printed line cannot reorder itself. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/** Text as a JSON string, invisible characters escaped. */
export function quote(text: string): string {
  return JSON.stringify(text).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `STATE`, or `blocked kind=KIND`. */
function stateWords(state: string, kind: string | undefined): string {
  return kind === undefined ? state : `${state} kind=${kind}`;
}

/** ` rule=NAME matcher=KEY matched="…" msg="…"`: what decided a classification, for `--explain`. */
function decidedBy(c: Classification, withMsg = true): string {
  if (c.rule === undefined) return ' rule=(none: no rule matched)';
  const parts = [` rule=${c.rule}`];
  if (c.matcher !== undefined) parts.push(`matcher=${c.matcher}`);
  if (c.matched !== undefined) parts.push(`matched=${quote(c.matched)}`);
  if (withMsg && c.msg !== undefined) parts.push(`msg=${quote(c.msg)}`);
  if (c.interrupted === true) parts.push('interrupted');
  return parts.join(' ');
}

/** One rule's verdict on a screen, indented. */
function traceLine(trace: RuleTrace): string {
  const says = trace.kind === undefined ? trace.state : `${trace.state}:${trace.kind}`;
  const head = `  #${trace.index} ${trace.rule} (${says}; region ${trace.region}, ${trace.regionRows} rows): ${trace.outcome}`;
  const parts = [head];
  if (trace.matcher !== undefined) parts.push(trace.matcher);
  if (trace.matched !== undefined) parts.push(quote(trace.matched));
  if (trace.msg !== undefined) parts.push(`msg=${quote(trace.msg)}`);
  return parts.join(' ');
}

/** The final state (and, with `explain`, what decided it and every rule's verdict on the final screen). */
export function formatFinal(result: ReplayResult, rules: RuleSet, explain: { why: string } | undefined): string[] {
  const last: ReplayScreen | undefined = result.screens.at(-1);
  if (last === undefined) {
    return explain === undefined ? ['idle'] : ['idle rule=(none: the recording shows nothing)', `rules: ${rules.app} (${rules.file}), chosen by ${explain.why}`];
  }
  const c = last.classification;
  const line = stateWords(c.state, c.kind);
  if (explain === undefined) return [line];
  return [
    `${line}${decidedBy(c)}`,
    `rules: ${rules.app} (${rules.file}), chosen by ${explain.why}`,
    `final screen (${last.cols}x${last.rows}, swept at ${last.t.toFixed(3)} s), every rule's verdict:`,
    ...rules.explain(last.lines, { width: last.cols, softWrapped: last.softWrapped }).traces.map(traceLine),
  ];
}

/** One report as `<seconds> <STATE>[ kind=<KIND>][ id=<ID>][ progress=<N>][ msg="…"][ title="…"]` (a child record's has its id). */
export function formatReport(t: number, report: Report): string {
  const id = report.id === undefined ? '' : ` id=${report.id}`;
  const progress = report.progress === undefined ? '' : ` progress=${report.progress}`;
  const msg = report.msg === undefined ? '' : ` msg=${quote(report.msg)}`;
  const title = report.id === undefined || report.title === undefined ? '' : ` title=${quote(report.title)}`;
  return `${t.toFixed(3)} ${stateWords(report.state, report.kind)}${id}${progress}${msg}${title}`;
}

/** With `--explain`: the agent's own report says so; the shim's, what decided the screen behind it. */
function why(source: ReportSource | 'child', screen: ReplayScreen | undefined): string {
  if (source === 'native' || source === 'child') return ` source=${source}`;
  return screen === undefined ? '' : decidedBy(screen.classification, false);
}

/** One line per report the terminal would have got, as it reads it (msg cut to the protocol's budget; with `explain`, where it came from). */
export function formatTimeline(result: ReplayResult, explain: boolean): string[] {
  return result.reports.map(({ t, report, sent, source, screen }) => `${formatReport(t, sent ?? report)}${explain ? why(source, screen) : ''}`);
}
