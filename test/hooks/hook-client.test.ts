// The node hook client (`osf7501 hook`): reads the payload however it arrives, and never fails or hangs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { HookServer, type ReceivedSignal } from '../../src/hook-channel/channel.js';
import { PAYLOAD_MAX_BYTES } from '../../src/hooks/events.js';
import { readPayload, runHook, sendLine, type PayloadStream } from '../../src/hook-channel/hook-client.js';

/** Longer than any read in these tests; a read that resolves early shows it did not need the timer. */
const LONG_WAIT_MS = 60_000;
const PAYLOAD = JSON.stringify({ hook_event_name: 'Notification', message: 'Claude needs your permission to use Bash — «ok»' });
/** `Claude needs your permission to use Bash — «ok»` names the tool Bash. */

const servers: HookServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.dispose();
});

function feed(stream: PassThrough, bytes: Buffer, size: number): void {
  for (let i = 0; i < bytes.length; i += size) stream.write(bytes.subarray(i, i + size));
}

describe('readPayload', () => {
  test.each([1, 2, 3, 7, 64])('a payload in chunks of %i bytes (UTF-8 split included), stdin left open: complete JSON ends the read', async (size) => {
    const stream = new PassThrough();
    const read = readPayload(stream, LONG_WAIT_MS);
    feed(stream, Buffer.from(PAYLOAD), size);
    const payload = await read;
    expect(payload.json).toEqual(JSON.parse(PAYLOAD));
  });

  test('a payload over the cap is cut at it and not parsed', async () => {
    const stream = new PassThrough();
    const read = readPayload(stream, LONG_WAIT_MS);
    stream.end(Buffer.from(`{"tool_name":"Write","content":"${'x'.repeat(PAYLOAD_MAX_BYTES)}"}`));
    const payload = await read;
    expect(payload.json).toBeUndefined();
    expect(Buffer.byteLength(payload.text)).toBe(PAYLOAD_MAX_BYTES);
  });

  test('stdin closed with nothing: an empty payload', async () => {
    const stream = new PassThrough();
    const read = readPayload(stream, LONG_WAIT_MS);
    stream.end();
    expect(await read).toEqual({ json: undefined, text: '' });
  });

  test('stdin that never ends nor completes: the read gives up after its wait', async () => {
    const stream = new PassThrough();
    const read = readPayload(stream, 10);
    stream.write('{"message": "x"');
    expect((await read).json).toBeUndefined();
  });
});

describe('runHook', () => {
  const closedStdin = (): PayloadStream => new PassThrough().end();
  const NOWHERE = { OSF7501_HOOK_FIFO: '/nonexistent/osf7501/hook.fifo', OSF7501_HOOK_TOKEN: 't' };

  test('with the FIFO and token in the env: sent, and the server gets the mapped signal (payload through a file)', async () => {
    const server = await HookServer.start();
    servers.push(server);
    const got = new Promise<ReceivedSignal>((resolve) => server.onSignal(resolve));
    const stdin = (): PayloadStream => new PassThrough().end(PAYLOAD);
    expect(await runHook('Notification', stdin, server.childEnv())).toBe('sent');
    expect((await got).signal).toEqual({ event: 'Notification', state: 'blocked', kind: 'permission', msg: 'approve Bash' });
    await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(server.directory)).toEqual(['hook.fifo']);
  });

  test.each<[string, string | undefined, NodeJS.ProcessEnv, string]>([
    ['no event', undefined, NOWHERE, 'unknown-event'],
    ['an unknown event', 'SessionStart', NOWHERE, 'unknown-event'],
    ['no env', 'Stop', {}, 'no-channel'],
    ['no token', 'Stop', { OSF7501_HOOK_FIFO: '/x' }, 'no-channel'],
    ['a FIFO that does not exist', 'Stop', NOWHERE, 'send-failed'],
    ['a payload event and no directory', 'Notification', NOWHERE, 'send-failed'],
  ])('%s → %s, never a rejection', async (_name, event, env, outcome) => {
    expect(await runHook(event, closedStdin, env)).toBe(outcome);
  });

  test('a FIFO nobody reads (the shim gone): send-failed at once, never a wait; the payload file is removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf-orphan-'));
    try {
      const fifo = join(dir, 'hook.fifo');
      spawnSync('mkfifo', ['-m', '600', fifo]);
      const stdin = (): PayloadStream => new PassThrough().end(PAYLOAD);
      expect(await runHook('Stop', closedStdin, { OSF7501_HOOK_FIFO: fifo, OSF7501_HOOK_TOKEN: 't' })).toBe('send-failed');
      expect(await runHook('Notification', stdin, { OSF7501_HOOK_FIFO: fifo, OSF7501_HOOK_TOKEN: 't' })).toBe('send-failed');
      expect(readdirSync(dir)).toEqual(['hook.fifo']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a regular file in place of the FIFO is never written to, nor a payload file put next to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf-notfifo-'));
    try {
      const file = join(dir, 'hook.fifo');
      writeFileSync(file, '');
      expect(sendLine(file, 'x Stop\n')).toBe(false);
      const stdin = (): PayloadStream => new PassThrough().end(PAYLOAD);
      expect(await runHook('Notification', stdin, { OSF7501_HOOK_FIFO: file, OSF7501_HOOK_TOKEN: 't' })).toBe('send-failed');
      expect(readFileSync(file, 'utf8')).toBe('');
      expect(readdirSync(dir)).toEqual(['hook.fifo']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('events that need no payload never touch stdin', async () => {
    let touched = false;
    const stdin = (): PayloadStream => {
      touched = true;
      return new PassThrough();
    };
    for (const event of ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']) await runHook(event, stdin, NOWHERE);
    expect(touched).toBe(false);
  });
});
