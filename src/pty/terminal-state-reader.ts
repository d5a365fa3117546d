// Reads the terminal's own state for the signals: the line discipline (stty) and whether the foreground reads (/proc).
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { TerminalState } from '../signals/terminal-state.js';
import { readLineDiscipline, type LineDiscipline } from './termios.js';
import { foregroundReads } from './tty-reading.js';

/** Where to look: the wrapped program's pid and its PTY's slave (`/dev/pts/N`). */
interface TerminalStateReaderOptions {
  childPid: () => number | undefined;
  ptsPath: () => string | undefined;
  /** Whether /proc can be read; detected once when not given (false: termios only, as on macOS). */
  proc?: boolean;
  /** The clock of the stty back-off (ms; default performance.now). */
  now?: () => number;
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

/** The least time (ms) between two `stty` runs while nothing says the line discipline changed; it doubles up to the most. */
export const STTY_BACKOFF_MIN_MS = 1000;
export const STTY_BACKOFF_MAX_MS = 8000;

/**
 * One session's reader. The /proc look is a few small file reads; termios costs one `stty` process, so it is read
 * again only when something says it may have changed: the foreground group or its reading changed, or output came
 * while the foreground reads (or its reading is unknown), or output came and moved the cursor to another row; else,
 * output came while nothing reads and the cursor kept its row: then at most once per back-off step
 * (STTY_BACKOFF_MIN_MS, doubling up to STTY_BACKOFF_MAX_MS while the runs find the same), so a build that prints a
 * line now and then spawns no stty per pause. While nothing reads, echo says nothing (the verdict is `working` or
 * the screen's); only a switch between canonical and raw mode can wait that long to be seen.
 */
export class TerminalStateReader {
  private readonly proc: boolean;
  private readonly now: () => number;
  private discipline: LineDiscipline | undefined;
  /** Output came since the last stty run: the program may have changed its line discipline. */
  private outputSince = true;
  private lastReading: boolean | undefined;
  private lastGroup: number | undefined;
  /** The cursor's row at the last stty run (undefined: not known then). */
  private lastRow: string | undefined;
  private lastSttyAt = -Infinity;
  private backoffMs = STTY_BACKOFF_MIN_MS;
  /** stty runs so far (the benchmarks and tests count them). */
  sttyRuns = 0;

  constructor(private readonly options: TerminalStateReaderOptions) {
    this.proc = options.proc ?? existsSync('/proc/self/stat');
    this.now = options.now ?? (() => performance.now());
  }

  /** Output came: the program may have changed its line discipline. */
  stale(): void {
    this.outputSince = true;
  }

  /**
   * The state now; undefined when the terminal or the child is gone. `cursorRow` is the text left of the cursor on
   * the screen drawn by all the output so far, or undefined when that screen is not known yet (then output counts
   * as a move to another row).
   */
  async read(cursorRow?: string): Promise<TerminalState | undefined> {
    const pid = this.options.childPid();
    const pts = this.options.ptsPath();
    if (pid === undefined || pts === undefined) return undefined;
    let reading: boolean | undefined;
    let changed = this.discipline === undefined;
    if (this.proc) {
      const group = foregroundGroup(pid);
      if (group === undefined) return undefined;
      reading = foregroundReads(group, pts);
      if (group !== this.lastGroup) changed = true;
      this.lastGroup = group;
    }
    if (reading !== this.lastReading) changed = true;
    this.lastReading = reading;
    // A program that reads may have turned echo off for its next prompt, worded like the last (terraform's
    // `Enter a value:` for a sensitive variable): output while it reads is always read again. Only while nothing
    // reads (a build printing lines), and the cursor stays on its row, does the back-off spare the runs.
    if (this.outputSince && (reading !== false || cursorRow === undefined || cursorRow !== this.lastRow)) changed = true;
    const now = this.now();
    if (changed) this.backoffMs = STTY_BACKOFF_MIN_MS;
    if (changed || (this.outputSince && now - this.lastSttyAt >= this.backoffMs)) {
      this.outputSince = false;
      this.lastRow = cursorRow;
      this.lastSttyAt = now;
      this.sttyRuns++;
      const before = this.discipline;
      this.discipline = await readLineDiscipline(pts);
      if (this.discipline === undefined) this.outputSince = true;
      else if (!changed && before?.mode === this.discipline.mode && before.echo === this.discipline.echo) {
        this.backoffMs = Math.min(this.backoffMs * 2, STTY_BACKOFF_MAX_MS);
      }
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
