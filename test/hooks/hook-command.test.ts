// `osf7501 hook <event>` exits 0 and prints nothing in every case; only --help talks.
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { hookCommand } from '../../src/cli/hook-command.js';
import type { CliIo } from '../../src/cli/io.js';
import { HookServer, type ReceivedSignal } from '../../src/hook-channel/channel.js';

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

function io(stdin: string, env: NodeJS.ProcessEnv): { io: CliIo; out: Sink; err: Sink } {
  const out = new Sink();
  const err = new Sink();
  const input = new PassThrough().end(stdin);
  return { io: { stdin: input as unknown as CliIo['stdin'], stdout: out as unknown as CliIo['stdout'], stderr: err as unknown as CliIo['stderr'], env, cwd: '/' }, out, err };
}

const servers: HookServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.dispose();
});

describe('osf7501 hook', () => {
  test('PreToolUse with the session env: the server gets working; nothing printed, status 0', async () => {
    const server = await HookServer.start();
    servers.push(server);
    const got = new Promise<ReceivedSignal>((resolve) => server.onSignal(resolve));
    const t = io(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } }), server.childEnv());
    expect(await hookCommand(['PreToolUse'], t.io)).toBe(0);
    expect((await got).signal).toEqual({ event: 'PreToolUse', state: 'working' });
    expect(t.out.text + t.err.text).toBe('');
  });

  test('PermissionRequest with the session env: its payload reaches the server, which names the command', async () => {
    const server = await HookServer.start();
    servers.push(server);
    const got = new Promise<ReceivedSignal>((resolve) => server.onSignal(resolve));
    const t = io(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } }), server.childEnv());
    expect(await hookCommand(['PermissionRequest'], t.io)).toBe(0);
    expect((await got).signal).toEqual({ event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Bash: ls', tool: 'Bash' });
    expect(t.out.text + t.err.text).toBe('');
  });

  test.each<[string, string[], string, NodeJS.ProcessEnv]>([
    ['no event', [], '', { OSF7501_HOOK_FIFO: '/nonexistent/s', OSF7501_HOOK_TOKEN: 't' }],
    ['an unknown event', ['Bogus'], '{}', { OSF7501_HOOK_FIFO: '/nonexistent/s', OSF7501_HOOK_TOKEN: 't' }],
    ['an unknown option', ['--frobnicate', 'Stop'], '', { OSF7501_HOOK_FIFO: '/nonexistent/s', OSF7501_HOOK_TOKEN: 't' }],
    ['extra arguments', ['Stop', 'more', 'args'], '', {}],
    ['no env', ['PreToolUse'], '{"tool_name":"Bash"}', {}],
    ['no server at the FIFO path', ['PreToolUse'], '{"tool_name":"Bash"}', { OSF7501_HOOK_FIFO: '/nonexistent/s', OSF7501_HOOK_TOKEN: 't' }],
    ['a bad payload', ['Notification'], '\x00\xff not json', { OSF7501_HOOK_FIFO: '/nonexistent/s', OSF7501_HOOK_TOKEN: 't' }],
  ])('%s: status 0, nothing printed', async (_name, argv, stdin, env) => {
    const t = io(stdin, env);
    expect(await hookCommand(argv, t.io)).toBe(0);
    expect(t.out.text + t.err.text).toBe('');
  });

  test('--help prints the usage (and still exits 0)', async () => {
    const t = io('', {});
    expect(await hookCommand(['--help'], t.io)).toBe(0);
    expect(t.out.text).toContain('Usage: osf7501 hook <event>');
    expect(t.out.text).toContain('PreToolUse');
  });
});
