// The channel's line: what a hook writes to the FIFO, and everything the server refuses in it.
import { describe, expect, test } from 'vitest';
import { HOOK_EVENTS } from '../../src/hooks/events.js';
import { decodeHookLine, encodeHookLine, LINE_MAX_BYTES, sameToken } from '../../src/hooks/wire.js';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('decodeHookLine', () => {
  test.each(HOOK_EVENTS)('round trip: %s, with and without a payload file', (event) => {
    for (const payloadName of [undefined, 'payload.4242']) {
      const encoded = encodeHookLine(TOKEN, event, payloadName);
      expect(encoded.endsWith('\n')).toBe(true);
      expect(encoded.slice(0, -1).includes('\n')).toBe(false);
      expect(decodeHookLine(encoded.slice(0, -1), TOKEN)).toEqual(payloadName === undefined ? { ok: true, event } : { ok: true, event, payloadName });
    }
  });

  test('the longest real line fits one atomic write with room to spare', () => {
    const longest = encodeHookLine(TOKEN, 'PermissionRequest', 'payload.4294967295');
    expect(Buffer.byteLength(longest)).toBeLessThan(LINE_MAX_BYTES / 4);
    expect(LINE_MAX_BYTES).toBe(512);
  });

  test.each<[string, string, string]>([
    ['another session\'s token', `${'f'.repeat(32)} Stop`, 'bad-token'],
    ['a token one character short', `${TOKEN.slice(1)} Stop`, 'bad-token'],
    ['no token (the variable unset in the hook)', ' Stop', 'bad-token'],
    ['the old JSON line', JSON.stringify({ v: 1, token: TOKEN, signal: { event: 'Stop', state: 'done' } }), 'malformed'],
    ['garbage', 'hello', 'malformed'],
    ['too many fields', `${TOKEN} Stop payload.1 more`, 'malformed'],
    ['an unknown event', `${TOKEN} SessionStart`, 'malformed'],
    ['a payload name that climbs out', `${TOKEN} Notification ../../etc/passwd`, 'malformed'],
    ['a payload name with a path', `${TOKEN} Notification /tmp/payload.1`, 'malformed'],
    ['a payload name without a pid', `${TOKEN} Notification payload.`, 'malformed'],
    ['two spaces', `${TOKEN}  Stop`, 'malformed'],
  ])('refuses %s (%s)', (_name, text, reason) => {
    expect(decodeHookLine(text, TOKEN)).toMatchObject({ ok: false, reason });
  });

  test('the token is checked before anything else in the line is believed', () => {
    expect(decodeHookLine(`${'0'.repeat(32)} SessionStart`, TOKEN)).toMatchObject({ ok: false, reason: 'bad-token' });
  });
});

test.each([
  ['abc', 'abc', true],
  ['abc', 'abd', false],
  ['abc', 'ab', false],
  ['', '', true],
  ['a', '', false],
])('sameToken(%j, %j) = %s', (a, b, same) => {
  expect(sameToken(a, b)).toBe(same);
});
