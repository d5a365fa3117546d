// UTF-8 character boundaries in a run of plain bytes, found by looking back at most four bytes.

/** Continuation bytes a lead byte announces: 1–3 for 0xC0–0xF7, 0 for anything that does not lead. */
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
