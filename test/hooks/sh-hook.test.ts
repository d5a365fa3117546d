// The injected hook itself, run as Claude Code runs it (`/bin/sh -c <command>`, the payload on stdin)
// against a real HookServer: what arrives, in parallel, without a shim, from a stranger, oversized.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { HookServer, type RefusedMessage } from '../../src/hook-channel/channel.js';
import { HOOK_EVENTS, PAYLOAD_MAX_BYTES, type HookEventName, type HookSignal } from '../../src/hooks/events.js';
import { needsPayload } from '../../src/hooks/map-event.js';
import { fifoHookCommand } from '../../src/hooks/settings.js';

/** Hang guard for one awaited event (not a performance bound). */
const WAIT_MS = 10_000;
/** "Quickly": far under Claude Code's 5 s hook timeout, far over a loaded machine's sh start. */
const QUICK_MS = 2000;

/** A HOME without the user's rc files (bash reads ~/.bashrc when its stdin is a socket, as node's pipes are). */
const HOME = mkdtempSync(join(tmpdir(), 'osf-sh-home-'));
afterAll(() => rmSync(HOME, { recursive: true, force: true }));

/** The shells a user's /bin/sh may be: what this machine has of them. */
const SHELLS = ['/bin/sh', '/bin/dash', '/bin/bash', '/bin/busybox', '/bin/zsh', '/usr/bin/zsh'].filter((sh) => existsSync(sh));

const servers: HookServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.dispose();
});

async function start(): Promise<{ server: HookServer; signals: HookSignal[]; refused: RefusedMessage[]; until: (ok: () => boolean, what: string) => Promise<void> }> {
  const server = await HookServer.start();
  servers.push(server);
  const signals: HookSignal[] = [];
  const refused: RefusedMessage[] = [];
  server.onSignal((r) => signals.push(r.signal));
  server.onRefused((r) => refused.push(r));
  const until = async (ok: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + WAIT_MS;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; signals ${JSON.stringify(signals)}, refused ${JSON.stringify(refused)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { server, signals, refused, until };
}

interface Run {
  status: number | null;
  output: string;
  ms: number;
}

/** `shell -c <hook for event>` with `stdin` (undefined: stdin left open, never written) and `env`. */
function hook(event: HookEventName, stdin: string | Buffer | undefined, env: NodeJS.ProcessEnv, shell = '/bin/sh'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const argv = shell.endsWith('busybox') ? [shell, 'sh', '-c'] : [shell, '-c'];
    const child = spawn(argv[0]!, [...argv.slice(1), fifoHookCommand(event)], { env: { PATH: process.env['PATH'], HOME, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.stdin.on('error', () => undefined); // EPIPE: the hook read what it needed (or nothing) and left
    if (stdin !== undefined) child.stdin.end(stdin);
    const guard = setTimeout(() => reject(new Error(`the ${event} hook did not exit`)), WAIT_MS);
    child.on('exit', (status) => {
      clearTimeout(guard);
      child.stdin.destroy();
      resolve({ status, output, ms: performance.now() - started });
    });
  });
}

const PAYLOADS: Record<HookEventName, string> = {
  UserPromptSubmit: JSON.stringify({ hook_event_name: 'UserPromptSubmit', prompt: 'hi' }),
  PreToolUse: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }),
  PermissionRequest: JSON.stringify({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'npm test' } }),
  PostToolUse: JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Bash' }),
  Notification: JSON.stringify({ hook_event_name: 'Notification', message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' }),
  SubagentStart: JSON.stringify({ hook_event_name: 'SubagentStart', agent_id: 'a31bf86884dfd3ebc', agent_type: 'general-purpose' }),
  SubagentStop: JSON.stringify({ hook_event_name: 'SubagentStop', agent_id: 'a31bf86884dfd3ebc', agent_type: 'general-purpose' }),
  TaskCreated: JSON.stringify({ hook_event_name: 'TaskCreated', task_id: '1', task_subject: 'Run the tests' }),
  TaskCompleted: JSON.stringify({ hook_event_name: 'TaskCompleted', task_id: '1', task_subject: 'Run the tests' }),
  Stop: JSON.stringify({ hook_event_name: 'Stop' }),
  StopFailure: JSON.stringify({ hook_event_name: 'StopFailure', error: 'rate_limit', error_details: "You've hit your session limit · resets 3:45pm" }),
};
const EXPECTED: Record<HookEventName, HookSignal> = {
  UserPromptSubmit: { event: 'UserPromptSubmit', state: 'working' },
  PreToolUse: { event: 'PreToolUse', state: 'working' },
  PermissionRequest: { event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Bash: npm test', tool: 'Bash' },
  PostToolUse: { event: 'PostToolUse', state: 'working' },
  Notification: { event: 'Notification', state: 'blocked', kind: 'permission', msg: 'approve Bash', notification: 'permission_prompt' },
  SubagentStart: { event: 'SubagentStart', state: 'working', subagent: { id: 'a31bf86884dfd3ebc', phase: 'start', title: 'general-purpose' } },
  SubagentStop: { event: 'SubagentStop', state: 'done', subagent: { id: 'a31bf86884dfd3ebc', phase: 'stop', title: 'general-purpose' } },
  // Each test has a server of its own: its task list holds this one task.
  TaskCreated: { event: 'TaskCreated', state: 'working', tasks: { done: 0, total: 1 } },
  TaskCompleted: { event: 'TaskCompleted', state: 'working', tasks: { done: 1, total: 1 } },
  Stop: { event: 'Stop', state: 'done' },
  StopFailure: { event: 'StopFailure', state: 'error', msg: 'usage limit · resets 3:45pm', resets: '3:45pm' },
};

/** A hang guard, not a speed goal: 64 sh processes at once took 6 s on a loaded 2-core machine. */
const CROWD_TIMEOUT_MS = 60_000;

describe('the command', () => {
  test.each(HOOK_EVENTS)('%s starts no node, names the FIFO and token by their variables and ends with exit 0', (event) => {
    const command = fifoHookCommand(event);
    expect(command).not.toMatch(/node|osf7501 /);
    expect(command).toMatch(/^f=\$OSF7501_HOOK_FIFO; /);
    expect(command).toContain('"$OSF7501_HOOK_TOKEN"');
    expect(command).toMatch(/; exit 0$/);
    expect(command).not.toMatch(/\bexec\b/);
    expect(command.includes('head -c')).toBe(needsPayload(event));
  });
});

describe.each(SHELLS)('run by %s', (shell) => {
  test.each(HOOK_EVENTS)('%s: the server gets the mapped signal; status 0, nothing printed, no file left', async (event) => {
    const { server, signals, refused, until } = await start();
    expect(await hook(event, PAYLOADS[event], server.childEnv(), shell)).toMatchObject({ status: 0, output: '' });
    await until(() => signals.length > 0, 'the signal');
    expect(signals).toEqual([EXPECTED[event]]);
    expect(refused).toEqual([]);
    expect(readdirSync(server.directory)).toEqual(['hook.fifo']);
  });
});

describe('the sh hook', () => {
  test('64 hooks at once, every event: every line arrives intact, each payload with its own event', async () => {
    const { server, signals, refused, until } = await start();
    const events = Array.from({ length: 64 }, (_, i) => HOOK_EVENTS[i % HOOK_EVENTS.length]!);
    const runs = await Promise.all(events.map((event) => hook(event, PAYLOADS[event], server.childEnv())));
    expect(runs.every((r) => r.status === 0 && r.output === '')).toBe(true);
    await until(() => signals.length === events.length, 'all signals');
    expect(refused).toEqual([]);
    // The task list's progress depends on the order the calls arrive in: compared without it.
    const bare = ({ tasks: _tasks, ...rest }: HookSignal): HookSignal => rest;
    const count = (signal: HookSignal): number => signals.filter((s) => isDeepStrictEqual(bare(s), bare(signal))).length;
    for (const event of HOOK_EVENTS) expect(count(EXPECTED[event]), `${event} in ${JSON.stringify(signals)}`).toBe(events.filter((e) => e === event).length);
    expect(readdirSync(server.directory)).toEqual(['hook.fifo']);
  }, CROWD_TIMEOUT_MS);

  test('a stranger\'s line (the FIFO without the token) is refused, and no signal comes of it', async () => {
    const { server, signals, refused, until } = await start();
    const stranger = { OSF7501_HOOK_FIFO: server.fifoPath };
    for (const token of [undefined, 'f'.repeat(32)]) {
      const env = token === undefined ? stranger : { ...stranger, OSF7501_HOOK_TOKEN: token };
      expect(await hook('Stop', '{}', env)).toMatchObject({ status: 0, output: '' });
      expect(await hook('Notification', PAYLOADS.Notification, env)).toMatchObject({ status: 0, output: '' });
    }
    await until(() => refused.length === 4, 'four refusals');
    expect(refused.map((r) => r.reason)).toEqual(['bad-token', 'bad-token', 'bad-token', 'bad-token']);
    expect(signals).toEqual([]);
  });

  test('a payload over the cap (a 200 KB Write): cut at 64 KiB, still names the tool; the hook exits 0', async () => {
    const { server, signals, until } = await start();
    const payload = JSON.stringify({ hook_event_name: 'PermissionRequest', tool_name: 'Write', tool_input: { file_path: '/x', content: 'x'.repeat(200_000) } });
    expect(await hook('PermissionRequest', payload, server.childEnv())).toMatchObject({ status: 0, output: '' });
    await until(() => signals.length > 0, 'the signal');
    expect(signals).toEqual([{ event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Write', tool: 'Write' }]);
    expect(readdirSync(server.directory)).toEqual(['hook.fifo']);
    expect(PAYLOAD_MAX_BYTES).toBe(64 * 1024);
  });

  test('an event that needs no payload never reads stdin: it exits at once even if stdin never closes', async () => {
    const { server, signals, until } = await start();
    const run = await hook('PreToolUse', undefined, server.childEnv());
    expect(run).toMatchObject({ status: 0, output: '' });
    expect(run.ms).toBeLessThan(QUICK_MS);
    await until(() => signals.length > 0, 'the signal');
  });
});

describe('without a shim the hook does nothing, at once, and never fails', () => {
  const orphanDirs: string[] = [];
  afterEach(() => {
    for (const d of orphanDirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  /** A FIFO nobody reads (the shim killed without cleaning up). */
  function orphanFifo(): string {
    const dir = mkdtempSync(join(tmpdir(), 'osf-orphan-'));
    orphanDirs.push(dir);
    const fifo = join(dir, 'hook.fifo');
    spawnSync('mkfifo', ['-m', '600', fifo]);
    return fifo;
  }

  test.each<[string, () => NodeJS.ProcessEnv]>([
    ['no env at all', () => ({})],
    ['the directory removed (the shim disposed)', () => ({ OSF7501_HOOK_FIFO: '/nonexistent/osf7501-gone/hook.fifo', OSF7501_HOOK_TOKEN: 'x' })],
    ['a FIFO with no reader (the shim killed)', () => ({ OSF7501_HOOK_FIFO: orphanFifo(), OSF7501_HOOK_TOKEN: 'x' })],
    ['a regular file where the FIFO was', () => {
      const fifo = orphanFifo();
      rmSync(fifo);
      spawnSync('touch', [fifo]);
      return { OSF7501_HOOK_FIFO: fifo, OSF7501_HOOK_TOKEN: 'x' };
    }],
  ])('%s: every event exits 0 quickly, prints nothing', async (_name, makeEnv) => {
    const env = makeEnv();
    for (const event of HOOK_EVENTS) {
      const run = await hook(event, PAYLOADS[event], env);
      expect(run, event).toMatchObject({ status: 0, output: '' });
      expect(run.ms, event).toBeLessThan(QUICK_MS);
    }
  });

  test('the disposed session\'s directory is not recreated, and no payload file appears anywhere', async () => {
    const { server } = await start();
    const env = server.childEnv();
    server.dispose();
    expect(await hook('Notification', PAYLOADS.Notification, env)).toMatchObject({ status: 0, output: '' });
    expect(existsSync(server.directory)).toBe(false);
  });

  test('a FIFO with no reader: the line is dropped, not left for a later reader', async () => {
    const fifo = orphanFifo();
    expect(await hook('Stop', '{}', { OSF7501_HOOK_FIFO: fifo, OSF7501_HOOK_TOKEN: 'x' })).toMatchObject({ status: 0, output: '' });
    // Opening it now finds it empty: the pipe's data went with its last opener.
    const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      let read: number | string;
      try {
        read = readSync(fd, Buffer.alloc(512));
      } catch (error) {
        read = (error as NodeJS.ErrnoException).code ?? 'error';
      }
      expect([0, 'EAGAIN']).toContain(read);
    } finally {
      closeSync(fd);
    }
  });
});
