// The one grammar of an OSC string's body, run by `osf7501 decode` (protocol/extract.ts) and by the live
// scanner (stream/scanner.ts) alike: which bytes are content, and which end, cancel or cut off the string.
import { BACKSLASH, BEL, CAN, ESC, SUB } from './c0.js';

/**
 * How a read of an OSC string stopped. The rule, after `ESC ]` (spec/osc7501.md, "OSC strings"):
 * BEL or ST (`ESC \`) ends the string; CAN or SUB cancels it (as in xterm.js and the VT500 parser);
 * ESC followed by any other byte, a second ESC included, cuts it off and opens the next sequence;
 * every other byte is content (C0 controls, DEL, and 0x80–0xFF: in a UTF-8 stream C1 bytes such as
 * 0x9C are parts of characters, not ST).
 */
export const OscStop = {
  /** The bytes ran out inside the string (maybe on an ESC: the next byte decides what it means). */
  open: 0,
  /** BEL ended the string: it is complete. */
  bel: 1,
  /** ST (`ESC \`) ended the string: it is complete. */
  st: 2,
  /** CAN or SUB cancelled the string: it is discarded; the byte after the CAN/SUB is in ground state. */
  cancel: 3,
  /** ESC and a byte other than `\` cut the string off: it is discarded; that ESC opens the next sequence. */
  cutOff: 4,
} as const;

/** One of {@link OscStop}'s values. */
export type OscStopValue = (typeof OscStop)[keyof typeof OscStop];

/** Reads one OSC string's body at a time, chunk by chunk; its only state is an ESC the last chunk ended on. */
export class OscStringReader {
  /** After `read`: the content it found is `chunk[from, contentEnd)`. */
  contentEnd = 0;
  /** After `read`: where the caller goes on. Past BEL, ST or CAN/SUB; for `cutOff`, the byte after the
   * ESC, so that ESC is at `next - 1` (-1: the previous chunk's last byte); `chunk.length` when open. */
  next = 0;
  private escPending = false;

  /** Starts a new string (right after its `ESC ]`). */
  begin(): void {
    this.escPending = false;
  }

  /** True while the string is open and the last byte read was an ESC. */
  get escapePending(): boolean {
    return this.escPending;
  }

  /** Reads `chunk[from, …)` of an open string and says how it stopped (see `contentEnd`, `next`). */
  read(chunk: Uint8Array, from: number): OscStopValue {
    const n = chunk.length;
    let i = from;
    if (this.escPending && i < n) {
      this.escPending = false;
      return this.afterEscape(chunk[i] as number, i, i + 1);
    }
    for (; i < n; i++) {
      const b = chunk[i] as number;
      if (b > ESC) continue; // every stop byte is at most ESC (0x1B)
      if (b === BEL) return this.stop(OscStop.bel, i, i + 1);
      if (b === CAN || b === SUB) return this.stop(OscStop.cancel, i, i + 1);
      if (b === ESC) {
        if (i + 1 >= n) break;
        return this.afterEscape(chunk[i + 1] as number, i, i + 2);
      }
    }
    this.escPending = i < n;
    return this.stop(OscStop.open, i, n);
  }

  /** The byte `b` after an ESC: `\` completes ST (`next` past it), anything else cuts the string off. */
  private afterEscape(b: number, contentEnd: number, pastByte: number): OscStopValue {
    return b === BACKSLASH ? this.stop(OscStop.st, contentEnd, pastByte) : this.stop(OscStop.cutOff, contentEnd, pastByte - 1);
  }

  private stop(how: OscStopValue, contentEnd: number, next: number): OscStopValue {
    this.contentEnd = contentEnd;
    this.next = next;
    return how;
  }
}
