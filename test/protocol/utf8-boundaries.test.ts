// UTF-8 look-back: how many continuation bytes are still owed at the end of a run of plain bytes, and where
// the last whole character ends (the one boundary helper of the scanner, the shadow screen and the footprint).
import { describe, expect, test } from 'vitest';
import { utf8CompleteLength, utf8LastBoundary, utf8PendingAfter } from '../../src/protocol/utf8.js';

const b = (...xs: number[]): Uint8Array => Uint8Array.from(xs);

describe('utf8PendingAfter', () => {
  test.each([
    ['ASCII', b(0x41), 0, 0],
    ['a lead of a 2-byte character', b(0x41, 0xc3), 0, 1],
    ['a lead of a 3-byte character and one continuation', b(0xe2, 0x82), 0, 1],
    ['a whole 4-byte character', b(0xf0, 0x9f, 0x98, 0x80), 0, 0],
    ['a stray continuation byte', b(0x80), 0, 0],
    ['continuations owed from the previous run', b(0x82), 2, 1],
    ['more continuations than owed', b(0x82, 0x82, 0x82), 1, 0],
    ['four continuations after the run start', b(0x41, 0x80, 0x80, 0x80, 0x80), 3, 0],
    ['a lead that cuts off an unfinished character', b(0xe2, 0xc3), 0, 1],
    ['a byte that cannot lead (0xF8)', b(0xf8), 0, 0],
  ])('%s', (_name, bytes, pending, expected) => {
    expect(utf8PendingAfter(bytes, 0, bytes.length, pending)).toBe(expected);
  });
});

describe('utf8LastBoundary', () => {
  test.each([
    ['before an unfinished character', b(0x41, 0x42, 0xe2, 0x82), 0, 2],
    ['none while a character owed from before is still open', b(0x82), 2, -1],
    ['after a run of leads, before the last one', b(0xc3, 0xc3, 0xc3), 0, -1],
  ])('%s', (_name, bytes, pending, expected) => {
    expect(utf8LastBoundary(bytes, 0, bytes.length, pending)).toBe(expected);
  });
});

describe('utf8CompleteLength', () => {
  test.each([
    ['ASCII', b(0x41, 0x42), 2],
    ['a whole 3-byte character', b(0x41, 0xe2, 0x80, 0xa6), 4],
    ['the first two bytes of a 3-byte character', b(0x41, 0xe2, 0x80), 1],
    ['the first three bytes of a 4-byte character', b(0xf0, 0x9f, 0x98), 0],
    ['a lone lead at the end', b(0x41, 0xc3), 1],
    ['a byte that cannot lead (0xF8) at the end', b(0x41, 0xf8), 2],
    ['a stray continuation byte', b(0x41, 0x80), 2],
    ['a lead cut off by another lead, then a whole character', b(0xe2, 0xc3, 0xa9), 3],
  ])('%s', (_name, bytes, expected) => {
    expect(utf8CompleteLength(bytes)).toBe(expected);
  });
});
