// UTF-8 without TextEncoder/TextDecoder (the pure core compiles with no DOM or Node types): lengths, encoding,
// strict decoding, and the one helper for character boundaries in a byte stream (scanner, shadow screen, footprint).

const REPLACEMENT = 0xfffd;

/** The code point at `index` of `text`, a lone surrogate counting as U+FFFD (as TextEncoder does). */
function codePointForUtf8(text: string, index: number): number {
  const cp = text.codePointAt(index) ?? REPLACEMENT;
  return cp >= 0xd800 && cp <= 0xdfff ? REPLACEMENT : cp;
}

/** Bytes one code point takes in UTF-8. */
export function utf8Width(cp: number): number {
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

/** Continuation bytes a lead byte announces, as xterm.js's decoder reads it: 1 for 0xC0–0xDF, 2 for
 * 0xE0–0xEF, 3 for 0xF0–0xF7, 0 for a byte that does not lead (ASCII, a continuation byte, 0xF8–0xFF). */
export function utf8Need(byte: number): number {
  if (byte < 0xc0) return 0;
  if (byte < 0xe0) return 1;
  if (byte < 0xf0) return 2;
  if (byte < 0xf8) return 3;
  return 0;
}

/**
 * Continuation bytes still expected after `bytes[from, to)`, given `pending` expected at `from`.
 * A lead byte or any non-continuation byte ends an unfinished character; surplus continuation
 * bytes stand alone (a terminal shows U+FFFD), so they end nothing and open nothing.
 */
export function utf8PendingAfter(bytes: Uint8Array, from: number, to: number, pending: number): number {
  // Four continuation bytes in a row complete any character, so four bytes of look-back suffice.
  const stop = to - 4 > from ? to - 4 : from;
  let k = to - 1;
  while (k >= stop && ((bytes[k] as number) & 0xc0) === 0x80) k--;
  if (k < stop) {
    if (stop > from) return 0;
    const run = to - from;
    return pending > run ? pending - run : 0;
  }
  const need = utf8Need(bytes[k] as number);
  const have = to - 1 - k;
  return need > have ? need - have : 0;
}

/** The last offset in `(from, to]` where no UTF-8 character is open, or -1 if there is none. */
export function utf8LastBoundary(bytes: Uint8Array, from: number, to: number, pending: number): number {
  for (let p = to; p > from; p--) {
    if (utf8PendingAfter(bytes, from, p, pending) === 0) return p;
  }
  return -1;
}

/** The length of `bytes` without a trailing incomplete character (a lead byte whose continuation bytes
 * have not all arrived); invalid bytes count as complete, as the terminal's decoder takes them. */
export function utf8CompleteLength(bytes: Uint8Array): number {
  const n = bytes.length;
  if (utf8PendingAfter(bytes, 0, n, 0) === 0) return n;
  let lead = n - 1;
  while (((bytes[lead] as number) & 0xc0) === 0x80) lead--;
  return lead;
}
