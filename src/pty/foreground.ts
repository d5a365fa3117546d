// Which program holds the PTY's foreground: the shell, or the agent the user started from it.
import { readFileSync } from 'node:fs';

/** The foreground process of a terminal: its process group leader's pid and argv. */
export interface ForegroundProgram {
  pid: number;
  argv: string[];
}

/**
 * Linux: the terminal's foreground process group (field 8, tpgid, of /proc/PID/stat of any process
 * on the terminal) and that group leader's command line. Elsewhere (macOS) only the name node-pty
 * reports is known, given as `fallbackName`. Undefined when nothing can be read (the child is gone).
 */
export function readForeground(childPid: number, fallbackName?: string): ForegroundProgram | undefined {
  try {
    const stat = readFileSync(`/proc/${childPid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const tpgid = Number(fields[5]);
    if (!Number.isInteger(tpgid) || tpgid <= 0) return undefined;
    const argv = readFileSync(`/proc/${tpgid}/cmdline`, 'utf8').split('\0').filter((a) => a !== '');
    return argv.length > 0 ? { pid: tpgid, argv } : undefined;
  } catch {
    return fallbackName ? { pid: childPid, argv: [fallbackName] } : undefined;
  }
}
