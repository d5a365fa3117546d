// A shadow copy of the child's screen: bytes in, visible rows out. The only file that uses xterm; it
// gets the Terminal class through xterm-terminal.cts, a CommonJS bridge (see there why).
import type { RowStyle } from '../rules/types.js';
import { CAN, ESC } from '../protocol/c0.js';
import { utf8CompleteLength } from '../protocol/utf8.js';
import type { CursorStart } from './row-footprint.js';
import { Terminal } from './xterm-terminal.cjs';

type XtermTerminal = InstanceType<typeof Terminal>;

/** Rows kept above the screen. Only visible rows are ever read; a few keep resize reflow honest. */
const SHADOW_SCROLLBACK_ROWS = 50;

/** CAN (cancel any sequence in progress), then RIS (ESC c: full reset, both buffers and all modes). */
const FULL_RESET = new Uint8Array([CAN, ESC, 0x63]);
/** The most rows a prompt at the cursor is read back over, where the terminal wrapped it. */
const MAX_PROMPT_ROWS = 4;

/** xterm's smallest width; narrower sizes are raised to it. */
export const MIN_COLS = 2;
/** xterm's smallest height; lower sizes are raised to it. */
export const MIN_ROWS = 1;

/** Construction options for a shadow screen. */
interface ShadowScreenOptions {
  cols: number;
  rows: number;
}

/** A headless terminal that mirrors what the user sees, read as plain text rows. */
export class ShadowScreen {
  #term: XtermTerminal | undefined;
  #broken: string | undefined;
  #pending = new Set<() => void>();
  #partial: Uint8Array | undefined;

  constructor(options: ShadowScreenOptions) {
    try {
      this.#term = new Terminal({
        cols: clampSize(options.cols, MIN_COLS),
        rows: clampSize(options.rows, MIN_ROWS),
        scrollback: SHADOW_SCROLLBACK_ROWS,
        allowProposedApi: true,
        // xterm logs parse errors with console.*: from the shim that would land on the user's terminal.
        logLevel: 'off',
      });
    } catch (error) {
      this.#fail('create', error);
    }
  }

  /**
   * Feeds raw child output. The bytes are copied: the caller may reuse its buffer. A UTF-8
   * character split across two writes is held back and written whole with the next write:
   * @xterm/headless loses a character whose held-back bytes include 0x80 (`…`, `—`, `•`; 5.5 and 6.0.0 both;
   * xterm.js #6003), and PTY reads split characters anywhere.
   */
  write(bytes: Uint8Array): void {
    const term = this.#term;
    if (term === undefined || bytes.length === 0) return;
    let data = bytes;
    if (this.#partial !== undefined) {
      data = new Uint8Array(this.#partial.length + bytes.length);
      data.set(this.#partial, 0);
      data.set(bytes, this.#partial.length);
      this.#partial = undefined;
    }
    const whole = utf8CompleteLength(data);
    if (whole < data.length) this.#partial = data.slice(whole);
    if (whole === 0) return;
    try {
      term.write(data === bytes ? bytes.slice(0, whole) : data.subarray(0, whole));
    } catch (error) {
      this.#fail('write', error);
    }
  }

  /**
   * Starts over from a blank screen (after output had to be skipped), in the same terminal: a new one
   * per flood would leave a dead terminal's buffers to the garbage collector each time. The reset goes
   * through the write queue (CAN ends any open sequence, ESC c is a full reset), so bytes written
   * before it never land after it.
   */
  reset(): void {
    const term = this.#term;
    this.#partial = undefined;
    if (term === undefined) return;
    try {
      term.write(FULL_RESET);
    } catch (error) {
      this.#fail('reset', error);
    }
  }

  /** Changes the size; xterm reflows wrapped lines the way the user's terminal does. */
  resize(cols: number, rows: number): void {
    const term = this.#term;
    if (term === undefined) return;
    try {
      term.resize(clampSize(cols, MIN_COLS), clampSize(rows, MIN_ROWS));
    } catch (error) {
      this.#fail('resize', error);
    }
  }

  /**
   * The visible rows of the active buffer (the alternate screen while it is on), right-trimmed,
   * never scrollback. Cells nothing was written to read as spaces; a wide character reads once.
   * Empty once disposed or broken. Call `flush()` first: xterm parses asynchronously.
   */
  visibleLines(): string[] {
    const term = this.#term;
    if (term === undefined) return [];
    try {
      const buffer = term.buffer.active;
      const lines: string[] = [];
      for (let y = 0; y < term.rows; y += 1) {
        lines.push((buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '').trimEnd());
      }
      return lines;
    } catch (error) {
      this.#fail('read', error);
      return [];
    }
  }

  /**
   * Per visible row (as visibleLines), the style of its first non-blank cell (a space with a background or in
   * reverse video counts: a highlighted row's padding), or undefined for a blank row: what tells a selection
   * drawn in colour only. Empty once disposed or broken. Call `flush()` first.
   */
  leadStyles(): (RowStyle | undefined)[] {
    const term = this.#term;
    if (term === undefined) return [];
    try {
      const buffer = term.buffer.active;
      const cell = buffer.getNullCell();
      const styles: (RowStyle | undefined)[] = [];
      for (let y = 0; y < term.rows; y += 1) {
        const line = buffer.getLine(buffer.baseY + y);
        let style: RowStyle | undefined;
        for (let x = 0; line !== undefined && x < term.cols && style === undefined; x += 1) {
          if (line.getCell(x, cell) === undefined) break;
          const inverse = cell.isInverse() !== 0;
          const bg = cell.isBgDefault() ? -1 : cell.getBgColor() + (cell.getBgColorMode() << 25);
          const chars = cell.getChars();
          if ((chars === '' || chars === ' ') && !inverse && bg === -1) continue;
          style = { column: x, inverse, bg, fg: cell.isFgDefault() ? -1 : cell.getFgColor() + (cell.getFgColorMode() << 25) };
        }
        styles.push(style);
      }
      return styles;
    } catch (error) {
      this.#fail('read', error);
      return [];
    }
  }

  /**
   * Per visible row (as visibleLines), whether the terminal wrapped it on from the row above: the text ran
   * past the last column (xterm's `isWrapped`), as opposed to a row the program began itself with a newline
   * or a cursor move. Empty once disposed or broken. Call `flush()` first.
   */
  softWrappedRows(): boolean[] {
    const term = this.#term;
    if (term === undefined) return [];
    try {
      const buffer = term.buffer.active;
      const wrapped: boolean[] = [];
      for (let y = 0; y < term.rows; y += 1) wrapped.push(buffer.getLine(buffer.baseY + y)?.isWrapped === true);
      return wrapped;
    } catch (error) {
      this.#fail('read', error);
      return [];
    }
  }

  /** Resolves once every byte written so far has been parsed (or the screen is gone). */
  flush(): Promise<void> {
    const term = this.#term;
    if (term === undefined) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        this.#pending.delete(done);
        resolve();
      };
      this.#pending.add(done);
      try {
        term.write('', done);
      } catch (error) {
        this.#fail('flush', error);
      }
    });
  }

  /**
   * The text of the cursor's row left of the cursor (call `flush()` first): a prompt the program waits at, with the
   * rows the terminal wrapped it from (xterm's `isWrapped`; at most {@link MAX_PROMPT_ROWS}), so a prompt longer than
   * the terminal is wide (`Enter passphrase for key '/a/long/path':` at 60 columns) is read whole.
   */
  cursorRowText(): string | undefined {
    const term = this.#term;
    if (term === undefined) return undefined;
    try {
      const buffer = term.buffer.active;
      let y = buffer.baseY + buffer.cursorY;
      let line = buffer.getLine(y);
      let text = line?.translateToString(false, 0, Math.min(buffer.cursorX, term.cols));
      for (let rows = 1; text !== undefined && line?.isWrapped === true && y > 0 && rows < MAX_PROMPT_ROWS; rows += 1) {
        y -= 1;
        line = buffer.getLine(y);
        text = `${line?.translateToString(false) ?? ''}${text}`;
      }
      return text;
    } catch {
      return undefined;
    }
  }

  /**
   * Where the cursor is (call `flush()` first) and what bounds its moves, for {@link RowFootprint};
   * undefined once disposed or broken. The scroll region is xterm's internal state: absent when a
   * release of xterm no longer has it there.
   */
  cursor(): CursorStart | undefined {
    const term = this.#term;
    if (term === undefined) return undefined;
    try {
      const buffer = term.buffer.active;
      const internal = (term as unknown as { _core?: { buffer?: { scrollTop?: unknown; scrollBottom?: unknown } } })._core?.buffer;
      const top = internal?.scrollTop;
      const bottom = internal?.scrollBottom;
      return {
        x: buffer.cursorX,
        y: buffer.cursorY,
        cols: term.cols,
        rows: term.rows,
        ...(typeof top === 'number' && typeof bottom === 'number' ? { scrollTop: top, scrollBottom: bottom } : {}),
        originMode: term.modes.originMode,
      };
    } catch (error) {
      this.#fail('read', error);
      return undefined;
    }
  }

  /** The current size, or undefined once disposed or broken. */
  get size(): { cols: number; rows: number } | undefined {
    const term = this.#term;
    return term === undefined ? undefined : { cols: term.cols, rows: term.rows };
  }

  /** Why the screen stopped working (an xterm exception), or undefined while it works. */
  get broken(): string | undefined {
    return this.#broken;
  }

  /** Releases the terminal; later calls are no-ops and pending flushes resolve. Idempotent. */
  dispose(): void {
    const term = this.#term;
    this.#term = undefined;
    for (const done of [...this.#pending]) done();
    if (term === undefined) return;
    try {
      term.dispose();
    } catch {
      // Nothing more can be done with a terminal that cannot even be disposed.
    }
  }

  #fail(action: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.#broken ??= `xterm failed during ${action}: ${reason}`;
    this.dispose();
  }
}

function clampSize(value: number, min: number): number {
  return Number.isFinite(value) ? Math.max(min, Math.floor(value)) : min;
}
