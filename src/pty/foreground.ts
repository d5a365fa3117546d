// Which program holds the PTY's foreground: the shell, or the agent the user started from it.
import { existsSync, readFileSync } from 'node:fs';
import { programNames } from '../rules/program-names.js';

/** The foreground process of a terminal: its process group leader's pid and argv. */
interface ForegroundProgram {
  pid: number;
  argv: string[];
}

/** The process has exited and waits to be reaped (state Z or X in /proc/PID/stat), or is gone. */
function isExiting(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state === 'Z' || state === 'X';
  } catch {
    return true;
  }
}

/**
 * Linux: the terminal's foreground process group (field 8, tpgid, of /proc/PID/stat of any process
 * on the terminal) and that group leader's command line. Undefined when nothing can be read (the
 * child is gone) and while the leader is a zombie: a program that has just exited still holds the
 * terminal for a moment with an empty command line, which would read as some unknown program. A leader
 * whose command line cannot be read (another user's, `hidepid`) has argv [].
 */
function readForeground(childPid: number): ForegroundProgram | undefined {
  let tpgid: number;
  try {
    const stat = readFileSync(`/proc/${childPid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    tpgid = Number(fields[5]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(tpgid) || tpgid <= 0) return undefined;
  if (isExiting(tpgid)) return undefined;
  try {
    const argv = readFileSync(`/proc/${tpgid}/cmdline`, 'utf8').split('\0').filter((a) => a !== '');
    return { pid: tpgid, argv };
  } catch {
    return { pid: tpgid, argv: [] };
  }
}

/** What is known of the foreground right now, on this platform. */
export interface Foreground {
  /** Another program than the wrapped one holds the terminal (a command is running). */
  away: boolean;
  /** The foreground program's command line (/proc), or only its name (`[name]`, no /proc). */
  argv: string[];
  /** Only the name is known (macOS): `node …/claude` and `node …/gemini` both read as `node`. */
  nameOnly: boolean;
}

/** Reads the foreground; undefined when it cannot be read (the child is gone or not yet there). */
export type ForegroundSource = () => Foreground | undefined;

/** How to read the foreground of one wrapped program. */
interface ForegroundSourceOptions {
  /** The wrapped program's pid, once spawned. */
  childPid: () => number | undefined;
  /**
   * The foreground process's name as node-pty gives it (`IPty.process`): on macOS the kernel's
   * `p_comm` of the terminal's foreground group (the executable's file name, ≤ 16 bytes), on Linux
   * the group leader's argv[0]. Only read when /proc is not.
   */
  ptyName: () => string | undefined;
  /** The wrapped program as spawned (`bash`, `/bin/zsh`): the name the shell is known by. */
  command: string;
  /** Whether /proc can be read; detected once when not given (tests pass false to take the name path). */
  proc?: boolean;
}

/** A name as programNames gives it: no folder, no login shell's `-`. */
function bareName(name: string): string {
  return programNames([name])[0] ?? name;
}

/**
 * The foreground reader for one wrapped program. With /proc: the foreground group's pid against the
 * child's, and the leader's full command line. Without (macOS): node-pty's name only, so "away" means
 * "a program of another name than the shell's": the shell's command name, and the first name read
 * (the shell is in front 500 ms after the start; `/bin/sh` on macOS runs as `bash`, so its name differs
 * from the command's). A program named like the shell (`bash` started from `bash`) reads as the shell.
 */
export function foregroundSource(options: ForegroundSourceOptions): ForegroundSource {
  const proc = options.proc ?? existsSync('/proc/self/stat');
  if (proc) {
    return () => {
      const pid = options.childPid();
      if (pid === undefined) return undefined;
      const fg = readForeground(pid);
      if (fg === undefined) return undefined;
      return { away: fg.pid !== pid, argv: fg.argv, nameOnly: false };
    };
  }
  const shellNames = new Set([bareName(options.command)]);
  let learned = false;
  return () => {
    if (options.childPid() === undefined) return undefined;
    let name: string | undefined;
    try {
      name = options.ptyName();
    } catch {
      return undefined; // the PTY is closed
    }
    if (name === undefined || name === '') return undefined;
    const bare = bareName(name);
    if (!learned) {
      learned = true;
      shellNames.add(bare);
    }
    return { away: !shellNames.has(bare), argv: [name], nameOnly: true };
  };
}
