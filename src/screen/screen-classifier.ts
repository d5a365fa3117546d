// The shadow screen and the rules together: bytes in, a classification of the visible rows out.
import type { RuleProbe, RuleSet } from '../rules/rule-set.js';
import type { Classification } from '../rules/types.js';
import type { CursorStart } from './row-footprint.js';
import { ShadowScreen } from './shadow-screen.js';

/**
 * One sweep's outcome: the same visible text (and text left of the cursor) as last time is not classified again. `softWrapped`: which rows
 * the terminal wrapped on from the row above (absent where no terminal is behind the rows).
 */
export type SweepResult =
  | { changed: false }
  | { changed: true; classification: Classification; lines: string[]; softWrapped?: boolean[]; cursorRow?: string };

/**
 * How a sweep runs the rules (the live client: under a time limit). `probe` is told each rule before it runs;
 * `run` calls `classify` and returns its result, or throws if it cut the classification off. The
 * classifier is then as before the sweep: the next sweep classifies the same screen again.
 */
export interface SweepGuard {
  probe: RuleProbe;
  run<T>(classify: () => T): T;
}

/** Shared by the live shim (its ScreenClient, src/session/screen-client.ts) and by `osf7501 classify` replays. */
export class ScreenClassifier {
  private screen: ShadowScreen;
  private lastText: string | undefined;

  constructor(
    private rules: RuleSet,
    private cols: number,
    private rows: number,
  ) {
    this.screen = new ShadowScreen({ cols, rows });
  }

  /** Feeds child output. */
  write(bytes: Uint8Array): void {
    this.screen.write(bytes);
  }

  /** Follows the PTY's size. */
  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.screen.resize(cols, rows);
  }

  /** Classifies with `rules` from now on; the next sweep classifies even an unchanged screen. */
  setRules(rules: RuleSet): void {
    this.rules = rules;
    this.lastText = undefined;
  }

  /** Starts over with a blank screen (after output had to be skipped). */
  reset(): void {
    if (this.screen.broken === undefined) this.screen.reset();
    else {
      this.screen.dispose();
      this.screen = new ShadowScreen({ cols: this.cols, rows: this.rows });
    }
    this.lastText = undefined;
  }

  /** Why the screen stopped working, if it did. */
  get broken(): string | undefined {
    return this.screen.broken;
  }

  /**
   * Waits for every byte written so far to be parsed, then classifies the visible rows if they changed
   * (through `guard` when given).
   */
  async sweep(guard?: SweepGuard): Promise<SweepResult> {
    await this.screen.flush();
    const lines = this.screen.visibleLines();
    const cursorRow = this.screen.cursorRowText();
    // The cursor's row is part of what a sweep reads: a prompt answered moves the cursor off it, nothing else.
    const text = `${lines.join('\n')}\n\u0000${cursorRow ?? ''}`;
    if (text === this.lastText) return { changed: false };
    const softWrapped = this.screen.softWrappedRows();
    const layout = { width: this.cols, softWrapped, styles: this.screen.leadStyles() };
    const classify = (): Classification => this.rules.classify(lines, guard?.probe, layout);
    const classification = guard === undefined ? classify() : guard.run(classify);
    this.lastText = text;
    return { changed: true, classification, lines, softWrapped, ...(cursorRow === undefined ? {} : { cursorRow }) };
  }

  /** The cursor as of the last byte parsed (read it right after a sweep); undefined when the screen is gone. */
  cursor(): CursorStart | undefined {
    return this.screen.cursor();
  }

  /** Releases the screen. Idempotent. */
  dispose(): void {
    this.screen.dispose();
  }
}
