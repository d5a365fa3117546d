// The shell's OSC 133 marks (A prompt, B input, C command, D end;status), as the scanner tells them, fed whole and byte by byte.
import { describe, expect, test } from 'vitest';
import { StreamScanner } from '../../src/stream/scanner.js';
import type { ShellMark } from '../../src/stream/shell-marks.js';

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'utf8'));

/** The marks told for `input`, fed in pieces of `step` bytes (0: whole), through feed() or skim(). */
function marksOf(input: string, step = 0, how: 'feed' | 'skim' = 'feed'): ShellMark[] {
  const marks: ShellMark[] = [];
  const scanner = new StreamScanner({ onShellMark: (m) => marks.push(m) });
  const all = bytes(input);
  const size = step === 0 ? all.length : step;
  for (let i = 0; i < all.length; i += size) scanner[how](all.subarray(i, i + size));
  return marks;
}

const A = { mark: 'prompt' } as const;
const B = { mark: 'input' } as const;
const C = { mark: 'command' } as const;

describe('OSC 133 shell marks', () => {
  test.each<[string, string, ShellMark[]]>([
    ['a whole command cycle, BEL-terminated', '\x1b]133;A\x07$ \x1b]133;B\x07true\r\n\x1b]133;C\x07\x1b]133;D;0\x07', [A, B, C, { mark: 'end', status: 0 }]],
    ['ST-terminated', '\x1b]133;C\x1b\\out\r\n\x1b]133;D;1\x1b\\', [C, { mark: 'end', status: 1 }]],
    ['a D without status', '\x1b]133;D\x07', [{ mark: 'end' }]],
    ['a D with an empty status', '\x1b]133;D;\x07', [{ mark: 'end' }]],
    ['a three-digit status', '\x1b]133;D;130\x07', [{ mark: 'end', status: 130 }]],
    ['kitty/VS Code params after the letter', '\x1b]133;A;cl=m;aid=7\x07\x1b]133;B;x\x07', [A, B]],
    ['params after the status', '\x1b]133;D;2;aid=123\x1b\\', [{ mark: 'end', status: 2 }]],
    ['params instead of a status', '\x1b]133;D;aid=123\x07', [{ mark: 'end' }]],
    ['a status that is no number', '\x1b]133;D;2x\x07', [{ mark: 'end' }]],
    ['junk letter 133;Z', '\x1b]133;Z\x07', []],
    ['junk after the letter (133;AB)', '\x1b]133;AB\x07', []],
    ['no letter (133;)', '\x1b]133;\x07\x1b]133\x07', []],
    ['not OSC 1330 or 13', '\x1b]1330;A\x07\x1b]13;A\x07', []],
    ['not a title or OSC 7501', '\x1b]2;133;A\x07\x1b]7501;state=idle\x07', []],
    ['unterminated, cancelled by CAN', '\x1b]133;C\x18\x1b]133;A\x07', [A]],
    ['unterminated, cut off by ESC', '\x1b]133;D;0\x1b[m\x1b]133;A\x07', [A]],
    ['inside a DCS passthrough: not a mark', '\x1bPtmux;\x1b\x1b]133;A\x07\x1b\\', []],
  ])('%s', (_name, input, expected) => {
    expect(marksOf(input)).toEqual(expected);
    for (const step of [1, 2, 3, 4, 5]) expect(marksOf(input, step)).toEqual(expected);
    expect(marksOf(input, 0, 'skim')).toEqual(expected);
  });

  test('a mark after bulk output is seen by skim() too', () => {
    const bulk = 'line of output\r\n'.repeat(500);
    expect(marksOf(`${bulk}\x1b[1mbold\x1b[m\x1b]133;D;3\x07${bulk}\x1b[K`, 4096, 'skim')).toEqual([{ mark: 'end', status: 3 }]);
  });

  test('titles and marks are told side by side from one scanner', () => {
    const seen: string[] = [];
    const scanner = new StreamScanner({ onTitle: (t) => seen.push(`title ${Buffer.from(t).toString()}`), onShellMark: (m) => seen.push(m.mark) });
    const all = bytes('\x1b]133;A\x07\x1b]2;vim\x07\x1b]133;C\x07');
    for (let i = 0; i < all.length; i++) scanner.feed(all.subarray(i, i + 1));
    expect(seen).toEqual(['prompt', 'title vim', 'command']);
  });
});
