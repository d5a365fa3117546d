// Undoes tmux's DCS passthrough wrapping (`ESC P tmux;` + payload with every ESC doubled + `ESC \`).
import { ESC } from './c0.js';

/** `ESC P tmux;`, the 7 bytes that open a tmux passthrough. */
export const TMUX_PASSTHROUGH_PREFIX: readonly number[] = [ESC, 0x50, 0x74, 0x6d, 0x75, 0x78, 0x3b];

/** `payload` with each doubled ESC made single; an unpaired ESC (the end of a cut-off payload) is dropped. */
export function undoubleEscapes(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length);
  let size = 0;
  for (let i = 0; i < payload.length; i++) {
    const byte = payload[i] ?? 0;
    if (byte === ESC) {
      if (payload[i + 1] !== ESC) continue;
      i++;
    }
    out[size++] = byte;
  }
  return out.slice(0, size);
}
