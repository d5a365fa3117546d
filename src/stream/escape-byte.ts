// What the byte after ESC does (ECMA-48 as xterm reads it), and a fast search for the next ESC.
import { CAN, ESC, SUB } from '../protocol/c0.js';
import { CARET, LEFT_BRACKET, LETTER_C, LETTER_P, LETTER_X, RIGHT_BRACKET, UNDERSCORE } from './bytes.js';

/** The effect of a byte that follows ESC (see {@link afterEscape}). */
export const AfterEsc = {
  /** C0 controls, DEL and bytes >= 0x80: executed or ignored, the sequence stays open. */
  stay: 0,
  openCsi: 1,
  openOsc: 2,
  /** DCS, SOS, PM or APC: a string that only ST ends. */
  openString: 3,
  intermediate: 4,
  /** A final byte: the sequence is complete. */
  final: 5,
  /** `ESC c` (RIS): complete, and it ends a synchronized update. */
  reset: 6,
  /** Another ESC: the sequence is cut off and a new one starts. */
  restart: 7,
  /** CAN or SUB: the sequence is cancelled (and complete). */
  cancel: 8,
} as const;

/** Classify the byte right after ESC. */
export function afterEscape(b: number): number {
  if (b === LEFT_BRACKET) return AfterEsc.openCsi;
  if (b === RIGHT_BRACKET) return AfterEsc.openOsc;
  if (b === LETTER_P || b === LETTER_X || b === CARET || b === UNDERSCORE) return AfterEsc.openString;
  if (b >= 0x20 && b <= 0x2f) return AfterEsc.intermediate;
  if (b === LETTER_C) return AfterEsc.reset;
  if (b >= 0x30 && b <= 0x7e) return AfterEsc.final;
  if (b === ESC) return AfterEsc.restart;
  if (b === CAN || b === SUB) return AfterEsc.cancel;
  return AfterEsc.stay;
}

/** Classify a byte after ESC and intermediates: more intermediates stay, 0x30–0x7E is final. */
export function afterIntermediate(b: number): number {
  if (b >= 0x30 && b <= 0x7e) return AfterEsc.final;
  if (b === ESC) return AfterEsc.restart;
  if (b === CAN || b === SUB) return AfterEsc.cancel;
  return AfterEsc.stay;
}

// Runs between escape sequences are short in TUI output, where calling the native indexOf()
// costs more than a few loop steps; longer runs go to indexOf().
const SHORT_RUN = 16;

/** Index of the next ESC at or after `from`, or -1. */
export function indexOfEscape(chunk: Uint8Array, from: number): number {
  const stop = Math.min(chunk.length, from + SHORT_RUN);
  for (let i = from; i < stop; i++) if (chunk[i] === ESC) return i;
  return stop === chunk.length ? -1 : chunk.indexOf(ESC, stop);
}
