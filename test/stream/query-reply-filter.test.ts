// The terminal's own reply to an already-answered OSC 7501 query is cut from the input, and nothing else.
import { describe, expect, test } from 'vitest';
import { QueryReplyFilter } from '../../src/stream/query-reply-filter.js';

const enc = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const dec = (b: Uint8Array): string => String.fromCharCode(...b);
const REPLY_ST = '\x1b]7501;?\x1b\\';
const REPLY_BEL = '\x1b]7501;?\x07';

/** Feeds the chunks (expecting `expected` replies at t=0) and returns everything passed on. */
function run(chunks: string[], expected = 1, at = 10): string {
  const f = new QueryReplyFilter();
  for (let i = 0; i < expected; i++) f.expect(0, 5000);
  let out = '';
  for (const c of chunks) out += dec(f.filter(enc(c), at));
  return out + dec(f.release());
}

describe('QueryReplyFilter', () => {
  test.each([
    ['a reply alone (ST)', [REPLY_ST], ''],
    ['a reply alone (BEL)', [REPLY_BEL], ''],
    ['a reply with pairs', ['\x1b]7501;?:more=pairs\x1b\\'], ''],
    ['typed text around a reply is kept', [`ab${REPLY_ST}cd`], 'abcd'],
    ['a reply split byte by byte', [...REPLY_ST], ''],
    ['a reply split inside its terminator', ['\x1b]7501;?\x1b', '\\x'], 'x'],
    ['a DA1 reply next to it is kept', [`${REPLY_ST}\x1b[?62;22c`], '\x1b[?62;22c'],
    ['another OSC reply is kept', ['\x1b]11;rgb:0000/0000/0000\x1b\\'], '\x1b]11;rgb:0000/0000/0000\x1b\\'],
    ['a 7501 report (not a reply) is kept', ['\x1b]7501;state=idle\x1b\\'], '\x1b]7501;state=idle\x1b\\'],
    ['a lone Esc key is passed at once', ['\x1b'], '\x1b'],
  ])('%s', (_name, chunks, want) => {
    expect(run(chunks)).toBe(want);
  });

  test('only as many replies as were expected are cut', () => {
    expect(run([REPLY_ST + REPLY_ST], 1)).toBe(REPLY_ST);
  });

  test('with nothing expected, a reply passes', () => {
    expect(run([REPLY_ST], 0)).toBe(REPLY_ST);
  });

  test('after the window, a reply passes', () => {
    expect(run([REPLY_ST], 1, 6000)).toBe(REPLY_ST);
  });

  test('a lone Esc is held only while a reply is expected, and given back by release()', () => {
    const f = new QueryReplyFilter();
    expect(dec(f.filter(enc('\x1b'), 1))).toBe('\x1b');
    f.expect(0, 5000);
    expect(dec(f.filter(enc('\x1b'), 1))).toBe('');
    expect(f.holding).toBe(true);
    expect(dec(f.release())).toBe('\x1b');
  });

  test('a held prefix that turns out not to be a reply is given back in order', () => {
    const f = new QueryReplyFilter();
    f.expect(0, 5000);
    expect(dec(f.filter(enc('x\x1b]75'), 1))).toBe('x');
    expect(f.holding).toBe(true);
    expect(dec(f.filter(enc('02;y'), 2))).toBe('\x1b]7502;y');
  });

  test('every chunking of a stream gives the same output', () => {
    const stream = `hello ${REPLY_ST} world \x1b[A ${REPLY_BEL}!`;
    for (let size = 1; size <= stream.length; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(run(chunks, 1)).toBe(`hello  world \x1b[A ${REPLY_BEL}!`);
    }
  });
});
