// The channel's line: what a hook sends, and everything the server refuses in it.
import { describe, expect, test } from 'vitest';
import type { HookSignal } from '../../src/hooks/events.js';
import { decodeHookLine, encodeHookLine, sameToken } from '../../src/hooks/wire.js';

const TOKEN = '0123456789abcdef0123456789abcdef';
const line = (message: unknown): string => JSON.stringify(message);
const withSignal = (signal: Record<string, unknown>): string => line({ v: 1, token: TOKEN, signal });

describe('decodeHookLine', () => {
  test.each<HookSignal>([
    { event: 'PreToolUse', state: 'working', tool: 'Bash' },
    { event: 'Notification', state: 'blocked', kind: 'permission', msg: 'approve Bash', notification: 'permission_prompt' },
    { event: 'Notification', state: 'idle' },
    { event: 'Stop', state: 'done' },
  ])('round trip: %j', (signal) => {
    const encoded = encodeHookLine(TOKEN, signal);
    expect(encoded.endsWith('\n')).toBe(true);
    expect(encoded.slice(0, -1).includes('\n')).toBe(false);
    expect(decodeHookLine(encoded.slice(0, -1), TOKEN)).toEqual({ ok: true, signal });
  });

  test.each<[string, string, string]>([
    ['another session\'s token', line({ v: 1, token: 'f'.repeat(32), signal: { event: 'Stop', state: 'done' } }), 'bad-token'],
    ['a token one character short', line({ v: 1, token: TOKEN.slice(1), signal: { event: 'Stop', state: 'done' } }), 'bad-token'],
    ['no token', line({ v: 1, signal: { event: 'Stop', state: 'done' } }), 'bad-token'],
    ['not JSON', '{"v":1,', 'malformed'],
    ['an array', '[]', 'malformed'],
    ['another version', line({ v: 2, token: TOKEN, signal: { event: 'Stop', state: 'done' } }), 'malformed'],
    ['no signal', line({ v: 1, token: TOKEN }), 'malformed'],
    ['an unknown event', withSignal({ event: 'SessionStart', state: 'idle' }), 'malformed'],
    ['a state hooks never send', withSignal({ event: 'Stop', state: 'clear' }), 'malformed'],
    ['a kind without blocked', withSignal({ event: 'Stop', state: 'done', kind: 'permission' }), 'malformed'],
    ['a kind hooks never send', withSignal({ event: 'Notification', state: 'blocked', kind: 'auth' }), 'malformed'],
    ['a msg over 512 bytes', withSignal({ event: 'Notification', state: 'blocked', kind: 'permission', msg: 'é'.repeat(257) }), 'malformed'],
    ['a msg that is not a string', withSignal({ event: 'Notification', state: 'blocked', kind: 'permission', msg: 5 }), 'malformed'],
    ['a tool name over 128 bytes', withSignal({ event: 'PreToolUse', state: 'working', tool: 'x'.repeat(129) }), 'malformed'],
  ])('refuses %s (%s)', (_name, text, reason) => {
    expect(decodeHookLine(text, TOKEN)).toMatchObject({ ok: false, reason });
  });

  test('unknown extra fields of the signal are dropped', () => {
    expect(decodeHookLine(withSignal({ event: 'Stop', state: 'done', extra: 'x' }), TOKEN)).toEqual({ ok: true, signal: { event: 'Stop', state: 'done' } });
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
