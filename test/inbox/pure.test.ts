// The inbox's pure core: entries, ordering, formatting, selection, wait, cooldown, notices, safe send.
import { describe, expect, test } from 'vitest';
import { applyUpdate, initialEntry, isSessionId, parseEntry, type SessionEntry } from '../../src/inbox/entry.js';
import { alignRows, formatDuration, formatTable, printable, shortenPath } from '../../src/inbox/format.js';
import { decideInput } from '../../src/inbox/input-decision.js';
import { inputText, parseRequest, parseResponse } from '../../src/inbox/input-wire.js';
import { NotificationCooldown, NOTIFY_COOLDOWN_MS } from '../../src/inbox/cooldown.js';
import { encodeNotice, noticeFor, noticeStyle } from '../../src/inbox/notify-text.js';
import { byUrgency, liveSessions } from '../../src/inbox/order.js';
import { selectSession } from '../../src/inbox/select.js';
import { satisfies } from '../../src/inbox/wait-logic.js';
import type { State } from '../../src/protocol/types.js';

function entry(id: string, state: State, since: number, extra: Partial<SessionEntry> = {}): SessionEntry {
  const pid = Number(id.split('-')[0]);
  return { ...initialEntry({ id, pid, app: 'claude', command: ['claude'], cwd: '/w' }, since), state, ...extra };
}

describe('entries', () => {
  test('a written entry reads back unchanged', () => {
    const e = entry('12-abcd1234', 'blocked', 5, { kind: 'auth', msg: 'Password:', tty: '/dev/pts/3' });
    expect(parseEntry(JSON.stringify(e))).toEqual(e);
  });

  test.each([
    ['not json', '{'],
    ['another version', JSON.stringify({ ...entry('12-abcd', 'idle', 0), version: 2 })],
    ['an id that is a path', JSON.stringify({ ...entry('12-abcd', 'idle', 0), id: '../x' })],
    ['an unknown state', JSON.stringify({ ...entry('12-abcd', 'idle', 0), state: 'sleeping' })],
    ['a negative since', JSON.stringify({ ...entry('12-abcd', 'idle', 0), since: -1 })],
  ])('a malformed entry (%s) is ignored', (_what, json) => {
    expect(parseEntry(json)).toBeUndefined();
  });

  test('session ids are <pid>-<hex> and nothing else', () => {
    expect(isSessionId('4242-0af3c9d1')).toBe(true);
    for (const bad of ['', '0-ab12', '12-', '12-ABCD', '12-ab/x', 'x-abcd']) expect(isSessionId(bad)).toBe(false);
  });

  test('a new state moves since and bumps the revision; the same update changes nothing', () => {
    const e = entry('1-abcd', 'idle', 0);
    const working = applyUpdate(e, { state: 'working' }, 10);
    expect(working).toMatchObject({ state: 'working', since: 10, changed: 10, revision: 1 });
    expect(applyUpdate(working, { state: 'working' }, 20)).toBe(working);
  });

  test('a new msg in the same state is a change but keeps since', () => {
    const a = applyUpdate(entry('1-abcd', 'idle', 0), { state: 'blocked', kind: 'permission', msg: 'approve a' }, 10);
    const b = applyUpdate(a, { state: 'blocked', kind: 'permission', msg: 'approve b' }, 20);
    expect(b).toMatchObject({ since: 10, changed: 20, msg: 'approve b', revision: 2 });
  });

  test('leaving blocked drops kind and msg', () => {
    const a = applyUpdate(entry('1-abcd', 'idle', 0), { state: 'blocked', kind: 'auth', msg: 'Password:' }, 10);
    const b = applyUpdate(a, { state: 'working' }, 20);
    expect(b.kind).toBeUndefined();
    expect(b.msg).toBeUndefined();
  });
});

describe('ordering', () => {
  test('most urgent first: blocked, error, done, working, idle; longest waiting first within a state', () => {
    const list = [
      entry('1-aa', 'idle', 1),
      entry('2-aa', 'working', 1),
      entry('3-aa', 'blocked', 9),
      entry('4-aa', 'done', 1),
      entry('5-aa', 'error', 1),
      entry('6-aa', 'blocked', 2),
    ];
    expect([...list].sort(byUrgency).map((e) => e.id)).toEqual(['6-aa', '3-aa', '5-aa', '4-aa', '2-aa', '1-aa']);
  });

  test('entries of dead shims are left out', () => {
    const list = [entry('1-aa', 'blocked', 1), entry('2-aa', 'idle', 1)];
    expect(liveSessions(list, (pid) => pid === 2).map((e) => e.id)).toEqual(['2-aa']);
  });
});

describe('formatting', () => {
  test.each([
    [0, '0s'],
    [59_999, '59s'],
    [60_000, '1m'],
    [3_600_000 + 5 * 60_000, '1h05m'],
    [(24 * 3 + 4) * 3_600_000, '3d4h'],
    [-5, '0s'],
  ])('%i ms is shown as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  test('the table: a header, one aligned row per session, kind and time in state', () => {
    const lines = formatTable([entry('1-ab', 'blocked', 0, { kind: 'auth', msg: 'Password:', cwd: '/home/me/p' })], 61_000, '/home/me');
    expect(lines[0]).toMatch(/^ID\s+STATE\s+FOR\s+APP\s+TTY\s+CWD\s+MSG$/);
    expect(lines[1]).toMatch(/^1-ab\s+blocked:auth\s+1m\s+claude\s+-\s+~\/p\s+Password:$/);
  });

  test('no sessions: one line that says so', () => {
    expect(formatTable([], 0)).toEqual(['no osf7501 sessions']);
  });

  test('text from an entry cannot carry escape sequences or newlines to the terminal', () => {
    expect(printable('a\u001b]0;pwned\u0007b\nc\u202ed')).not.toMatch(/[\u0000-\u001f\u007f\u202e]/u);
  });

  test('alignment counts characters, not bytes', () => {
    expect(alignRows([['é', 'x'], ['ab', 'y']])).toEqual(['é   x', 'ab  y']);
  });

  test('a path under home is shown with ~; a sibling with the same prefix is not', () => {
    expect(shortenPath('/home/me/x', '/home/me')).toBe('~/x');
    expect(shortenPath('/home/meg', '/home/me')).toBe('/home/meg');
  });
});

describe('selecting a session', () => {
  const list = [entry('123-abcd', 'idle', 0), entry('124-abce', 'idle', 0), entry('555-ffff', 'idle', 0)];
  test.each([
    ['123-abcd', '123-abcd'],
    ['555', '555-ffff'],
    ['124-', '124-abce'],
    ['5', '555-ffff'],
  ])('%s names %s', (arg, id) => {
    const s = selectSession(arg, list);
    expect(s.ok && s.entry.id).toBe(id);
  });

  test('an ambiguous prefix names the candidates; an unknown one none', () => {
    expect(selectSession('12', list)).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(selectSession('9', list)).toMatchObject({ ok: false, reason: 'none' });
    expect(selectSession('', list)).toMatchObject({ ok: false, reason: 'none' });
  });
});

describe('wait', () => {
  test('any = blocked, done or idle', () => {
    for (const s of ['blocked', 'done', 'idle'] as const) expect(satisfies(entry('1-a0', s, 0), 'any', undefined, false)).toBe(true);
    expect(satisfies(entry('1-a0', 'working', 0), 'any', undefined, false)).toBe(false);
  });

  test('--next ignores the state the session was already in when the wait began', () => {
    const e = entry('1-a0', 'done', 0, { revision: 4 });
    expect(satisfies(e, 'done', 4, true)).toBe(false);
    expect(satisfies({ ...e, revision: 6 }, 'done', 4, true)).toBe(true);
    expect(satisfies(e, 'done', undefined, true)).toBe(true);
  });
});

describe('notification cooldown', () => {
  test('one per session and state within 30 s; another state or session is not held back', () => {
    const c = new NotificationCooldown();
    expect(c.take('a', 'blocked', 0)).toBe(true);
    expect(c.take('a', 'blocked', NOTIFY_COOLDOWN_MS - 1)).toBe(false);
    expect(c.take('a', 'done', 1)).toBe(true);
    expect(c.take('b', 'blocked', 1)).toBe(true);
    expect(c.take('a', 'blocked', NOTIFY_COOLDOWN_MS)).toBe(true);
  });

  test('a refused notification does not restart the cooldown', () => {
    const c = new NotificationCooldown(100);
    expect(c.take('a', 'done', 0)).toBe(true);
    expect(c.take('a', 'done', 99)).toBe(false);
    expect(c.take('a', 'done', 100)).toBe(true);
  });

  test('only blocked and done notify', () => {
    const c = new NotificationCooldown();
    for (const s of ['idle', 'working', 'error', 'clear'] as const) expect(c.take('a', s, 0)).toBe(false);
  });
});

describe('notices', () => {
  test('blocked and done have a notice; other states none', () => {
    expect(noticeFor('claude', { state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build' })).toEqual({
      title: 'claude needs approval',
      body: 'approve Bash: rm -rf build',
    });
    expect(noticeFor('sh', { state: 'done' })?.title).toBe('sh is done');
    expect(noticeFor('sh', { state: 'working' })).toBeUndefined();
  });

  test('OSC 9 and OSC 777 sequences, ST-terminated, with no control characters inside', () => {
    const notice = { title: 'a;b', body: 'x\u0007y\u001b[31m' };
    const osc9 = encodeNotice(notice, 'osc9');
    const osc777 = encodeNotice(notice, 'osc777');
    expect(osc9).toMatch(/^\u001b\]9;a;b: x ?y\u001b\\$/u);
    expect(osc777).toMatch(/^\u001b\]777;notify;a,b;x ?y\u001b\\$/u);
  });

  test("an OSC 9 text never starts like ConEmu's progress (9;4;…)", () => {
    expect(encodeNotice({ title: '4', body: 'x' }, 'osc9').startsWith('\u001b]9;4;')).toBe(false);
  });

  test('OSC 777 for urxvt, foot and VTE terminals; OSC 9 elsewhere', () => {
    expect(noticeStyle({ TERM: 'rxvt-unicode-256color' })).toBe('osc777');
    expect(noticeStyle({ TERM: 'xterm-256color', VTE_VERSION: '7600' })).toBe('osc777');
    expect(noticeStyle({ TERM: 'xterm-ghostty' })).toBe('osc9');
  });
});

describe('safe send', () => {
  const view = (state: State, blocked = state === 'blocked', revision = 1) => ({ state, blocked, revision });
  test('send is refused while blocked, accepted otherwise', () => {
    expect(decideInput('send', view('blocked'), undefined)).toEqual({ ok: false, refusal: 'blocked' });
    expect(decideInput('send', view('working'), undefined)).toEqual({ ok: true });
  });

  test('a dialog on screen blocks send before its report is out', () => {
    expect(decideInput('send', view('working', true), undefined)).toEqual({ ok: false, refusal: 'blocked' });
  });

  test('answer only reaches a blocked session, once per screen change', () => {
    expect(decideInput('answer', view('idle'), undefined)).toEqual({ ok: false, refusal: 'not-blocked' });
    expect(decideInput('answer', view('blocked', true, 3), undefined)).toEqual({ ok: true });
    expect(decideInput('answer', view('blocked', true, 3), 3)).toEqual({ ok: false, refusal: 'already-answered' });
    expect(decideInput('answer', view('blocked', true, 4), 3)).toEqual({ ok: true });
  });

  test('the wire: requests parse back; malformed ones do not; Enter is a carriage return', () => {
    expect(parseRequest('{"op":"send","text":"hi","enter":true}')).toEqual({ op: 'send', text: 'hi', enter: true });
    expect(parseRequest('{"op":"rm","text":"hi","enter":true}')).toBeUndefined();
    expect(parseRequest('null')).toBeUndefined();
    expect(parseResponse('nope')).toBeUndefined();
    expect(inputText({ op: 'send', text: 'hi', enter: true })).toBe('hi\r');
    expect(inputText({ op: 'answer', text: '1', enter: false })).toBe('1');
  });
});
