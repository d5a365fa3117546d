// Where a skimming scanner may jump: over bulk output to its last ESC, never past what it must see.
import { describe, expect, test } from 'vitest';
import { skipTarget } from '../../src/stream/skip-ahead.js';

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'latin1'));
const SGR_LINE = 'The quick brown fox \x1b[32mok\x1b[0m\r\n';

describe('skipTarget', () => {
  test('jumps over coloured bulk text to the last ESC', () => {
    const chunk = bytes(SGR_LINE.repeat(50) + 'tail');
    expect(skipTarget(chunk, 0)).toBe(chunk.lastIndexOf(0x1b));
  });

  test('finds the last ESC however far it is from the end of the chunk', () => {
    const chunk = bytes(SGR_LINE.repeat(20) + 'x'.repeat(3000));
    expect(skipTarget(chunk, 0)).toBe(SGR_LINE.repeat(20).lastIndexOf('\x1b'));
  });

  test('does not jump when there is at most one ESC ahead', () => {
    expect(skipTarget(bytes('plain text only'), 0)).toBe(-1);
    expect(skipTarget(bytes('text \x1b[0m more'), 6)).toBe(-1);
  });

  test.each([
    ['an OSC in between (a title, a hyperlink, a report)', `${SGR_LINE}\x1b]0;title\x07${SGR_LINE}`],
    ['an OSC whose ] follows controls that keep the ESC pending', `${SGR_LINE}\x1b\b\xc3]7501;?\x07${SGR_LINE}`],
    ['a DEC private mode sequence (a synchronized update may start)', `${SGR_LINE}\x1b[?2026h${SGR_LINE}`],
    ['a private marker after controls a CSI skips', `${SGR_LINE}\x1b[\n\x7f?2026h${SGR_LINE}`],
    ['a last ESC that is the second of a pair (string content under tmux)', `${SGR_LINE}\x1bPtmux;\x1b\x1b[0m`],
    ['a chunk that ends with ESC (its meaning depends on the next chunk)', `${SGR_LINE}${SGR_LINE}\x1b`],
  ])('refuses to jump over %s', (_what, text) => {
    expect(skipTarget(bytes(text), 0)).toBe(-1);
  });

  test('looks only at the bytes from the given offset on', () => {
    const chunk = bytes(`\x1b]0;t\x07${SGR_LINE}${SGR_LINE}`);
    expect(skipTarget(chunk, 0)).toBe(-1);
    expect(skipTarget(chunk, 7)).toBe(chunk.lastIndexOf(0x1b));
  });
});
