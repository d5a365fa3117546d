// Shortens text to a UTF-8 byte budget without splitting a character.
import { utf8Length, utf8Width } from './utf8.js';

/** Marks text that was cut; 3 bytes in UTF-8. */
export const ELLIPSIS = '…';
const ELLIPSIS_BYTES = 3;

let segmenter: Intl.Segmenter | undefined;

/** The start of the grapheme cluster (user-perceived character) that holds code unit `index` of `text`. */
function graphemeStart(text: string, index: number): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text).containing(index)?.index ?? index;
}

/** The largest code-unit index at a code-point boundary whose prefix of `text` fits in `budget` bytes. */
function codePointCut(text: string, budget: number): number {
  let used = 0;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i) ?? 0;
    const units = cp > 0xffff ? 2 : 1;
    const bytes = utf8Width(cp);
    if (used + bytes > budget) break;
    used += bytes;
    i += units;
  }
  return i;
}

/** `text` cut so its UTF-8 length is at most `maxBytes`. The cut falls between grapheme clusters (so also
 * between code points), trailing spaces are dropped, and `…` is appended within the budget when it fits. */
export function cutToUtf8Bytes(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  const withEllipsis = maxBytes >= ELLIPSIS_BYTES;
  const cut = codePointCut(text, withEllipsis ? maxBytes - ELLIPSIS_BYTES : maxBytes);
  const head = text.slice(0, graphemeStart(text, cut)).trimEnd();
  return withEllipsis ? head + ELLIPSIS : head;
}
