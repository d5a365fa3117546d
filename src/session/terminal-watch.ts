// Reads the terminal's state while the output is quiet, and hands on each change, and the first read after output
// (a fresh read, the same or not): nothing is read while output streams, nor while the state would not count (an
// agent holds the foreground: its screen rules decide, so no stty is spawned and no /proc read for it).
import { sameTerminalState, type TerminalState } from '../signals/terminal-state.js';
import type { TerminalStateReader } from '../pty/terminal-state-reader.js';

/** How often the terminal is looked at while quiet (a secret typed with echo off makes no output). */
export const TERMINAL_POLL_MS = 250;
/** How long the output must be quiet before the terminal is read: a prompt is drawn and the read has begun. */
export const TERMINAL_QUIET_MS = 200;

/**
 * Polls a reader every TERMINAL_POLL_MS once output has been quiet TERMINAL_QUIET_MS, while `counts()` says the state
 * is wanted; `dispose()` is idempotent.
 */
export class TerminalWatch {
  private readonly timer: NodeJS.Timeout;
  private lastOutputAt = -Infinity;
  private reading = false;
  private last: TerminalState | undefined;
  /** Output came since the last state handed on: the next read is news even when the state is the same. */
  private outputSince = false;
  /** The state stopped counting at a poll: once it counts again, the first read is news and a sweep waits for it. */
  private paused = false;
  /** The cursor's row on the last swept screen, and when that sweep began (the output it covers). */
  private cursorRow: string | undefined;
  private sweptFrom = -Infinity;
  private disposed = false;

  constructor(
    private readonly reader: TerminalStateReader,
    private readonly now: () => number,
    private readonly onState: (state: TerminalState) => void,
    /** Whether the state counts now (the policy ranks with it, or a recorder writes it); read at each poll and sweep. */
    private readonly counts: () => boolean = () => true,
  ) {
    this.timer = setInterval(() => void this.poll(), TERMINAL_POLL_MS);
    this.timer.unref();
  }

  /** Output came at `at`: reading waits for the next quiet spell. The hot path: three assignments. */
  noteOutput(at: number): void {
    this.lastOutputAt = at;
    this.outputSince = true;
    this.reader.stale();
  }

  /**
   * A sweep that began at `from` has read the screen: its cursor's row (when it changed; an unchanged screen keeps
   * the row). The reader spawns stty for a row it has not seen, not for every pause of the output.
   */
  noteSwept(from: number, screen: { changed: false } | { changed: true; cursorRow?: string }): void {
    if (screen.changed) this.cursorRow = screen.cursorRow;
    this.sweptFrom = Math.max(this.sweptFrom, from);
  }

  /** A sweep should wait for a read first: nothing was read yet, or its screen is blocked (then only on Linux's /proc word). */
  wanted(blocked: boolean): boolean {
    return !this.disposed && this.resumed() && (this.last === undefined || blocked);
  }

  /** Reads now, whatever the output did (a sweep has just found the screen quiet), and hands on a change. */
  readNow(): Promise<void> {
    return this.read();
  }

  private async poll(): Promise<void> {
    if (this.disposed || !this.resumed() || this.now() - this.lastOutputAt < TERMINAL_QUIET_MS) return;
    return this.read();
  }

  /** Whether the state counts; while it does not, what was read is forgotten (it would be stale when it counts again). */
  private resumed(): boolean {
    if (!this.counts()) {
      this.paused = true;
      this.last = undefined;
      return false;
    }
    if (this.paused) {
      this.paused = false;
      this.reader.stale();
    }
    return true;
  }

  private async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    // Output during the read sets it again: that output is not covered by this read.
    const afterOutput = this.outputSince;
    this.outputSince = false;
    try {
      // The row is known only when a sweep began after the last output (the screen it read has all of it).
      const state = await this.reader.read(this.sweptFrom >= this.lastOutputAt ? this.cursorRow : undefined);
      // The same state again is news only after output: the program drew on and still reads (git's next hunk).
      if (this.disposed || state === undefined || (sameTerminalState(state, this.last) && !afterOutput)) {
        if (afterOutput && state === undefined) this.outputSince = true;
        return;
      }
      this.last = state;
      this.onState(state);
    } catch {
      // A terminal that cannot be read says nothing: the screen's rules decide.
    } finally {
      this.reading = false;
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearInterval(this.timer);
  }
}
