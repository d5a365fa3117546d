// The shim's input socket, driven directly: send refused while blocked and accepted after, answer only
// when blocked and once per screen change; the check is the shim's, at the moment it writes.
import { existsSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { requestInput } from '../../src/inbox/input-client.js';
import { InputServer } from '../../src/inbox/input-server.js';
import { RegistryPublisher } from '../../src/inbox/registry.js';
import { socketPath } from '../../src/inbox/runtime-dir.js';
import { tempRuntime } from './support.js';

let rt: ReturnType<typeof tempRuntime>;
let publisher: RegistryPublisher;
let server: InputServer;
let typed: string[];
let path: string;

beforeEach(async () => {
  rt = tempRuntime();
  const id = `${process.pid}-abcd0001`;
  publisher = new RegistryPublisher({ id, pid: process.pid, app: 'sh', command: ['sh'], cwd: '/' }, { dir: rt.dir });
  typed = [];
  path = socketPath(rt.dir, id);
  server = new InputServer({ path, session: publisher, onInput: (b) => typed.push(Buffer.from(b).toString('utf8')) });
  await server.ready;
});
afterEach(() => {
  server.dispose();
  publisher.dispose();
  rt.remove();
});

describe('InputServer', () => {
  test('send types the text and Enter into an idle session', async () => {
    expect(await requestInput(path, { op: 'send', text: 'fix the bug', enter: true })).toEqual({ ok: true, state: 'idle' });
    expect(typed).toEqual(['fix the bug\r']);
  });

  test('send is refused while blocked and accepted once the dialog is gone', async () => {
    publisher.report({ state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build' }, 'screen');
    expect(await requestInput(path, { op: 'send', text: 'task', enter: true })).toEqual({ ok: false, refusal: 'blocked', state: 'blocked' });
    expect(typed).toEqual([]);
    publisher.report({ state: 'working' }, 'screen');
    expect(await requestInput(path, { op: 'send', text: 'task', enter: false })).toMatchObject({ ok: true });
    expect(typed).toEqual(['task']);
  });

  test('a dialog that just appeared on screen, not yet reported, already refuses send', async () => {
    publisher.report({ state: 'working' }, 'screen');
    publisher.classification({ state: 'blocked', kind: 'permission' });
    expect(await requestInput(path, { op: 'send', text: 'task', enter: true })).toMatchObject({ ok: false, refusal: 'blocked' });
    expect(typed).toEqual([]);
  });

  test('answer is refused when not blocked; accepted once when blocked; again after the screen changed', async () => {
    expect(await requestInput(path, { op: 'answer', text: '1', enter: false })).toEqual({ ok: false, refusal: 'not-blocked', state: 'idle' });
    publisher.classification({ state: 'blocked', kind: 'auth' });
    publisher.report({ state: 'blocked', kind: 'auth', msg: 'Password:' }, 'screen');
    expect(await requestInput(path, { op: 'answer', text: 'hunter2', enter: true })).toMatchObject({ ok: true });
    expect(await requestInput(path, { op: 'answer', text: 'hunter2', enter: true })).toMatchObject({ ok: false, refusal: 'already-answered' });
    publisher.classification({ state: 'blocked', kind: 'auth', msg: 'Password: (again)' });
    expect(await requestInput(path, { op: 'answer', text: 'hunter3', enter: true })).toMatchObject({ ok: true });
    expect(typed).toEqual(['hunter2\r', 'hunter3\r']);
  });

  test('a malformed request is answered bad-request and types nothing', async () => {
    const reply = await new Promise<string>((resolve) => {
      const s = connect(path, () => s.write('{"op":"rm -rf"}\n'));
      let text = '';
      s.on('data', (d) => (text += String(d)));
      s.on('end', () => resolve(text));
    });
    expect(JSON.parse(reply)).toEqual({ ok: false, error: 'bad-request' });
    expect(typed).toEqual([]);
  });

  test('the socket is private to its owner', () => {
    expect(statSync(path).mode & 0o077).toBe(0);
  });

  test('dispose removes the socket (idempotent); a client then gets unreachable', async () => {
    server.dispose();
    server.dispose();
    expect(existsSync(path)).toBe(false);
    expect(await requestInput(path, { op: 'send', text: 'x', enter: true })).toMatchObject({ ok: false, error: 'unreachable', code: 'ENOENT' });
  });
});
