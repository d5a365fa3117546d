// Report values the tracker compares and emits (key order follows the emitter profile).
import type { BlockedKind, Report, State } from '../protocol/types.js';

/** The parts of a report the user sees change. */
export interface Visible {
  state: State;
  kind?: BlockedKind;
  msg?: string;
  /** With working or blocked only. */
  progress?: number;
}

/** A report for `visible`, stamped with the tracker's id and app (`clear` carries only state and id). */
export function makeReport(visible: Visible, app: string, id: string | undefined): Report {
  const report: Report = { state: visible.state };
  if (id !== undefined) report.id = id;
  if (visible.state === 'clear') return report;
  if (visible.state === 'blocked' && visible.kind !== undefined) report.kind = visible.kind;
  if (visible.progress !== undefined && (visible.state === 'working' || visible.state === 'blocked')) report.progress = visible.progress;
  report.app = app;
  if (visible.msg !== undefined) report.msg = visible.msg;
  return report;
}

/** True when the user would see no difference between `a` and `b`. */
export function sameVisible(a: Visible | null, b: Visible | null): boolean {
  if (a === null || b === null) return a === b;
  return a.state === b.state && a.kind === b.kind && a.msg === b.msg && a.progress === b.progress;
}

const URGENT: ReadonlySet<State> = new Set<State>(['blocked', 'done', 'error']);

/**
 * Never rate-limited: a change of state (idle/working changes are already paced by the settle
 * window), and a change of kind into, out of or within blocked, done or error. What is left, a
 * new msg or progress alone (a dialog drawn in several writes, a spinner's words, a bar), waits for the rate limit,
 * the latest winning: the report follows the screen once it has settled, without a burst of
 * half-drawn messages.
 */
export function isUrgent(from: Visible | null, to: Visible): boolean {
  if (from === null || from.state !== to.state) return true;
  return URGENT.has(to.state) && from.kind !== to.kind;
}
