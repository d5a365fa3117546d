// The child's own window titles (OSC 0 and OSC 2), as the scanner tells them for --title, fed whole and byte by byte.
import { describe, expect, test } from 'vitest';
import { StreamScanner } from '../../src/stream/scanner.js';
import { OSC_TITLE_LIMIT } from '../../src/stream/osc-title-capture.js';

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'utf8'));

/** The titles told for `input`, fed in pieces of `step` bytes (0: whole), through feed() or skim(). */
function titlesOf(input: string, step = 0, how: 'feed' | 'skim' = 'feed'): string[] {
  const titles: string[] = [];
  const scanner = new StreamScanner({ onTitle: (t) => titles.push(Buffer.from(t).toString('utf8')) });
  const all = bytes(input);
  const size = step === 0 ? all.length : step;
  for (let i = 0; i < all.length; i += size) scanner[how](all.subarray(i, i + size));
  return titles;
}

describe('window titles the child sets', () => {
  test.each<[string, string, string[]]>([
    ['OSC 2 ended by BEL', 'x\x1b]2;Deploy — ~/app\x07y', ['Deploy — ~/app']],
    ['OSC 0 ended by ST', '\x1b]0;vim notes.md\x1b\\', ['vim notes.md']],
    ['an empty title', '\x1b]2;\x07', ['']],
    ['two titles in one chunk, in order', '\x1b]2;one\x07text\x1b]0;two\x1b\\', ['one', 'two']],
    ['not OSC 1 (the icon name only)', '\x1b]1;icon\x07', []],
    ['not OSC 21 or OSC 20', '\x1b]21;x\x07\x1b]20;y\x07', []],
    ['not OSC 7501', '\x1b]7501;state=idle\x07', []],
    ['not a title cut off by another sequence', '\x1b]2;half\x1b[m', []],
    ['not a title cancelled by CAN', '\x1b]2;gone\x18', []],
    ['not a title inside a DCS passthrough', '\x1bPtmux;\x1b\x1b]2;inner\x07\x1b\\', []],
  ])('%s', (_name, input, expected) => {
    expect(titlesOf(input)).toEqual(expected);
    for (const step of [1, 2, 3]) expect(titlesOf(input, step)).toEqual(expected);
    expect(titlesOf(input, 0, 'skim')).toEqual(expected);
  });

  test('a title after bulk output is seen by skim() too (no jump over an OSC)', () => {
    const bulk = 'line of output\r\n'.repeat(500);
    expect(titlesOf(`${bulk}\x1b[1mbold\x1b[m\x1b]2;after bulk\x07${bulk}\x1b[K`, 4096, 'skim')).toEqual(['after bulk']);
  });

  test('a runaway title is cut at the limit, never grown', () => {
    const [title] = titlesOf(`\x1b]2;${'a'.repeat(OSC_TITLE_LIMIT + 5000)}\x07`, 1000);
    expect(title?.length).toBe(OSC_TITLE_LIMIT);
  });

  test('no listener, no capture: the scanner states are those of a scan without titles', () => {
    const scanner = new StreamScanner();
    scanner.feed(bytes('\x1b]2;t'));
    expect(scanner.safe).toBe(false);
    scanner.feed(bytes('\x07'));
    expect(scanner.safe).toBe(true);
  });
});
