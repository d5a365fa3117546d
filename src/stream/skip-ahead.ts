// When no report waits, most of a chunk need not be parsed: where the scanner may jump ahead to.
import { CAN, ESC, SUB } from '../protocol/c0.js';
import { LEFT_BRACKET, RIGHT_BRACKET } from './bytes.js';

const QUESTION = 0x3f;
/** The last ESC is usually within a line of the chunk's end: look there before a native search. */
const NEAR_END = 256;

/** Index of the last ESC in `chunk`, or -1. */
function lastEscape(chunk: Uint8Array): number {
  const stop = Math.max(0, chunk.length - NEAR_END);
  for (let i = chunk.length - 1; i >= stop; i--) if (chunk[i] === ESC) return i;
  return stop === 0 ? -1 : chunk.lastIndexOf(ESC, stop - 1);
}

/** A byte that leaves ESC pending (C0 controls but ESC/CAN/SUB, DEL, bytes >= 0x80). */
function staysAfterEscape(b: number): boolean {
  return b >= 0x7f || (b < 0x20 && b !== ESC && b !== CAN && b !== SUB);
}

/** A byte a CSI's parameter parser skips before its first parameter byte (C0 controls but ESC/CAN/SUB, DEL). */
function skippedInCsi(b: number): boolean {
  return b === 0x7f || (b < 0x20 && b !== ESC && b !== CAN && b !== SUB);
}

/** Some `mark` in [from, to) follows `opener` with only bytes that `passes` lets by between them. */
function markAfter(chunk: Uint8Array, from: number, to: number, mark: number, opener: number, passes: (b: number) => boolean): boolean {
  for (let q = chunk.indexOf(mark, from); q >= 0 && q < to; q = chunk.indexOf(mark, q + 1)) {
    let j = q - 1;
    while (j >= from && passes(chunk[j] as number)) j--;
    if (j >= from && chunk[j] === opener) return true;
  }
  return false;
}

/**
 * For a scanner in ground state at `from`, outside a synchronized update, with no insertion point
 * wanted inside this chunk: the offset of the chunk's last ESC if the scanner may go straight there,
 * else -1. Its state after that ESC and the byte that follows it is the same whatever came between:
 * every ESC but `ESC ESC` inside a DCS/SOS/PM/APC string ends or cuts off what was open. Skipping is refused when the
 * bytes in between may hold what the scanner must see: an OSC string (the child's own OSC 7501), a DEC
 * private mode sequence (the start of a synchronized update), or when the last ESC is the second of a
 * pair or the chunk's last byte (then what it means depends on whether a string is open). All checks
 * are native searches for bytes that are rare in bulk output (`]`, `?`) and a backward search for ESC.
 */
export function skipTarget(chunk: Uint8Array, from: number): number {
  const last = lastEscape(chunk);
  if (last <= from || last >= chunk.length - 1 || chunk[last - 1] === ESC) return -1;
  // ESC … `]` may open an OSC string; `[` … `?` may be a DEC private mode's marker.
  if (markAfter(chunk, from, last, RIGHT_BRACKET, ESC, staysAfterEscape)) return -1;
  if (markAfter(chunk, from, last, QUESTION, LEFT_BRACKET, skippedInCsi)) return -1;
  return last;
}
