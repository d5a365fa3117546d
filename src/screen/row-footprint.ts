// Which screen rows a run of output can have changed, told from the bytes alone, or "cannot tell".
// Pure. It follows the cursor from a known start through the few things a spinner frame is made of
// (text, SGR, erase in line, cursor moves that stay on the screen, save/restore) and gives up at
// anything else: a scroll, a possible wrap, a mode, a string sequence, a tab, a C1 control.
import { BEL, ESC } from '../protocol/c0.js';
import { utf8Need } from '../protocol/utf8.js';

/** Where the cursor is and what moves it, as the shadow screen had it when it last read all output. */
export interface CursorStart {
  /** Column, 0-based; `cols` or more when a wrap is pending. */
  x: number;
  /** Row of the visible screen, 0-based. */
  y: number;
  cols: number;
  rows: number;
  /** The scroll region (0-based, inclusive), when known. */
  scrollTop?: number;
  scrollBottom?: number;
  /** DECOM: CUP is relative to the scroll region. */
  originMode: boolean;
}


const enum Mode {
  Ground,
  Escape,
  Csi,
  Utf8,
}

/**
 * Follows output byte by byte. `rows` is the set of rows written or erased so far, or undefined once
 * the output did anything it does not follow (then it stays undefined: the screen must read it).
 */
export class RowFootprint {
  private readonly touched = new Set<number>();
  private unknown = false;
  private y: number;
  /** The cursor column is known to lie in [xMin, xMax]: a character beyond ASCII is 0, 1 or 2 columns. */
  private xMin: number;
  private xMax: number;
  private saved: { y: number; xMin: number; xMax: number } | undefined;
  private mode = Mode.Ground;
  private params = '';
  private utf8Need = 0;
  private utf8Lead = 0;

  constructor(private readonly start: CursorStart) {
    this.y = start.y;
    this.xMin = start.x;
    this.xMax = start.x;
    if (start.originMode || start.x >= start.cols || start.y < 0 || start.y >= start.rows) this.unknown = true;
  }

  /** The rows written or erased so far; undefined when it cannot tell. */
  get rows(): ReadonlySet<number> | undefined {
    return this.unknown ? undefined : this.touched;
  }

  /** Follows `bytes` (any split: a sequence or character may continue in the next call). */
  push(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && !this.unknown; i++) this.byte(bytes[i] as number);
  }

  private giveUp(): void {
    this.unknown = true;
  }

  private byte(b: number): void {
    switch (this.mode) {
      case Mode.Ground:
        return this.ground(b);
      case Mode.Escape:
        return this.escape(b);
      case Mode.Csi:
        return this.csi(b);
      case Mode.Utf8:
        return this.utf8(b);
    }
  }

  private ground(b: number): void {
    if (b >= 0x20 && b < 0x7f) return this.print(1, 1);
    if (b >= 0xc2 && b <= 0xf4) {
      this.utf8Need = utf8Need(b);
      this.utf8Lead = b;
      this.mode = Mode.Utf8;
      return;
    }
    switch (b) {
      case ESC:
        this.mode = Mode.Escape;
        return;
      case 0x0d: // CR
        this.xMin = 0;
        this.xMax = 0;
        return;
      case 0x0a: // LF, VT, FF: down one row, unless that scrolls
      case 0x0b:
      case 0x0c:
        return this.down(1);
      case 0x08: // BS
        if (this.xMin < 1) return this.giveUp();
        this.xMin -= 1;
        this.xMax -= 1;
        return;
      case 0x00: // NUL, BEL, DEL: nothing on the screen
      case BEL:
      case 0x7f:
        return;
      default: // TAB (tab stops), SO/SI (charsets), other C0, stray or invalid UTF-8 bytes
        return this.giveUp();
    }
  }

  private utf8(b: number): void {
    if ((b & 0xc0) !== 0x80) return this.giveUp();
    // U+0080–U+009F (C2 80–C2 9F) are C1 controls to the terminal: CSI, OSC, NEL, …
    if (this.utf8Lead === 0xc2 && this.utf8Need === 1 && b < 0xa0) return this.giveUp();
    this.utf8Lead = 0;
    this.utf8Need -= 1;
    if (this.utf8Need > 0) return;
    this.mode = Mode.Ground;
    this.print(0, 2);
  }

  /** A character of `min`–`max` columns at the cursor: its row only, unless it may reach the last column. */
  private print(min: number, max: number): void {
    if (this.xMax + max > this.start.cols - 1) return this.giveUp();
    this.touched.add(this.y);
    this.xMin += min;
    this.xMax += max;
  }

  private escape(b: number): void {
    this.mode = Mode.Ground;
    switch (b) {
      case 0x5b: // [
        this.mode = Mode.Csi;
        this.params = '';
        return;
      case 0x37: // 7: DECSC
        this.saved = { y: this.y, xMin: this.xMin, xMax: this.xMax };
        return;
      case 0x38: // 8: DECRC
        return this.restore();
      default:
        return this.giveUp();
    }
  }

  private restore(): void {
    if (this.saved === undefined) return this.giveUp(); // saved before this output: not known here
    this.y = this.saved.y;
    this.xMin = this.saved.xMin;
    this.xMax = this.saved.xMax;
  }

  private csi(b: number): void {
    if ((b >= 0x30 && b <= 0x39) || b === 0x3b) {
      this.params += String.fromCharCode(b);
      if (this.params.length > 16) this.giveUp();
      return;
    }
    this.mode = Mode.Ground;
    // A private marker (?, <, =, >), a sub-parameter (:), an intermediate byte: not followed.
    if (b < 0x40 || b > 0x7e) return this.giveUp();
    const p = this.params.split(';').map((s) => (s === '' ? 0 : Number(s)));
    const n = Math.max(1, p[0] ?? 0);
    switch (String.fromCharCode(b)) {
      case 'm': // SGR
        return;
      case 'H': // CUP
      case 'f':
        this.y = Math.min(Math.max(1, p[0] ?? 0), this.start.rows) - 1;
        return this.column(Math.min(Math.max(1, p[1] ?? 0), this.start.cols) - 1);
      case 'A': // CUU
        return this.up(n);
      case 'B': // CUD
        return this.down(n);
      case 'E': // CNL
        this.down(n);
        return this.column(0);
      case 'F': // CPL
        this.up(n);
        return this.column(0);
      case 'C': // CUF
        if (this.xMax + n > this.start.cols - 1) return this.giveUp();
        this.xMin += n;
        this.xMax += n;
        return;
      case 'D': // CUB
        if (this.xMin - n < 0) return this.giveUp();
        this.xMin -= n;
        this.xMax -= n;
        return;
      case 'G': // CHA
      case '`': // HPA
        return this.column(Math.min(n, this.start.cols) - 1);
      case 'd': // VPA
        this.y = Math.min(n, this.start.rows) - 1;
        return;
      case 'K': // EL, ECH, DCH, ICH: this row only
      case 'X':
      case 'P':
      case '@':
        this.touched.add(this.y);
        return;
      case 's': // SCOSC / SCORC
        if (this.params !== '') return this.giveUp();
        this.saved = { y: this.y, xMin: this.xMin, xMax: this.xMax };
        return;
      case 'u':
        if (this.params !== '') return this.giveUp();
        return this.restore();
      default:
        return this.giveUp();
    }
  }

  private column(x: number): void {
    this.xMin = x;
    this.xMax = x;
  }

  /** Rows up, only where the terminal would not stop the cursor at a margin first. */
  private up(n: number): void {
    const top = this.start.scrollTop;
    if (top === undefined) return this.giveUp();
    const limit = this.y >= top ? top : 0;
    if (this.y - n < limit) return this.giveUp();
    this.y -= n;
  }

  /** Rows down (CUD, or LF by one), only where nothing scrolls and no margin stops the cursor. */
  private down(n: number): void {
    const bottom = this.start.scrollBottom;
    if (bottom === undefined) return this.giveUp();
    const limit = this.y <= bottom ? bottom : this.start.rows - 1;
    if (this.y + n > limit) return this.giveUp();
    this.y += n;
  }
}
