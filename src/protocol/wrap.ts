// Wraps a sequence so it passes through a terminal multiplexer to the terminal outside it.
import { BACKSLASH, BEL, ESC } from './c0.js';

const TMUX_PREFIX = [ESC, 0x50, 0x74, 0x6d, 0x75, 0x78, 0x3b] as const; // ESC P t m u x ;
const DCS = [ESC, 0x50] as const; // ESC P
const ST = [ESC, BACKSLASH] as const; // ESC \

/** GNU screen keeps at most 767 bytes of a DCS string (`MAXSTR` 768, one for the NUL) and prints the rest
 * as text, so a longer payload goes out as several DCS strings that screen forwards back to back. */
export const SCREEN_STRING_MAX_BYTES = 767;

/** `seq` wrapped in tmux's DCS passthrough once per level: `ESC P tmux;` + `seq` with every ESC doubled +
 * `ESC \`. tmux forwards it only with `set -g allow-passthrough on`; nested tmux needs one level each. */
export function wrapForTmux(seq: Uint8Array, levels = 1): Uint8Array {
  if (!Number.isInteger(levels) || levels < 0) {
    throw new RangeError(`wrapForTmux: levels must be a whole number ≥ 0, got ${String(levels)}`);
  }
  let out = seq;
  for (let level = 0; level < levels; level++) {
    const wrapped: number[] = [...TMUX_PREFIX];
    for (const byte of out) {
      wrapped.push(byte);
      if (byte === ESC) wrapped.push(ESC);
    }
    wrapped.push(...ST);
    out = Uint8Array.from(wrapped);
  }
  return out === seq ? seq.slice() : out;
}

/** `seq` wrapped in GNU screen's DCS passthrough: `ESC P` + payload + `ESC \`. Screen ends its DCS at the
 * first `ESC \`, so a trailing ST on `seq` is written as BEL instead (an OSC may end either way), and `seq`
 * must hold no other `ESC \`. The payload is split into DCS strings of at most `chunkBytes` (see
 * SCREEN_STRING_MAX_BYTES); screen may write other output between the chunks. */
export function wrapForScreen(seq: Uint8Array, chunkBytes = SCREEN_STRING_MAX_BYTES): Uint8Array {
  if (!Number.isInteger(chunkBytes) || chunkBytes < 1) {
    throw new RangeError(`wrapForScreen: chunkBytes must be a whole number ≥ 1, got ${String(chunkBytes)}`);
  }
  const endsWithSt = seq.length >= 2 && seq[seq.length - 2] === ESC && seq[seq.length - 1] === BACKSLASH;
  const payload = endsWithSt ? Uint8Array.from([...seq.subarray(0, seq.length - 2), BEL]) : seq;
  const out: number[] = [];
  for (let at = 0; at < payload.length; at += chunkBytes) {
    out.push(...DCS, ...payload.subarray(at, at + chunkBytes), ...ST);
  }
  return Uint8Array.from(out);
}
