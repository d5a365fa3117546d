// The private channel: a 0600 socket in a fresh 0700 directory; only lines with the session's token count.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { HookServer, HOOK_SOCKET_ENV, HOOK_TOKEN_ENV, type ReceivedSignal, type RefusedMessage } from '../../src/hooks/channel.js';
import type { HookSignal } from '../../src/hooks/events.js';
import { sendLine } from '../../src/hooks/hook-client.js';
import { encodeHookLine } from '../../src/hooks/wire.js';

/** Hang guard for one expected event (not a performance bound). */
const WAIT_MS = 10_000;

const servers: HookServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.dispose();
});

async function start(): Promise<HookServer> {
  const server = await HookServer.start();
  servers.push(server);
  return server;
}

function next<T>(subscribe: (listener: (value: T) => void) => () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event in time')), WAIT_MS);
    const off = subscribe((value) => {
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}

/** Writes raw bytes on a fresh connection and ends it (or leaves it open). */
function rawSend(path: string, bytes: string | Buffer, end = true): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ path }, () => {
      if (end) socket.end(bytes, () => resolve());
      else socket.write(bytes, () => resolve());
    });
    socket.on('error', reject);
  });
}

const WORKING: HookSignal = { event: 'PreToolUse', state: 'working', tool: 'Bash' };

describe('HookServer', () => {
  test('the directory is 0700 and the socket 0600, both ours; the env names them', async () => {
    const server = await start();
    const dir = lstatSync(server.directory);
    const socket = lstatSync(server.socketPath);
    expect(dir.isDirectory()).toBe(true);
    expect(dir.mode & 0o777).toBe(0o700);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(dir.uid).toBe(process.getuid?.());
    expect(server.childEnv()).toEqual({ [HOOK_SOCKET_ENV]: server.socketPath, [HOOK_TOKEN_ENV]: server.token });
    expect(server.token).toMatch(/^[0-9a-f]{32}$/);
  });

  test('two sessions get different directories and tokens', async () => {
    const [a, b] = [await start(), await start()];
    expect(a.directory).not.toBe(b.directory);
    expect(a.token).not.toBe(b.token);
  });

  test('a line with the token arrives as a signal', async () => {
    const server = await start();
    const got = next<ReceivedSignal>((l) => server.onSignal(l));
    expect(await sendLine(server.socketPath, encodeHookLine(server.token, WORKING), WAIT_MS)).toBe(true);
    expect((await got).signal).toEqual(WORKING);
  });

  test('signals keep their order across connections sent one after the other', async () => {
    const server = await start();
    const seen: string[] = [];
    const all = new Promise<void>((resolve) =>
      server.onSignal((r) => {
        seen.push(r.signal.state);
        if (seen.length === 3) resolve();
      }),
    );
    for (const state of ['working', 'blocked', 'done'] as const) {
      const signal: HookSignal = state === 'blocked' ? { event: 'Notification', state, kind: 'permission' } : { event: state === 'done' ? 'Stop' : 'PreToolUse', state };
      await sendLine(server.socketPath, encodeHookLine(server.token, signal), WAIT_MS);
      await new Promise((r) => setTimeout(r, 20));
    }
    await all;
    expect(seen).toEqual(['working', 'blocked', 'done']);
  });

  test('a line with another token is refused and emits no signal', async () => {
    const server = await start();
    let signals = 0;
    server.onSignal(() => signals++);
    const refused = next<RefusedMessage>((l) => server.onRefused(l));
    await sendLine(server.socketPath, encodeHookLine('0'.repeat(32), WORKING), WAIT_MS);
    expect((await refused).reason).toBe('bad-token');
    expect(signals).toBe(0);
  });

  test.each<[string, string | Buffer, RefusedMessage['reason']]>([
    ['garbage', 'hello\n', 'malformed'],
    ['a line over 8 KiB', Buffer.alloc(9000, 0x61), 'too-large'],
  ])('%s is refused', async (_name, bytes, reason) => {
    const server = await start();
    const refused = next<RefusedMessage>((l) => server.onRefused(l));
    await rawSend(server.socketPath, bytes).catch(() => undefined);
    expect((await refused).reason).toBe(reason);
  });

  test('a line sent in pieces, without a final newline, still arrives', async () => {
    const server = await start();
    const got = next<ReceivedSignal>((l) => server.onSignal(l));
    const line = encodeHookLine(server.token, WORKING).trimEnd();
    const socket = createConnection({ path: server.socketPath });
    for (let i = 0; i < line.length; i += 7) socket.write(line.slice(i, i + 7));
    socket.end();
    expect((await got).signal).toEqual(WORKING);
  });

  test('a connection that sends nothing is cut off', async () => {
    const server = await start();
    const refused = next<RefusedMessage>((l) => server.onRefused(l));
    await rawSend(server.socketPath, '{"v":1', false);
    expect((await refused).reason).toBe('timeout');
  });

  test('dispose() removes the directory, refuses later connections and is idempotent', async () => {
    const server = await start();
    server.dispose();
    expect(existsSync(server.directory)).toBe(false);
    expect(await sendLine(server.socketPath, encodeHookLine(server.token, WORKING), WAIT_MS)).toBe(false);
    expect(() => server.dispose()).not.toThrow();
  });

  test('XDG_RUNTIME_DIR is used when set; a parent too long for a socket path falls back to the temp dir', async () => {
    const runtime = mkdtempSync(join(tmpdir(), 'osf-xdg-'));
    try {
      const inRuntime = await HookServer.start({ env: { XDG_RUNTIME_DIR: runtime } });
      servers.push(inRuntime);
      expect(inRuntime.directory.startsWith(`${runtime}/osf7501-`)).toBe(true);
      const long = await HookServer.start({ env: { XDG_RUNTIME_DIR: `/${'x'.repeat(120)}` } });
      servers.push(long);
      expect(long.directory.startsWith(join(tmpdir(), 'osf7501-'))).toBe(true);
    } finally {
      rmSync(runtime, { recursive: true, force: true });
    }
  });

  test('no usable parent: a typed error', async () => {
    await expect(HookServer.start({ parentDir: '/nonexistent/osf7501' })).rejects.toMatchObject({ name: 'HookChannelError', code: 'channel-directory' });
  });
});

describe.skipIf(process.getuid?.() !== 0)('another user (needs root to become one)', () => {
  test('cannot even reach the socket: the 0700 directory stops them', async () => {
    const server = await start();
    const child = spawn(
      process.execPath,
      ['-e', `require('net').createConnection(process.argv[1]).on('connect', () => { console.log('CONNECTED'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); })`, server.socketPath],
      { uid: 65534, gid: 65534, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    expect(out.trim()).toBe('EACCES');
  });
});
