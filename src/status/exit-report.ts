// What the child's exit looks like as a report, under each exit policy.
import type { ExitPolicy } from './types.js';
import type { Visible } from './report.js';

/** How the child ended: an exit status, or the name of the signal that killed it (`SIGTERM`; the edge names
 * a signal number with pty/exit-status.ts, the one table of signal names). */
interface ExitInfo {
  code: number | null;
  signal?: string | null;
}

/** The report for the child's exit, or null when the policy says to leave the record as it is. */
export function exitVisible(app: string, exit: ExitInfo, policy: ExitPolicy): Visible | null {
  if (policy === 'keep') return null;
  if (policy === 'clear') return { state: 'clear' };
  const signal = exit.signal;
  if (signal !== undefined && signal !== null && signal !== '') return { state: 'error', msg: `${app} killed by ${signal}` };
  if (exit.code === null || exit.code === 0) return { state: 'clear' };
  return { state: 'error', msg: `${app} exited with status ${exit.code}` };
}
