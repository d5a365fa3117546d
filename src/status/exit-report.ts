// What the child's exit looks like as a report, under each exit policy.
import type { ExitPolicy } from './types.js';
import type { Visible } from './report.js';

// Signal numbers that are the same on Linux and macOS; the edge should pass names when it has them.
const SIGNAL_NAMES: Readonly<Record<number, string>> = {
  1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV',
  13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM',
};

/** How the child ended: an exit status, or the signal (name or number) that killed it. */
export interface ExitInfo {
  code: number | null;
  signal?: string | number | null;
}

function signalName(signal: string | number | null | undefined): string | undefined {
  if (signal === undefined || signal === null || signal === 0 || signal === '') return undefined;
  if (typeof signal === 'string') return signal;
  return SIGNAL_NAMES[signal] ?? `signal ${signal}`;
}

/** The report for the child's exit, or null when the policy says to leave the record as it is. */
export function exitVisible(app: string, exit: ExitInfo, policy: ExitPolicy): Visible | null {
  if (policy === 'keep') return null;
  if (policy === 'clear') return { state: 'clear' };
  const signal = signalName(exit.signal);
  if (signal !== undefined) return { state: 'error', msg: `${app} killed by ${signal}` };
  if (exit.code === null || exit.code === 0) return { state: 'clear' };
  return { state: 'error', msg: `${app} exited with status ${exit.code}` };
}
