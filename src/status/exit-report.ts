// What the child's exit looks like as a report, under each exit policy.
import type { ExitPolicy } from './types.js';
import type { Visible } from './report.js';

/** How the child ended: an exit status, or the name of the signal that killed it (`SIGTERM`; the edge names
 * a signal number with pty/exit-status.ts, the one table of signal names). */
interface ExitInfo {
  code: number | null;
  signal?: string | null;
  /** A plain program that ran long enough for its result to be news: status 0 reports `done`, not `clear`. */
  ranLong?: boolean;
}

/** A plain program's run, or a shell's command, this long (ms) or longer ends as `done`: its result is news. */
export const DEFAULT_DONE_AFTER_MS = 3000;

/** The report for the child's exit, or null when the policy says to leave the record as it is. */
export function exitVisible(app: string, exit: ExitInfo, policy: ExitPolicy): Visible | null {
  if (policy === 'keep') return null;
  if (policy === 'clear') return { state: 'clear' };
  const signal = exit.signal;
  if (signal !== undefined && signal !== null && signal !== '') return { state: 'error', msg: `${app} killed by ${signal}` };
  if (exit.code === 0 && exit.ranLong === true) return { state: 'done', msg: `${app} finished` };
  if (exit.code === null || exit.code === 0) return { state: 'clear' };
  return { state: 'error', msg: `${app} exited with status ${exit.code}` };
}
