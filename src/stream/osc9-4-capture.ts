// Recognises ConEmu's progress, OSC `9;4;ST[;PR]`, reading only its first few bytes.
import type { ProgressListener, ProgressMark } from './progress-marks.js';

const PREFIX = [0x39, 0x3b, 0x34, 0x3b]; // "9;4;"
const SEMICOLON = 0x3b;
const ZERO = 0x30;
const NINE = 0x39;
/** Most digits of a percentage read; a longer number is none. */
const VALUE_DIGITS = 3;
const IGNORING = 0; // not a progress string, or no listener
const IN_PREFIX = 1; // matching "9;4;"
const STATE = 2; // the state digit
const AFTER_STATE = 3; // the string must end or go on with `;`
const VALUE = 4; // digits of the percentage
const INVALID_VALUE = 5; // a value that is no number: the mark counts, without a value
const VALUE_READ = 6; // a value, then `;` and more (not looked at)

const STATES: readonly ProgressMark['state'][] = ['removed', 'value', 'error', 'indeterminate', 'paused'];

/** Watches one OSC string at a time; tells the listener a well-formed OSC 9;4. Bytes are never changed. */
export class Osc94Capture {
  private mode = IGNORING;
  private matched = 0;
  private state: ProgressMark['state'] = 'removed';
  private value = 0;
  private digits = 0;

  constructor(private readonly listener: ProgressListener | undefined) {}

  /** True when the current string's bytes need not be looked at. */
  get ignoring(): boolean {
    return this.mode === IGNORING || this.mode === INVALID_VALUE || this.mode === VALUE_READ;
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
    if (mode === AFTER_STATE || mode === INVALID_VALUE || (mode === VALUE && this.digits === 0)) this.listener({ state: this.state });
    else if (mode === VALUE || mode === VALUE_READ) this.listener({ state: this.state, value: Math.min(100, this.value) });
  }

  /** The string was cancelled or cut off: no mark. */
  abort(): void {
    this.mode = IGNORING;
  }

  private byte(b: number): void {
    switch (this.mode) {
      case IN_PREFIX:
        if (b !== PREFIX[this.matched]) this.mode = IGNORING;
        else if (++this.matched === PREFIX.length) this.mode = STATE;
        return;
      case STATE: {
        const state = b >= ZERO && b <= NINE ? STATES[b - ZERO] : undefined;
        if (state === undefined) {
          this.mode = IGNORING;
          return;
        }
        this.state = state;
        this.mode = AFTER_STATE;
        return;
      }
      case AFTER_STATE:
        if (b !== SEMICOLON) this.mode = IGNORING; // `9;4;10`: no state of ConEmu's
        else {
          this.value = 0;
          this.digits = 0;
          this.mode = VALUE;
        }
        return;
      case VALUE:
        if (b >= ZERO && b <= NINE && this.digits < VALUE_DIGITS) {
          this.value = this.value * 10 + (b - ZERO);
          this.digits++;
        } else this.mode = b === SEMICOLON && this.digits > 0 ? VALUE_READ : INVALID_VALUE;
        return;
    }
  }
}
