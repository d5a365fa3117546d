// Recognises a window-title set, `OSC 0 ;` or `OSC 2 ;`, at the start of an OSC string and keeps its text, capped.

/** Most title bytes kept; a longer title is cut here (terminals show a line of it at most). */
export const OSC_TITLE_LIMIT = 1024;

/** Told of each window title the child sets (its bytes, UTF-8 as the child wrote them, at most OSC_TITLE_LIMIT). */
export type OscTitleListener = (title: Uint8Array) => void;

const SEMICOLON = 0x3b;
const ZERO = 0x30;
const TWO = 0x32;
const FIRST = 0; // the string's first byte: 0 or 2
const SECOND = 1; // the `;` after it
const CAPTURING = 2;
const IGNORING = 3;

/** Watches one OSC string at a time; tells the listener the title if it was OSC 0 or OSC 2. */
export class OscTitleCapture {
  private mode = IGNORING;
  private length = 0;
  private readonly text = new Uint8Array(OSC_TITLE_LIMIT);

  constructor(private readonly listener: OscTitleListener | undefined) {}

  /** True when the current string's bytes need not be looked at (not a title, or no listener). */
  get ignoring(): boolean {
    return this.mode === IGNORING;
  }

  /** An OSC string opened. */
  begin(): void {
    this.length = 0;
    this.mode = this.listener === undefined ? IGNORING : FIRST;
  }

  /** The OSC string's content bytes `chunk[from, to)`. */
  push(chunk: Uint8Array, from: number, to: number): void {
    let i = from;
    for (; i < to && this.mode !== CAPTURING && this.mode !== IGNORING; i++) {
      const b = chunk[i] as number;
      if (this.mode === FIRST) this.mode = b === ZERO || b === TWO ? SECOND : IGNORING;
      else this.mode = b === SEMICOLON ? CAPTURING : IGNORING;
    }
    if (this.mode !== CAPTURING || i >= to) return;
    const kept = Math.min(to - i, OSC_TITLE_LIMIT - this.length);
    if (kept > 0) this.text.set(chunk.subarray(i, i + kept), this.length);
    this.length += kept;
  }

  /** The string ended (BEL or ST): a complete title set is told. */
  finish(): void {
    const captured = this.mode === CAPTURING;
    this.mode = IGNORING;
    if (captured) this.listener?.(this.text.slice(0, this.length));
  }

  /** The string was cancelled or cut off: the terminal sets no title. */
  abort(): void {
    this.mode = IGNORING;
  }
}
