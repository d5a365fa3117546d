// Raw-mode keystrokes as events: characters, Enter, Backspace, a lone Esc, Ctrl-C.
import { ESC_TEXT } from '../protocol/c0.js';

/** One keystroke the fake agent cares about. */
export type Key =
  | { type: 'char'; char: string }
  | { type: 'enter' }
  | { type: 'backspace' }
  | { type: 'escape' }
  | { type: 'interrupt' };

/** Splits one stdin read into keys. A read that is exactly ESC is the Esc key; ESC followed by more is
 * an escape sequence (arrow keys, focus reports) and is skipped whole. */
export function parseKeys(data: string): Key[] {
  if (data === ESC_TEXT) return [{ type: 'escape' }];
  const keys: Key[] = [];
  for (let i = 0; i < data.length; i++) {
    const ch = data[i] ?? '';
    if (ch === ESC_TEXT) {
      i = skipEscape(data, i);
    } else if (ch === '\r' || ch === '\n') {
      keys.push({ type: 'enter' });
    } else if (ch === '\x7f' || ch === '\b') {
      keys.push({ type: 'backspace' });
    } else if (ch === '\x03') {
      keys.push({ type: 'interrupt' });
    } else if (ch >= ' ') {
      keys.push({ type: 'char', char: ch });
    }
  }
  return keys;
}

/** Index of the last character of the escape sequence starting at `i`. */
function skipEscape(data: string, i: number): number {
  const next = data[i + 1];
  if (next === '[' || next === 'O') {
    let j = i + 2;
    while (j < data.length && !/[@-~]/u.test(data[j] ?? '')) j++;
    return next === 'O' ? Math.min(i + 2, data.length - 1) : j;
  }
  return i + 1;
}
