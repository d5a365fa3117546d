// Vectors: where the scanner allows a report, what it says about sync updates, and where it would split a chunk.
import { describe, expect, test } from 'vitest';
import { StreamScanner } from '../../src/stream/scanner.js';

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'latin1'));
const utf8 = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');

function fedWith(...chunks: string[]): StreamScanner {
  const scanner = new StreamScanner();
  for (const chunk of chunks) scanner.feed(bytes(chunk));
  return scanner;
}

describe('StreamScanner.safe after the bytes fed so far', () => {
  test.each([
    ['nothing yet', '', true],
    ['plain text', 'hello\r\n', true],
    ['a lone ESC', 'ab\x1b', false],
    ['a CSI without its final byte', '\x1b[38;5', false],
    ['a finished SGR', '\x1b[38;5;196m', true],
    ['a CSI with a C0 control inside', '\x1b[3\n1', false],
    ['a CSI cancelled by CAN', '\x1b[3\x18', true],
    ['an ESC intermediate without its final', '\x1b(', false],
    ['a charset designation', '\x1b(B', true],
    ['an open OSC', '\x1b]0;title', false],
    ['an OSC ended by BEL', '\x1b]0;title\x07', true],
    ['an OSC ended by ST', '\x1b]0;title\x1b\\', true],
    ['an OSC waiting for the byte after ESC', '\x1b]0;title\x1b', false],
    ['an OSC cut off by a CSI', '\x1b]0;title\x1b[m', true],
    ['a DCS that BEL does not end', '\x1bPq#0\x07', false],
    ['a DCS ended by ST', '\x1bPq#0\x07\x1b\\', true],
    ['an APC (kitty graphics) ended by ST', '\x1b_Ga=T;QUFB\x1b\\', true],
    ['tmux passthrough before its own ST', '\x1bPtmux;\x1b\x1b]8;;x\x1b\x1b\\', false],
    ['tmux passthrough after its own ST', '\x1bPtmux;\x1b\x1b]8;;x\x1b\x1b\\\x1b\\', true],
    ['the first byte of a two-byte character', utf8('é').slice(0, 1), false],
    ['a whole two-byte character', utf8('é'), true],
    ['three bytes of a four-byte character', utf8('😀').slice(0, 3), false],
    ['a whole four-byte character', utf8('😀'), true],
    ['an 8-bit C1 CSI (treated as UTF-8 payload)', '\x9b', true],
    ['a truncated character followed by ASCII', '\xe2\x82A', true],
    ['inside a synchronized update', '\x1b[?2026h frame', false],
    ['after a synchronized update', '\x1b[?2026h frame\x1b[?2026l', true],
    ['inside a sync update set together with another mode', '\x1b[?25;2026h', false],
    ['after a DECRQM query of mode 2026', '\x1b[?2026$p', true],
    ['after an ANSI (not DEC) mode 2026', '\x1b[2026h', true],
    ['after RIS ends a synchronized update', '\x1b[?2026h\x1bc', true],
  ])('%s', (_name, input, safe) => {
    expect(fedWith(input).safe).toBe(safe);
  });
});

describe('StreamScanner across chunk boundaries', () => {
  test.each([
    ['ESC | [31m', ['\x1b', '[31m'], [false, true]],
    ['a character split 1 | 2', [utf8('€').slice(0, 1), utf8('€').slice(1)], [false, true]],
    ['ST split between ESC and backslash', ['\x1b]0;t\x1b', '\\'], [false, true]],
    ['a sync update begun in one chunk, ended in the next', ['\x1b[?2026h', 'x', '\x1b[?2026l'], [false, false, true]],
  ])('%s', (_name, chunks, expected) => {
    const scanner = new StreamScanner();
    expect(chunks.map((c) => (scanner.feed(bytes(c)), scanner.safe))).toEqual(expected);
  });
});

describe('StreamScanner.lastSafeOffset in the last chunk', () => {
  test.each([
    ['the whole chunk when it ends safe', ['abc'], 3],
    ['before an unfinished CSI', ['ab\x1b[3'], 2],
    ['after the last whole sequence', ['\x1b[m\x1b]0;x'], 3],
    ['before an unfinished character', [`ab${utf8('€').slice(0, 2)}`], 2],
    ['0 when the previous chunk ended safe and this one opens a sequence', ['a', '\x1b['], 0],
    ['-1 when the whole chunk is inside a sequence', ['\x1b[', '38;5'], -1],
    ['before the sync update begins', ['x\x1b[?2026hy'], 1],
    ['-1 inside a sync update', ['\x1b[?2026h', 'text'], -1],
    ['right after the sync update ends', ['a\x1b[?2026l\x1b['], 9],
  ])('%s', (_name, chunks, expected) => {
    expect(fedWith(...chunks).lastSafeOffset()).toBe(expected);
  });

  test('lastBoundaryOffset ignores the sync update for an owner whose wait timed out', () => {
    const scanner = fedWith('\x1b[?2026h', 'ab\x1b[');
    expect([scanner.inSyncUpdate, scanner.atBoundary, scanner.lastSafeOffset(), scanner.lastBoundaryOffset()]).toEqual([true, false, -1, 2]);
  });
});
