// ls, wait, send and answer against real publishers and input servers in a private registry directory.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { lsCommand } from '../../src/cli/ls-command.js';
import { answerCommand, sendCommand } from '../../src/cli/send-command.js';
import { waitCommand } from '../../src/cli/wait-command.js';
import { watchCommand } from '../../src/cli/watch-command.js';
import { initialEntry } from '../../src/inbox/entry.js';
import { EXIT } from '../../src/exit/codes.js';
import { InputServer } from '../../src/inbox/input-server.js';
import { RegistryPublisher } from '../../src/inbox/registry.js';
import { socketPath } from '../../src/inbox/runtime-dir.js';
import { deadPid, recordingIo, tempRuntime } from './support.js';

let rt: ReturnType<typeof tempRuntime>;
const owned: Array<{ dispose(): void }> = [];
beforeEach(() => {
  rt = tempRuntime();
});
afterEach(() => {
  for (const o of owned.splice(0)) o.dispose();
  rt.remove();
});

function io() {
  return recordingIo({ XDG_RUNTIME_DIR: rt.xdg, HOME: '/nonexistent' });
}

/** A session as a shim would publish it, with its input socket; `typed` collects what reached the child. */
async function session(hex: string, app = 'sh', now?: () => number) {
  const id = `${process.pid}-${hex}`;
  const publisher = new RegistryPublisher({ id, pid: process.pid, app, command: [app], cwd: '/w' }, { dir: rt.dir, ...(now ? { now } : {}) });
  const typed: string[] = [];
  const server = new InputServer({ path: socketPath(rt.dir, id), session: publisher, onInput: (b) => typed.push(Buffer.from(b).toString()) });
  await server.ready;
  owned.push(server, publisher);
  return { id, publisher, typed };
}

describe('osf7501 ls', () => {
  test('several sessions, most urgent first, with the time in their state; stale entries dropped', async () => {
    let now = 0;
    const a = await session('aaaa0001', 'codex', () => now);
    const b = await session('aaaa0002', 'claude', () => now);
    const c = await session('aaaa0003', 'sh', () => now);
    now = 10_000;
    b.publisher.report({ state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build' }, 'screen');
    a.publisher.report({ state: 'working' }, 'screen');
    const dead = initialEntry({ id: `${deadPid()}-dead0001`, pid: 0, app: 'x', command: [], cwd: '/' }, 0);
    writeFileSync(join(rt.dir, `${dead.id}.json`), JSON.stringify({ ...dead, pid: Number(dead.id.split('-')[0]) }));
    const out = io();
    expect(await lsCommand([], out, () => 75_000)).toBe(0);
    const lines = out.out().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${b.id}\\s+blocked:permission\\s+1m\\s+claude\\s+-\\s+/w\\s+approve Bash: rm -rf build$`));
    expect(lines[2]).toMatch(new RegExp(`^${a.id}\\s+working\\s+1m\\s+codex`));
    expect(lines[3]).toMatch(new RegExp(`^${c.id}\\s+idle\\s+1m`));
  });

  test('--json: the entries with their time in state, for scripts', async () => {
    const a = await session('aaaa0004');
    const out = io();
    expect(await lsCommand(['--json'], out, () => a.publisher.entry.since + 5)).toBe(0);
    expect(JSON.parse(out.out())).toEqual([{ ...a.publisher.entry, inStateMs: 5 }]);
  });

  test('no sessions (no directory yet): one line, status 0', async () => {
    rt.remove();
    const out = io();
    expect(await lsCommand([], out)).toBe(0);
    expect(out.out()).toBe('no osf7501 sessions\n');
  });

  test('an unknown option: usage error, status 2', async () => {
    expect(await lsCommand(['--jsn'], io())).toBe(2);
  });
});

describe('osf7501 wait', () => {
  test('returns 0 and names the session once it becomes blocked', async () => {
    const a = await session('bbbb0001');
    await session('bbbb0002');
    const out = io();
    const waiting = waitCommand(['--until', 'blocked', a.id], out);
    a.publisher.report({ state: 'working' }, 'screen');
    setImmediate(() => a.publisher.report({ state: 'blocked', kind: 'auth', msg: 'Password:' }, 'screen'));
    expect(await waiting).toBe(EXIT.ok);
    expect(out.out()).toBe(`${a.id} blocked:auth\n`);
  });

  test('without SESSION, any session; a state already reached counts at once', async () => {
    await session('bbbb0003');
    const out = io();
    expect(await waitCommand(['--until', 'idle'], out)).toBe(0);
  });

  test('--next waits for a new entry into the state, not the one already shown', async () => {
    const a = await session('bbbb0004');
    a.publisher.report({ state: 'done' }, 'screen');
    const out = io();
    const waiting = waitCommand(['--until', 'done', '--next', a.id], out);
    let settled = false;
    void waiting.then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    a.publisher.report({ state: 'working' }, 'screen');
    a.publisher.report({ state: 'done' }, 'screen');
    expect(await waiting).toBe(0);
  });

  test('times out with status 1', async () => {
    await session('bbbb0005');
    const out = io();
    expect(await waitCommand(['--until', 'blocked', '--timeout', '0.05'], out)).toBe(EXIT.timeout);
    expect(out.err()).toBe('osf7501 wait: timed out after 0.05s\n');
  });

  test('the session ending while waited for: status 3', async () => {
    const a = await session('bbbb0006');
    const out = io();
    const waiting = waitCommand(['--until', 'done', a.id], out);
    setImmediate(() => a.publisher.dispose());
    expect(await waiting).toBe(EXIT.noSession);
    expect(out.err()).toBe(`osf7501 wait: session ${a.id} ended\n`);
  });

  test.each([
    [['--until', 'sleeping']],
    [['--timeout', '-1']],
    [['--timeout', 'soon']],
  ])('bad arguments %j: status 2', async (args) => {
    expect(await waitCommand(args, io())).toBe(EXIT.usage);
  });

  test('an unknown session: status 3; an ambiguous prefix: status 2', async () => {
    await session('cccc0001');
    await session('cccc0002');
    expect(await waitCommand(['999999-ffff'], io())).toBe(EXIT.noSession);
    const out = io();
    expect(await waitCommand([`${process.pid}-cccc`], out)).toBe(EXIT.usage);
    expect(out.err()).toMatch(/matches .*cccc0001.*cccc0002/u);
  });
});

describe('osf7501 send and answer', () => {
  test('send types into an idle session; refused with status 4 while it is blocked', async () => {
    const a = await session('dddd0001');
    expect(await sendCommand([a.id, 'write the tests'], io())).toBe(0);
    a.publisher.report({ state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build' }, 'screen');
    const out = io();
    expect(await sendCommand([a.id, 'another task'], out)).toBe(EXIT.refused);
    expect(out.err()).toBe(
      `osf7501 send: refused: session ${a.id} is blocked (approve Bash: rm -rf build); answer it with: osf7501 answer ${a.id} CHOICE\n`,
    );
    expect(a.typed).toEqual(['write the tests\r']);
  });

  test('answer refused (status 4) when not blocked; accepted when blocked, by pid too', async () => {
    const a = await session('dddd0002');
    const out = io();
    expect(await answerCommand([a.id, '1'], out)).toBe(EXIT.refused);
    expect(out.err()).toBe(`osf7501 answer: refused: session ${a.id} is idle, not blocked\n`);
    a.publisher.report({ state: 'blocked', kind: 'question' }, 'screen');
    expect(await answerCommand(['--no-enter', a.id, '2'], io())).toBe(0);
    expect(a.typed).toEqual(['2']);
  });

  test('a session whose shim is gone: status 3', async () => {
    const out = io();
    expect(await sendCommand(['4242', 'x'], out)).toBe(EXIT.noSession);
    expect(out.err()).toBe('osf7501 send: no live osf7501 session matches "4242" (see osf7501 ls)\n');
  });

  test('missing TEXT: status 2', async () => {
    expect(await sendCommand(['4242'], io())).toBe(EXIT.usage);
  });
});

describe('osf7501 watch', () => {
  test('draws the list and redraws it when a session changes; stops on abort', async () => {
    const a = await session('eeee0001');
    const out = io();
    const stop = new AbortController();
    const watching = watchCommand([], out, stop.signal);
    while (!/idle/u.test(out.out())) await new Promise((r) => setTimeout(r, 10));
    a.publisher.report({ state: 'blocked', kind: 'auth' }, 'screen');
    while (!/blocked:auth/u.test(out.out())) await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    expect(await watching).toBe(0);
  });
});
