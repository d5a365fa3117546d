// The private channel: a 0600 FIFO in a fresh 0700 directory; only lines with the session's token count.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, lstatSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { HookServer, HOOK_FIFO_ENV, HOOK_TOKEN_ENV, type ReceivedSignal, type RefusedMessage } from '../../src/hook-channel/channel.js';
import { PAYLOAD_MAX_BYTES, type HookSignal } from '../../src/hooks/events.js';
import { sendLine } from '../../src/hook-channel/hook-client.js';
import { encodeHookLine, LINE_MAX_BYTES } from '../../src/hooks/wire.js';

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

/** Collects everything a server says, and waits until a condition holds. */
function collect(server: HookServer): { signals: HookSignal[]; refused: RefusedMessage[]; until: (ok: () => boolean) => Promise<void> } {
  const signals: HookSignal[] = [];
  const refused: RefusedMessage[] = [];
  server.onSignal((r) => signals.push(r.signal));
  server.onRefused((r) => refused.push(r));
  const until = async (ok: () => boolean): Promise<void> => {
    const deadline = Date.now() + WAIT_MS;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`timed out; signals ${JSON.stringify(signals)}, refused ${JSON.stringify(refused)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { signals, refused, until };
}

/** Writes raw bytes to the FIFO, one write() each. */
function rawWrite(path: string, ...pieces: Array<string | Buffer>): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    for (const piece of pieces) writeSync(fd, typeof piece === 'string' ? Buffer.from(piece) : piece);
  } finally {
    closeSync(fd);
  }
}

describe('HookServer', () => {
  test('the directory is 0700 and the FIFO 0600, both ours; the env names them', async () => {
    const server = await start();
    const dir = lstatSync(server.directory);
    const fifo = lstatSync(server.fifoPath);
    expect(dir.isDirectory()).toBe(true);
    expect(dir.mode & 0o777).toBe(0o700);
    expect(fifo.isFIFO()).toBe(true);
    expect(fifo.mode & 0o777).toBe(0o600);
    expect(dir.uid).toBe(process.getuid?.());
    expect(fifo.uid).toBe(process.getuid?.());
    expect(server.fifoPath.startsWith(`${server.directory}/`)).toBe(true);
    expect(server.childEnv()).toEqual({ [HOOK_FIFO_ENV]: server.fifoPath, [HOOK_TOKEN_ENV]: server.token });
    expect(HOOK_FIFO_ENV).toBe('OSF7501_HOOK_FIFO');
    expect(server.token).toMatch(/^[0-9a-f]{32}$/);
  });

  test('two sessions get different directories and tokens', async () => {
    const [a, b] = [await start(), await start()];
    expect(a.directory).not.toBe(b.directory);
    expect(a.token).not.toBe(b.token);
  });

  test('a line with the token arrives as the mapped signal', async () => {
    const server = await start();
    const got = next<ReceivedSignal>((l) => server.onSignal(l));
    expect(sendLine(server.fifoPath, encodeHookLine(server.token, 'Stop'))).toBe(true);
    expect((await got).signal).toEqual({ event: 'Stop', state: 'done' });
  });

  test('a payload file named by the line is read, mapped and deleted', async () => {
    const server = await start();
    const got = next<ReceivedSignal>((l) => server.onSignal(l));
    writeFileSync(join(server.directory, 'payload.77'), JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'npm test' } }));
    rawWrite(server.fifoPath, encodeHookLine(server.token, 'PermissionRequest', 'payload.77'));
    expect((await got).signal).toEqual({ event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Bash: npm test', tool: 'Bash' });
    expect(existsSync(join(server.directory, 'payload.77'))).toBe(false);
  });

  test('a payload file over the cap is read only up to it (the tool is still named)', async () => {
    const server = await start();
    const got = next<ReceivedSignal>((l) => server.onSignal(l));
    writeFileSync(join(server.directory, 'payload.78'), `{"tool_name":"Write","tool_input":{"content":"${'x'.repeat(3 * PAYLOAD_MAX_BYTES)}"}}`);
    rawWrite(server.fifoPath, encodeHookLine(server.token, 'PermissionRequest', 'payload.78'));
    expect((await got).signal).toEqual({ event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Write', tool: 'Write' });
  });

  test.each<[string, (dir: string) => void]>([
    ['missing', () => {}],
    ['a symlink (not followed)', (dir) => {
      writeFileSync(join(dir, 'target'), JSON.stringify({ message: 'Claude needs your permission to use Bash' }));
      symlinkSync(join(dir, 'target'), join(dir, 'payload.79'));
    }],
    ['a FIFO (never read: it could block)', (dir) => {
      spawnSync('mkfifo', [join(dir, 'payload.79')]);
    }],
  ])('a payload file that is %s: mapped as no payload (a Notification then reports nothing)', async (_name, make) => {
    const server = await start();
    const seen = collect(server);
    make(server.directory);
    rawWrite(server.fifoPath, encodeHookLine(server.token, 'Notification', 'payload.79'), encodeHookLine(server.token, 'Stop'));
    await seen.until(() => seen.signals.length > 0);
    expect(seen.signals).toEqual([{ event: 'Stop', state: 'done' }]);
    expect(seen.refused).toEqual([]);
  });

  test('signals keep their order', async () => {
    const server = await start();
    const seen = collect(server);
    for (const event of ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'] as const) expect(sendLine(server.fifoPath, encodeHookLine(server.token, event))).toBe(true);
    await seen.until(() => seen.signals.length === 4);
    expect(seen.signals.map((s) => s.event)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']);
  });

  test('a line with another token is refused, emits no signal and its payload file is not read', async () => {
    const server = await start();
    const seen = collect(server);
    writeFileSync(join(server.directory, 'payload.80'), '{}');
    rawWrite(server.fifoPath, encodeHookLine('0'.repeat(32), 'Notification', 'payload.80'));
    await seen.until(() => seen.refused.length > 0);
    expect(seen.refused.map((r) => r.reason)).toEqual(['bad-token']);
    expect(seen.signals).toEqual([]);
    expect(existsSync(join(server.directory, 'payload.80'))).toBe(true);
  });

  test.each<[string, Array<string | Buffer>, RefusedMessage['reason'][]]>([
    ['garbage', ['hello\n'], ['malformed']],
    ['the old JSON line', [`${JSON.stringify({ v: 1, token: 'x', signal: { event: 'Stop', state: 'done' } })}\n`], ['malformed']],
    ['a line over 512 bytes', [Buffer.alloc(LINE_MAX_BYTES, 0x61), 'tail\n'], ['too-large']],
    ['a line far over the limit, in one write', [`${'a'.repeat(9000)}\n`], ['too-large']],
  ])('%s is refused once, and the next line still arrives', async (_name, pieces, reasons) => {
    const server = await start();
    const seen = collect(server);
    rawWrite(server.fifoPath, ...pieces, encodeHookLine(server.token, 'Stop'));
    await seen.until(() => seen.signals.length > 0);
    expect(seen.refused.map((r) => r.reason)).toEqual(reasons);
    expect(seen.signals).toEqual([{ event: 'Stop', state: 'done' }]);
  });

  test('a line of exactly 512 bytes with its newline is not too large (it is checked as a line)', async () => {
    const server = await start();
    const seen = collect(server);
    rawWrite(server.fifoPath, `${'a'.repeat(LINE_MAX_BYTES - 1)}\n`);
    await seen.until(() => seen.refused.length > 0);
    expect(seen.refused.map((r) => r.reason)).toEqual(['malformed']);
  });

  test('a line written in pieces arrives once its newline does', async () => {
    const server = await start();
    const got = next<ReceivedSignal>((l) => server.onSignal(l));
    const line = encodeHookLine(server.token, 'UserPromptSubmit');
    const fd = openSync(server.fifoPath, constants.O_WRONLY | constants.O_NONBLOCK);
    for (let i = 0; i < line.length; i += 7) {
      writeSync(fd, line.slice(i, i + 7));
      await new Promise((r) => setTimeout(r, 5));
    }
    closeSync(fd);
    expect((await got).signal).toEqual({ event: 'UserPromptSubmit', state: 'working' });
  });

  test('a line left without its newline is dropped after a second (timeout) and does not prefix the next', async () => {
    const server = await start();
    const seen = collect(server);
    rawWrite(server.fifoPath, `${server.token} Sto`);
    await seen.until(() => seen.refused.length > 0);
    expect(seen.refused.map((r) => r.reason)).toEqual(['timeout']);
    rawWrite(server.fifoPath, encodeHookLine(server.token, 'Stop'));
    await seen.until(() => seen.signals.length > 0);
    expect(seen.signals).toEqual([{ event: 'Stop', state: 'done' }]);
  });

  test('dispose() removes the directory (FIFO and payload files), later hooks find nothing, and it is idempotent', async () => {
    const server = await start();
    writeFileSync(join(server.directory, 'payload.81'), '{}');
    server.dispose();
    expect(existsSync(server.directory)).toBe(false);
    expect(sendLine(server.fifoPath, encodeHookLine(server.token, 'Stop'))).toBe(false);
    expect(() => server.dispose()).not.toThrow();
  });

  test('the shim gone without dispose (FIFO left, no reader): a writer fails at once instead of waiting', async () => {
    const server = await start();
    const fifo = server.fifoPath;
    const dir = mkdtempSync(join(tmpdir(), 'osf-orphan-'));
    try {
      const orphan = join(dir, 'hook.fifo');
      spawnSync('mkfifo', ['-m', '600', orphan]);
      const t = performance.now();
      expect(sendLine(orphan, encodeHookLine(server.token, 'Stop'))).toBe(false);
      expect(performance.now() - t).toBeLessThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(sendLine(fifo, encodeHookLine(server.token, 'Stop'))).toBe(true);
  });

  test('XDG_RUNTIME_DIR is used when set; an unusable one falls back to the temp dir', async () => {
    const runtime = mkdtempSync(join(tmpdir(), 'osf-xdg-'));
    try {
      const inRuntime = await HookServer.start({ env: { ...process.env, XDG_RUNTIME_DIR: runtime } });
      servers.push(inRuntime);
      expect(inRuntime.directory.startsWith(`${runtime}/osf7501-`)).toBe(true);
      const missing = await HookServer.start({ env: { ...process.env, XDG_RUNTIME_DIR: `/${'x'.repeat(120)}` } });
      servers.push(missing);
      expect(missing.directory.startsWith(join(tmpdir(), 'osf7501-'))).toBe(true);
    } finally {
      rmSync(runtime, { recursive: true, force: true });
    }
  });

  test('no usable parent: a typed error', async () => {
    await expect(HookServer.start({ parentDir: '/nonexistent/osf7501' })).rejects.toMatchObject({ name: 'HookChannelError', code: 'channel-directory' });
  });
});

describe.skipIf(process.getuid?.() !== 0)('another user (needs root to become one)', () => {
  test('cannot even reach the FIFO: the 0700 directory stops them', async () => {
    const server = await start();
    const child = spawn('/bin/sh', ['-c', 'printf "x Stop\\n" 1<>"$0" && echo WROTE', server.fifoPath], { uid: 65534, gid: 65534, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    expect(out).toMatch(/Permission denied/);
    expect(out).not.toMatch(/WROTE/);
  });
});
