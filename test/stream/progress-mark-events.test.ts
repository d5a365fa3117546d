// ConEmu's OSC 9;4 progress in the child's output, as the scanner tells it (whole, in pieces, through feed and skim).
import { describe, expect, test } from 'vitest';
import { StreamScanner } from '../../src/stream/scanner.js';
import type { ProgressMark } from '../../src/stream/progress-marks.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The marks told for `input`, fed in pieces of `step` bytes (0: whole), through feed() or skim(). */
function marksOf(input: string, step = 0, how: 'feed' | 'skim' = 'feed'): ProgressMark[] {
  const marks: ProgressMark[] = [];
  const scanner = new StreamScanner({ onProgress: (m) => marks.push(m) });
  const all = bytes(input);
  const size = step === 0 ? all.length : step;
  for (let i = 0; i < all.length; i += size) scanner[how](all.subarray(i, i + size));
  return marks;
}

describe('OSC 9;4 progress marks', () => {
  test.each<[string, string, ProgressMark[]]>([
    ['a value, BEL', '\x1b]9;4;1;42\x07', [{ state: 'value', value: 42 }]],
    ['a value, ST', '\x1b]9;4;1;7\x1b\\', [{ state: 'value', value: 7 }]],
    ['indeterminate', '\x1b]9;4;3\x07', [{ state: 'indeterminate' }]],
    ['indeterminate with a value ConEmu ignores', '\x1b]9;4;3;0\x07', [{ state: 'indeterminate', value: 0 }]],
    ['error with its value', '\x1b]9;4;2;80\x07', [{ state: 'error', value: 80 }]],
    ['paused', '\x1b]9;4;4;50\x07', [{ state: 'paused', value: 50 }]],
    ['removed', '\x1b]9;4;0\x07', [{ state: 'removed' }]],
    ['removed with a trailing 0', '\x1b]9;4;0;0\x07', [{ state: 'removed', value: 0 }]],
    ['over 100 is clamped', '\x1b]9;4;1;250\x07', [{ state: 'value', value: 100 }]],
    ['a value with more after it', '\x1b]9;4;1;30;extra\x07', [{ state: 'value', value: 30 }]],
    ['a value that is no number: the state alone', '\x1b]9;4;1;abc\x07', [{ state: 'value' }]],
    ['four digits: no value', '\x1b]9;4;1;1000\x07', [{ state: 'value' }]],
    ['an empty value', '\x1b]9;4;1;\x07', [{ state: 'value' }]],
    ['an unknown state is nothing', '\x1b]9;4;5;10\x07', []],
    ['a state of two digits is nothing', '\x1b]9;4;10\x07', []],
    ['OSC 9 alone (a notification) is nothing', '\x1b]9;Build finished\x07', []],
    ['OSC 9;4 without a state is nothing', '\x1b]9;4\x07', []],
    ['OSC 99 is nothing', '\x1b]99;4;1;5\x07', []],
    ['cancelled by CAN: nothing', '\x1b]9;4;1;5\x18', []],
    ['cut off by another ESC: nothing, the next one counts', '\x1b]9;4;1;5\x1b]9;4;1;6\x07', [{ state: 'value', value: 6 }]],
    ['rising values among text', 'a\x1b]9;4;1;10\x07b\x1b]9;4;1;20\x07c\x1b]9;4;0\x07', [{ state: 'value', value: 10 }, { state: 'value', value: 20 }, { state: 'removed' }]],
  ])('%s', (_name, input, expected) => {
    expect(marksOf(input)).toEqual(expected);
    expect(marksOf(input, 1)).toEqual(expected);
    expect(marksOf(input, 3, 'skim')).toEqual(expected);
  });

  test('marks and shell marks are told side by side from one scanner', () => {
    const seen: string[] = [];
    const scanner = new StreamScanner({ onShellMark: (m) => seen.push(m.mark), onProgress: (m) => seen.push(`${m.state} ${m.value ?? ''}`.trim()) });
    scanner.feed(bytes('\x1b]133;C\x07\x1b]9;4;1;5\x07\x1b]133;D;0\x07'));
    expect(seen).toEqual(['command', 'value 5', 'end']);
  });
});
