import { Buffer } from 'node:buffer';
import { describe, expect, test } from 'vitest';
import { decodeBase64, decodeUtf8Strict, encodeBase64, encodeUtf8, utf8Length } from '../../src/protocol/index.js';
import { prng, randomInt } from './helpers.js';

describe('base64', () => {
  test.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('encodes the RFC 4648 vector %j as %j and decodes it back', (text, encoded) => {
    const bytes = Uint8Array.from(Buffer.from(text, 'latin1'));
    expect(encodeBase64(bytes)).toBe(encoded);
    expect(decodeBase64(encoded)).toEqual(bytes);
  });

  test('uses the standard alphabet (+ and /)', () => {
    expect(encodeBase64(Uint8Array.from([0xfb, 0xff, 0xbf]))).toBe('+/+/');
  });

  test.each([
    ['an unpadded group', 'Zm8'],
    ['a lone character', 'Z'],
    ['three padding characters', 'Z==='],
    ['padding in the middle', 'Zg==Zg=='],
    ['a URL-safe minus', 'Zm-v'],
    ['a URL-safe underscore', 'Zm_v'],
    ['a space', 'Zm 9v'],
    ['a non-ASCII character', 'Zm9\u00e9'],
    ['non-zero bits under two padding characters', 'Zh=='],
    ['non-zero bits under one padding character', 'Zm9='],
  ])('rejects %s', (_name, encoded) => {
    expect(decodeBase64(encoded)).toBeNull();
  });

  test('matches Node for random byte strings', () => {
    const random = prng(1);
    for (let run = 0; run < 300; run++) {
      const bytes = Uint8Array.from({ length: randomInt(random, 0, 40) }, () => randomInt(random, 0, 255));
      const encoded = encodeBase64(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeBase64(encoded)).toEqual(bytes);
    }
  });
});

describe('UTF-8', () => {
  test.each([
    ['ASCII', 'abc'],
    ['two-byte', 'é'],
    ['three-byte', '漢'],
    ['four-byte', '😀'],
    ['mixed', 'a é 漢 😀'],
  ])('encodes %s text as Node does and decodes it back', (_name, text) => {
    const bytes = encodeUtf8(text);
    expect(bytes).toEqual(Uint8Array.from(Buffer.from(text, 'utf8')));
    expect(utf8Length(text)).toBe(bytes.length);
    expect(decodeUtf8Strict(bytes)).toBe(text);
  });

  test('encodes a lone surrogate as U+FFFD, as TextEncoder does', () => {
    expect(encodeUtf8('a\ud800b')).toEqual(new TextEncoder().encode('a\ud800b'));
  });

  test.each([
    ['a stray continuation byte', [0x80]],
    ['a lead byte without continuation', [0xc3]],
    ['an overlong two-byte form', [0xc1, 0xbf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['an overlong four-byte form', [0xf0, 0x80, 0x80, 0xaf]],
    ['an encoded high surrogate', [0xed, 0xa0, 0x80]],
    ['an encoded low surrogate', [0xed, 0xbf, 0xbf]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a 0xFE byte', [0xfe]],
    ['a truncated four-byte form', [0xf0, 0x9f, 0x98]],
  ])('rejects %s', (_name, bytes) => {
    expect(decodeUtf8Strict(Uint8Array.from(bytes))).toBeNull();
  });

  test('decodes the boundary code points', () => {
    for (const cp of [0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xfffd, 0xffff, 0x10000, 0x10ffff]) {
      const text = String.fromCodePoint(cp);
      expect(decodeUtf8Strict(Uint8Array.from(Buffer.from(text, 'utf8')))).toBe(text);
    }
  });
});
