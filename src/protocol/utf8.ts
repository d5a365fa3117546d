// UTF-8 without TextEncoder/TextDecoder (the pure core compiles with no DOM or Node types).

const REPLACEMENT = 0xfffd;

/** The code point at `index` of `text`, a lone surrogate counting as U+FFFD (as TextEncoder does). */
function codePointForUtf8(text: string, index: number): number {
  const cp = text.codePointAt(index) ?? REPLACEMENT;
  return cp >= 0xd800 && cp <= 0xdfff ? REPLACEMENT : cp;
}

/** Bytes one code point takes in UTF-8. */
function utf8Width(cp: number): number {
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  if (cp < 0x10000) return 3;
  return 4;
}

/** How many bytes `text` takes in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = codePointForUtf8(text, i);
    if (cp > 0xffff) i++;
    length += utf8Width(cp);
  }
  return length;
}

/** `text` as UTF-8 bytes; a lone surrogate becomes U+FFFD, as TextEncoder does. */
export function encodeUtf8(text: string): Uint8Array {
  const out = new Uint8Array(utf8Length(text));
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = codePointForUtf8(text, i);
    if (cp > 0xffff) i++;
    if (cp < 0x80) {
      out[at++] = cp;
    } else if (cp < 0x800) {
      out[at++] = 0xc0 | (cp >> 6);
      out[at++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      out[at++] = 0xe0 | (cp >> 12);
      out[at++] = 0x80 | ((cp >> 6) & 0x3f);
      out[at++] = 0x80 | (cp & 0x3f);
    } else {
      out[at++] = 0xf0 | (cp >> 18);
      out[at++] = 0x80 | ((cp >> 12) & 0x3f);
      out[at++] = 0x80 | ((cp >> 6) & 0x3f);
      out[at++] = 0x80 | (cp & 0x3f);
    }
  }
  return out;
}

/** The smallest code point each sequence length may encode (anything lower is an overlong form). */
const MIN_FOR_LENGTH = [0, 0, 0x80, 0x800, 0x10000] as const;

/** Decodes well-formed UTF-8, or returns null for any overlong form, surrogate, value over U+10FFFF,
 * stray continuation byte or truncated sequence. */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  const codePoints: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    let length: number;
    let cp: number;
    if (lead < 0x80) {
      length = 1;
      cp = lead;
    } else if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2;
      cp = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      cp = lead & 0x0f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      cp = lead & 0x07;
    } else {
      return null;
    }
    if (i + length > bytes.length) return null;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k] ?? 0;
      if ((next & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < (MIN_FOR_LENGTH[length as 1 | 2 | 3 | 4] ?? 0)) return null;
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    codePoints.push(cp);
    i += length;
  }
  return codePointsToString(codePoints);
}

/** Joins code points into a string in slices small enough for `String.fromCodePoint`'s argument list. */
function codePointsToString(codePoints: number[]): string {
  const SLICE = 4096;
  let text = '';
  for (let i = 0; i < codePoints.length; i += SLICE) {
    text += String.fromCodePoint(...codePoints.slice(i, i + SLICE));
  }
  return text;
}
