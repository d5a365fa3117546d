// Base64, standard alphabet, padded (RFC 4648 §4), with a strict decoder.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = '=';

/** The 6-bit value of each alphabet character, -1 for every other character code below 128. */
const VALUES: readonly number[] = Array.from({ length: 128 }, (_, code) =>
  ALPHABET.indexOf(String.fromCharCode(code)),
);

/** `bytes` as padded standard base64. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const group = (a << 16) | (b << 8) | c;
    const remaining = bytes.length - i;
    out += ALPHABET.charAt(group >> 18);
    out += ALPHABET.charAt((group >> 12) & 0x3f);
    out += remaining > 1 ? ALPHABET.charAt((group >> 6) & 0x3f) : PAD;
    out += remaining > 2 ? ALPHABET.charAt(group & 0x3f) : PAD;
  }
  return out;
}

/** The 6-bit value of `text[index]`, or -1 if it is not in the standard alphabet. */
function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? (VALUES[code] ?? -1) : -1;
}

/** Decodes padded standard base64, or returns null: a length that is not a multiple of 4, a character outside
 * the alphabet, padding anywhere but the last one or two places, or non-zero bits hidden under the padding. */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith(PAD + PAD) ? 2 : text.endsWith(PAD) ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    const isLast = i + 4 === text.length;
    const s0 = sextet(text, i);
    const s1 = sextet(text, i + 1);
    const s2 = isLast && padding === 2 ? 0 : sextet(text, i + 2);
    const s3 = isLast && padding >= 1 ? 0 : sextet(text, i + 3);
    if (s0 < 0 || s1 < 0 || s2 < 0 || s3 < 0) return null;
    const group = (s0 << 18) | (s1 << 12) | (s2 << 6) | s3;
    out[at++] = group >> 16;
    if (isLast && padding === 2) {
      if ((group & 0xffff) !== 0) return null;
      break;
    }
    out[at++] = (group >> 8) & 0xff;
    if (isLast && padding === 1) {
      if ((group & 0xff) !== 0) return null;
      break;
    }
    out[at++] = group & 0xff;
  }
  return out;
}
