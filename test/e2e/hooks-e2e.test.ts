// The lifecycle-hooks signal end to end, with real processes: the sh FIFO hook (what the injected
// settings run) and `osf7501 hook` talk to a HookServer; then a real Claude Code, started with the
// injected --settings (merged with a user settings file), drives its hooks through a Bash approval.
//
// Claude Code runs here in its own node-pty, not under the shim (the lead wires hooks into the shim);
// it is installed on first use into $OSF7501_CC_CACHE/cc-<version> and the test is skipped, with the
// reason, when no npm registry is reachable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import xtermHeadless from '@xterm/headless';
import * as pty from 'node-pty';
import { afterEach, describe, expect, test } from 'vitest';
import { HookServer, type ReceivedSignal, type RefusedMessage } from '../../src/hook-channel/channel.js';
import { claudeVersionAt } from '../../src/hook-channel/claude-version.js';
import type { HookEventName, HookSignal } from '../../src/hooks/events.js';
import { injectClaudeHooks } from '../../src/hook-channel/inject.js';
import { defaultHookCommand, fifoHookCommand } from '../../src/hooks/settings.js';
import { hookEventsFor } from '../../src/hooks/versions.js';
import { setUpClaudeE2e } from '../tools/agent-e2e-setup.js';
import { claudeEnv, makeSandbox } from '../tools/claude-env.mjs';
import { BIN, REPO } from './support/outer-terminal.js';

const { Terminal } = xtermHeadless;

/** What the shim injects: the sh hook writing to the session's FIFO. */
const HOOK_COMMAND = defaultHookCommand();
/** Hang guard for one awaited event (not a performance bound). */
const WAIT_MS = 30_000;
const VERSIONS = ['2.1.332', '2.1.150'];
const COLS = 100;
const ROWS = 30;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs argv with `stdin` and `env`; resolves to its status and everything it printed. */
function run(argv: string[], stdin: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { env: { PATH: process.env['PATH'], ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    // A hook that reads no payload may exit before it is written: EPIPE, as Claude Code sees it too.
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
    const guard = setTimeout(() => reject(new Error(`${argv.join(' ')} did not exit`)), WAIT_MS);
    child.on('exit', (status) => {
      clearTimeout(guard);
      resolve({ status, output });
    });
  });
}

/** Collects a server's signals and refusals; waits for the next one matching. */
class Collector {
  readonly signals: HookSignal[] = [];
  readonly refused: RefusedMessage[] = [];
  private wake: (() => void) | undefined;

  constructor(server: HookServer) {
    server.onSignal((r: ReceivedSignal) => {
      this.signals.push(r.signal);
      this.wake?.();
    });
    server.onRefused((r) => {
      this.refused.push(r);
      this.wake?.();
    });
  }

  async until(test: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; signals so far: ${JSON.stringify(this.signals)}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }
}

/** Whether the lead has registered `osf7501 hook` yet (before that, `hook` is taken for a command name). */
const hookRegistered = /Usage: osf7501 hook/.test(spawnSync(process.execPath, [BIN, 'hook', '--help'], { encoding: 'utf8' }).stdout ?? '');

const servers: HookServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.dispose();
});

async function start(): Promise<{ server: HookServer; seen: Collector }> {
  const server = await HookServer.start();
  servers.push(server);
  return { server, seen: new Collector(server) };
}

const PRE_TOOL_USE = JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });

describe.each<[string, (event: HookEventName) => string[], boolean]>([
  ['the sh hook (what the injected settings run)', (event) => ['/bin/sh', '-c', fifoHookCommand(event)], true],
  ['osf7501 hook', (event) => [process.execPath, BIN, 'hook', event], hookRegistered],
])('%s', (_name, command, available) => {
  describe.skipIf(!available)('as a real process', () => {
    test('PreToolUse with a payload and the session env → the server gets working; status 0, nothing printed', async () => {
      const { server, seen } = await start();
      const result = await run(command('PreToolUse'), PRE_TOOL_USE, server.childEnv());
      expect(result).toEqual({ status: 0, output: '' });
      await seen.until(() => seen.signals.length > 0, 'the signal');
      expect(seen.signals).toEqual([{ event: 'PreToolUse', state: 'working' }]);
    });

    test('a permission Notification → blocked(permission)', async () => {
      const { server, seen } = await start();
      const payload = JSON.stringify({ hook_event_name: 'Notification', message: 'Claude needs your permission to use Bash' });
      expect(await run(command('Notification'), payload, server.childEnv())).toEqual({ status: 0, output: '' });
      await seen.until(() => seen.signals.length > 0, 'the signal');
      expect(seen.signals).toEqual([{ event: 'Notification', state: 'blocked', kind: 'permission', msg: 'approve Bash' }]);
      expect(readdirSync(server.directory)).toEqual(['hook.fifo']); // the payload file read and removed
    });

    test('the wrong token: refused, no signal; the hook still exits 0 silently', async () => {
      const { server, seen } = await start();
      const env = { ...server.childEnv(), OSF7501_HOOK_TOKEN: 'f'.repeat(32) };
      expect(await run(command('Stop'), '{}', env)).toEqual({ status: 0, output: '' });
      await seen.until(() => seen.refused.length > 0, 'the refusal');
      expect(seen.refused.map((r) => r.reason)).toEqual(['bad-token']);
      expect(seen.signals).toEqual([]);
    });

    test.each<[string, NodeJS.ProcessEnv, string]>([
      ['no server (the FIFO is gone)', { OSF7501_HOOK_FIFO: '/nonexistent/osf7501/hook.fifo', OSF7501_HOOK_TOKEN: 'x' }, PRE_TOOL_USE],
      ['no env at all', {}, PRE_TOOL_USE],
      ['a bad payload', { OSF7501_HOOK_FIFO: '/nonexistent/osf7501/hook.fifo', OSF7501_HOOK_TOKEN: 'x' }, '\u0000{{{ not json'],
    ])('%s: status 0, nothing printed', async (_name, env, stdin) => {
      expect(await run(command('Notification'), stdin, env)).toEqual({ status: 0, output: '' });
    });
  });
});

describe.skipIf(!hookRegistered)('osf7501 hook when stdin never closes', () => {
  test('it still exits 0 (its own deadline), nothing printed', async () => {
    const { server } = await start();
    const child = spawn(process.execPath, [BIN, 'hook', 'Notification'], { env: { PATH: process.env['PATH'], ...server.childEnv() }, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.write('{"message": "never finished');
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.destroy();
    expect({ status, output }).toEqual({ status: 0, output: '' });
  });
});

// ---- a real Claude Code --------------------------------------------------------------------------

/** What the user's own --settings file holds: a Stop hook that leaves a mark, which must still run. */
function userSettings(marker: string): string {
  return JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `touch '${marker}'` }] }] } });
}

const e2e = setUpClaudeE2e('hooks-e2e');

describe.each(VERSIONS)('Claude Code %s with the injected hooks', (version) => {
  const installed = e2e.install(version);

  test('a Bash approval: working, blocked (as the dialog opens, and its notification), working, done; the user\'s hook still runs', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const sandbox = makeSandbox({ version: claude.version });
    const { server, seen } = await start();
    const marker = join(sandbox.root, 'user-stop-hook-ran');
    writeFileSync(join(sandbox.project, 'my-settings.json'), userSettings(marker));
    const detected = claudeVersionAt(claude.bin);
    expect(detected).toBe(claude.version);
    const injected = injectClaudeHooks(['--permission-mode', 'default', '--settings', 'my-settings.json'], {
      hookCommand: HOOK_COMMAND,
      events: hookEventsFor(detected),
      cwd: sandbox.project,
      spillDir: server.directory,
    });
    expect(injected.injected).toBe(true);
    // The hooks Claude Code gets are the sh FIFO hooks: no node start-up per call.
    expect(injected.argv.join(' ')).toContain('OSF7501_HOOK_FIFO');
    expect(injected.argv.join(' ')).not.toContain(process.execPath);
    const child = pty.spawn(claude.command[0]!, [...claude.command.slice(1), ...injected.argv], {
      cols: COLS,
      rows: ROWS,
      cwd: sandbox.project,
      env: { ...claudeEnv({ mockUrl: mock.url, home: sandbox.home }), ...server.childEnv() },
    });
    const exited = new Promise<void>((resolve) => child.onExit(() => resolve()));
    const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
    child.onData((d) => term.write(d));
    term.onData((d) => child.write(d));
    const screen = (): string => {
      const b = term.buffer.active;
      return Array.from({ length: ROWS }, (_, y) => b.getLine(b.viewportY + y)?.translateToString(true) ?? '').join('\n');
    };
    const waitScreen = async (pattern: RegExp, what: string): Promise<void> => {
      const deadline = Date.now() + WAIT_MS;
      while (!pattern.test(screen())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`);
        await sleep(50);
      }
    };
    const has = (want: Partial<HookSignal>): (() => boolean) => () =>
      seen.signals.some((s) => Object.entries(want).every(([k, v]) => s[k as keyof HookSignal] === v));
    try {
      await waitScreen(/\? for shortcuts/, 'the idle prompt');
      for (const ch of 'make a build log') {
        child.write(ch);
        await sleep(25);
      }
      child.write('\r');
      await waitScreen(/Do you want to proceed\?/, 'the permission dialog');
      await seen.until(has({ event: 'PermissionRequest' }), 'PermissionRequest');
      // Claude Code sends its permission notification once the dialog has been up, untouched, for 6 s.
      await seen.until(has({ event: 'Notification' }), 'the permission notification');
      child.write('1');
      await waitScreen(/README\.md and package\.json/, 'the answer after the approval');
      await seen.until(has({ event: 'Stop' }), 'Stop');
      expect(seen.signals).toEqual([
        { event: 'UserPromptSubmit', state: 'working' },
        { event: 'PreToolUse', state: 'working' },
        { event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Bash: touch build.log', tool: 'Bash' },
        { event: 'Notification', state: 'blocked', kind: 'permission', msg: 'Claude needs your permission', notification: 'permission_prompt' },
        { event: 'PostToolUse', state: 'working' },
        { event: 'Stop', state: 'done' },
      ]);
      expect(seen.refused).toEqual([]);
      // Every payload file (PermissionRequest's, Notification's) was read and removed.
      expect(readdirSync(server.directory).filter((name) => name.startsWith('payload.'))).toEqual([]);
      // The user's Stop hook (from their --settings file) ran beside ours.
      await seen.until(() => existsSync(marker), "the user's own Stop hook");
      // No settings warning: Claude Code accepted every injected event.
      expect(screen()).not.toMatch(/Settings Warning/);
    } finally {
      // Claude Code writes to its HOME until it has exited: only then can the sandbox go.
      child.kill();
      await Promise.race([exited, sleep(WAIT_MS)]);
      term.dispose();
      sandbox.remove();
    }
  });
});

