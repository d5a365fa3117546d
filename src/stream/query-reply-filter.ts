// Removes a terminal's reply to an OSC 7501 query the shim already answered, and nothing else.
import { BACKSLASH, BEL, ESC } from '../protocol/c0.js';

/** `ESC ] 7501 ; ?` — every reply starts so (`?:more=pairs` may follow). */
const REPLY_PREFIX = [ESC, 0x5d, 0x37, 0x35, 0x30, 0x31, 0x3b, 0x3f];
/** Longest reply looked for; anything longer is not a reply and passes through. */
const MAX_REPLY_BYTES = 256;

/** A reply's body may hold `:key=value` pairs after the `?`, in the protocol's alphabets only. */
function isBodyByte(b: number): boolean {
  return (
    (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b === 0x3a || b === 0x3d ||
    b === 0x2c || b === 0x2e || b === 0x2b || b === 0x2f || b === 0x5f || b === 0x2d
  );
}

/** Where a reply starting at `start` ends: its end offset, 'partial' if the input stops inside it, or 'no'. */
function matchReply(bytes: Uint8Array, start: number): number | 'partial' | 'no' {
  for (let k = 0; k < REPLY_PREFIX.length; k++) {
    const at = start + k;
    if (at >= bytes.length) return 'partial';
    if (bytes[at] !== REPLY_PREFIX[k]) return 'no';
  }
  for (let i = start + REPLY_PREFIX.length; i < bytes.length && i - start < MAX_REPLY_BYTES; i++) {
    const b = bytes[i] as number;
    if (b === BEL) return i + 1;
    if (b === ESC) {
      if (i + 1 >= bytes.length) return 'partial';
      return bytes[i + 1] === BACKSLASH ? i + 2 : 'no';
    }
    if (!isBodyByte(b)) return 'no';
  }
  return bytes.length - start < MAX_REPLY_BYTES ? 'partial' : 'no';
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Pure and chunk-safe. After the shim answers a child's query itself, the outer terminal (if it
 * supports 7501) answers too; the child must get exactly one reply, so one expected reply is cut
 * from the user's input. A reply split across reads is held back until it completes or the owner
 * releases it (call `release()` when `holding` and no input came for a few milliseconds). Input is
 * held only while a reply is expected (the seconds after a query), so an Esc key press is delayed
 * by at most that release time, and only then.
 */
export class QueryReplyFilter {
  private expected = 0;
  private expiresAt = 0;
  private held: Uint8Array | undefined;

  /** The shim answered a query at `now`: drop the terminal's own reply if it comes within `windowMs`. */
  expect(now: number, windowMs: number): void {
    this.expected++;
    this.expiresAt = now + windowMs;
  }

  /** True while a possible reply is held back. */
  get holding(): boolean {
    return this.held !== undefined;
  }

  /** Bytes of user input to pass on now. */
  filter(chunk: Uint8Array, now: number): Uint8Array {
    let input = this.held === undefined ? chunk : concat(this.held, chunk);
    this.held = undefined;
    if (this.expected > 0 && now > this.expiresAt) this.expected = 0;
    if (this.expected === 0) return input;
    const kept: number[] = [];
    let from = 0;
    let out: Uint8Array | undefined;
    for (let i = input.indexOf(ESC); i >= 0 && this.expected > 0; i = input.indexOf(ESC, i + 1)) {
      const end = matchReply(input, i);
      if (end === 'no') continue;
      if (end === 'partial') {
        this.held = input.slice(i);
        input = input.subarray(0, i);
        break;
      }
      kept.push(from, i);
      from = end;
      i = end - 1;
      this.expected--;
    }
    if (kept.length === 0) return input;
    kept.push(from, input.length);
    let total = 0;
    for (let k = 0; k < kept.length; k += 2) total += (kept[k + 1] as number) - (kept[k] as number);
    out = new Uint8Array(total);
    let offset = 0;
    for (let k = 0; k < kept.length; k += 2) {
      out.set(input.subarray(kept[k] as number, kept[k + 1] as number), offset);
      offset += (kept[k + 1] as number) - (kept[k] as number);
    }
    return out;
  }

  /** Gives back held bytes (they were not a reply after all, or it never completed). */
  release(): Uint8Array {
    const held = this.held ?? new Uint8Array(0);
    this.held = undefined;
    return held;
  }
}
