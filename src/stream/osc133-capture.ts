// Recognises an OSC 133 shell mark, `133;A|B|C|D[;status][;key=value…]`, reading only its first few bytes.
import type { ShellMark, ShellMarkListener } from './shell-marks.js';

/** Most digits of a `D` status read; a longer number is no status (an exit status is at most 3 digits). */
export const OSC133_STATUS_DIGITS = 9;

const PREFIX = [0x31, 0x33, 0x33, 0x3b]; // "133;"
const SEMICOLON = 0x3b;
const ZERO = 0x30;
const NINE = 0x39;
const IGNORING = 0; // not a mark, or no listener
const IN_PREFIX = 1; // matching "133;"
const LETTER = 2; // the byte after "133;"
const AFTER_LETTER = 3; // the string must end or go on with `;`
const STATUS = 4; // digits of D's status
const COMPLETE = 5; // a valid mark; later bytes (key=value params) are not looked at

const MARKS: Readonly<Record<number, ShellMark['mark']>> = { 0x41: 'prompt', 0x42: 'input', 0x43: 'command', 0x44: 'end' };

/** Watches one OSC string at a time; tells the listener the mark if it was a well-formed OSC 133 A, B, C or D. */
export class Osc133Capture {
  private mode = IGNORING;
  private matched = 0;
  private kind: ShellMark['mark'] = 'prompt';
  private status = 0;
  private digits = 0;
  private statusValid = false;

  constructor(private readonly listener: ShellMarkListener | undefined) {}

  /** True when the current string's bytes need not be looked at (not a mark, already read, or no listener). */
  get ignoring(): boolean {
    return this.mode === IGNORING || this.mode === COMPLETE;
  }

  /** An OSC string opened. */
  begin(): void {
    this.matched = 0;
    this.mode = this.listener === undefined ? IGNORING : IN_PREFIX;
  }

  /** The OSC string's content bytes `chunk[from, to)`. */
  push(chunk: Uint8Array, from: number, to: number): void {
    for (let i = from; i < to && !this.ignoring; i++) this.byte(chunk[i] as number);
  }

  /** The string ended (BEL or ST): a complete mark is told. */
  finish(): void {
    const mode = this.mode;
    this.mode = IGNORING;
    if (this.listener === undefined) return;
    if (mode === AFTER_LETTER) this.listener(this.mark(false));
    else if (mode === STATUS || mode === COMPLETE) this.listener(this.mark(this.statusValid));
  }

  /** The string was cancelled or cut off: no mark. */
  abort(): void {
    this.mode = IGNORING;
  }

  private byte(b: number): void {
    switch (this.mode) {
      case IN_PREFIX:
        if (b !== PREFIX[this.matched]) this.mode = IGNORING;
        else if (++this.matched === PREFIX.length) this.mode = LETTER;
        return;
      case LETTER: {
        const kind = MARKS[b];
        if (kind === undefined) {
          this.mode = IGNORING;
          return;
        }
        this.kind = kind;
        this.mode = AFTER_LETTER;
        return;
      }
      case AFTER_LETTER:
        if (b !== SEMICOLON) this.mode = IGNORING;
        else if (this.kind !== 'end') this.mode = COMPLETE;
        else {
          this.status = 0;
          this.digits = 0;
          this.statusValid = false;
          this.mode = STATUS;
        }
        return;
      case STATUS:
        if (b >= ZERO && b <= NINE && this.digits < OSC133_STATUS_DIGITS) {
          this.status = this.status * 10 + (b - ZERO);
          this.digits++;
          this.statusValid = true;
          return;
        }
        if (b !== SEMICOLON) this.statusValid = false; // `D;aid=…` or an overlong number: no status
        this.mode = COMPLETE;
        return;
    }
  }

  private mark(withStatus: boolean): ShellMark {
    if (this.kind !== 'end') return { mark: this.kind };
    return withStatus ? { mark: 'end', status: this.status } : { mark: 'end' };
  }
}
