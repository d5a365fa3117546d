// Reads the terminal's own state for the signals: the line discipline (stty) and whether the foreground reads (/proc).
import { existsSync, readFileSync } from 'node:fs';
import type { TerminalState } from '../signals/terminal-state.js';
import { readLineDiscipline, type LineDiscipline } from './termios.js';
import { foregroundReads } from './tty-reading.js';

/** Where to look: the wrapped program's pid and its PTY's slave (`/dev/pts/N`). */
interface TerminalStateReaderOptions {
  childPid: () => number | undefined;
  ptsPath: () => string | undefined;
  /** Whether /proc can be read; detected once when not given (false: termios only, as on macOS). */
  proc?: boolean;
}

/** The terminal's foreground process group (field 8, tpgid, of /proc/PID/stat). */
function foregroundGroup(childPid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${childPid}/stat`, 'utf8');
    const tpgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[5]);
    return Number.isInteger(tpgid) && tpgid > 0 ? tpgid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One session's reader. The /proc look is a few small file reads; termios costs one `stty` process, so it is read
 * again only when the output or the foreground's reading changed since the last read (`stale()`).
 */
export class TerminalStateReader {
  private readonly proc: boolean;
  private discipline: LineDiscipline | undefined;
  private disciplineFresh = false;
  private lastReading: boolean | undefined;
  private lastGroup: number | undefined;

  constructor(private readonly options: TerminalStateReaderOptions) {
    this.proc = options.proc ?? existsSync('/proc/self/stat');
  }

  /** Output came: the program may have changed its line discipline. */
  stale(): void {
    this.disciplineFresh = false;
  }

  /** The state now; undefined when the terminal or the child is gone. */
  async read(): Promise<TerminalState | undefined> {
    const pid = this.options.childPid();
    const pts = this.options.ptsPath();
    if (pid === undefined || pts === undefined) return undefined;
    let reading: boolean | undefined;
    if (this.proc) {
      const group = foregroundGroup(pid);
      if (group === undefined) return undefined;
      reading = foregroundReads(group, pts);
      if (group !== this.lastGroup) this.disciplineFresh = false;
      this.lastGroup = group;
    }
    if (reading !== this.lastReading) this.disciplineFresh = false;
    this.lastReading = reading;
    if (!this.disciplineFresh) {
      this.discipline = await readLineDiscipline(pts);
      this.disciplineFresh = this.discipline !== undefined;
    }
    const state: TerminalState = {};
    if (this.discipline !== undefined) {
      state.mode = this.discipline.mode;
      state.echo = this.discipline.echo;
    }
    if (reading !== undefined) state.reading = reading;
    return state;
  }
}
