// `osf7501 status [--tmux]` answered by bin/osf7501's shell part (no Node) against the Node path (`node
// bin/osf7501`), over a registry of real sessions: publishers of src/inbox/registry.ts for live processes
// in every state, and one whose process died.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RegistryPublisher } from '../../src/inbox/registry.js';
import type { State } from '../../src/protocol/types.js';
import { tempRuntime } from '../inbox/support.js';

/** A hang guard: each test starts Node a few times, on two cores shared with other work. */
vi.setConfig({ testTimeout: 60_000 });

const BIN = fileURLToPath(new URL('../../bin/osf7501', import.meta.url));

/** A PATH with the two programs the shell part may run (`id`, `ls`) and no `node`: a fallback to Node fails with 127. */
const noNode = mkdtempSync(join(tmpdir(), 'osf-status-path-'));
for (const tool of ['id', 'ls']) {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  symlinkSync(found, join(noNode, tool));
}
afterAll(() => rmSync(noNode, { recursive: true, force: true }));

let rt: ReturnType<typeof tempRuntime>;
const owned: Array<{ dispose(): void }> = [];
beforeEach(() => {
  rt = tempRuntime();
});
afterEach(() => {
  for (const o of owned.splice(0)) o.dispose();
  rt.remove();
});

/** A live process standing in for a shim (its pid is what the entry names). */
function liveProcess(): ChildProcess & { pid: number } {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  owned.push({ dispose: () => child.kill('SIGKILL') });
  return child as ChildProcess & { pid: number };
}

/** Publishes a session of process `pid` in `state`, as a shim does. */
function session(pid: number, hex: string, state: State | undefined): RegistryPublisher {
  const publisher = new RegistryPublisher({ id: `${pid}-${hex}`, pid, app: 'sh', command: ['sh'], cwd: '/w' }, { dir: rt.dir });
  if (state === 'blocked') publisher.report({ state, kind: 'permission', msg: 'approve Bash: ls' }, 'screen');
  else if (state !== undefined) publisher.report({ state }, 'screen');
  owned.push(publisher);
  return publisher;
}

/** A session whose shim died without removing its files (killed, crashed). */
async function staleSession(hex: string, state: State): Promise<void> {
  const child = liveProcess();
  session(child.pid, hex, state);
  owned.pop(); // its files stay
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

interface Answer {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `osf7501 status ARGS` through the shell part (`PATH` without node unless `path` says) or through Node alone. */
function status(via: 'shell' | 'node', args: string[], env: NodeJS.ProcessEnv = {}, path = noNode): Answer {
  const argv = via === 'shell' ? [BIN, 'status', ...args] : [process.execPath, BIN, 'status', ...args];
  const r = spawnSync(argv[0] as string, argv.slice(1), {
    env: { XDG_RUNTIME_DIR: rt.xdg, HOME: '/nonexistent', PATH: via === 'shell' ? path : (process.env['PATH'] ?? ''), ...env },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.each([[[]], [['--tmux']]])('osf7501 status %j without Node', (args) => {
  test('several live sessions in every state and a stale one: the same line as the Node path', async () => {
    const states: Array<State | undefined> = ['working', 'blocked', 'done', 'working', 'error', undefined, 'clear', 'done', 'working'];
    states.forEach((state, i) => session(liveProcess().pid, `aaaa000${i}`, state));
    await staleSession('dead0001', 'blocked');
    const node = status('node', args);
    expect(node.stdout).toMatch(args.length === 0 ? /^1 blocked · 1 error · 2 done · 3 working · 1 idle\n$/u : /^#\[fg=red,bold\]● 1 blocked#\[default\] · .* · #\[fg=default\]○ 1 idle#\[default\]\n$/u);
    expect(status('shell', args)).toEqual(node);
  });

  test('a session that changes state is counted in its new state', () => {
    const p = session(liveProcess().pid, 'bbbb0001', 'working');
    p.report({ state: 'blocked', kind: 'question' }, 'screen');
    expect(status('shell', args)).toEqual(status('node', args));
    expect(status('shell', args).stdout).toContain('1 blocked');
  });

  test('no live session, or no registry directory at all: nothing, status 0, as the Node path', async () => {
    await staleSession('dead0002', 'working');
    expect(status('shell', args)).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(status('node', args)).toEqual({ status: 0, stdout: '', stderr: '' });
    rt.remove();
    expect(status('shell', args)).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(status('node', args)).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  test('the registry under TMPDIR (no XDG_RUNTIME_DIR) is found as Node finds it', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'osf-status-tmp-'));
    try {
      const uid = process.getuid?.() ?? 0;
      const dir = join(tmp, `osf7501-${uid}`);
      mkdirSync(dir, { mode: 0o700 });
      const pid = liveProcess().pid;
      owned.push(new RegistryPublisher({ id: `${pid}-cccc0001`, pid, app: 'sh', command: ['sh'], cwd: '/' }, { dir }));
      const env = { XDG_RUNTIME_DIR: '', TMPDIR: `${tmp}/` };
      expect(status('shell', args, env)).toEqual(status('node', args, env));
      expect(status('shell', args, env).stdout).toContain('1 idle');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('the shell part leaves to Node what it cannot vouch for', () => {
  test('an entry without its state file (a shim of an older version): Node answers', () => {
    const p = session(liveProcess().pid, 'dddd0001', 'working');
    rmSync(join(rt.dir, `${p.entry.id}.state`));
    expect(status('shell', ['--tmux']).status).toBe(127); // it went for node, which this PATH lacks
    expect(status('shell', ['--tmux'], {}, process.env['PATH'])).toEqual(status('node', ['--tmux']));
  });

  test('a registry directory others can read: the same error and status 2, from Node', () => {
    chmodSync(rt.dir, 0o755);
    const shell = status('shell', ['--tmux'], {}, process.env['PATH']);
    expect(shell).toEqual(status('node', ['--tmux']));
    expect([shell.status, shell.stderr]).toEqual([2, `osf7501 status: registry ${rt.dir}: ${rt.dir}: mode 755, expected 700 (no group or world access)\n`]);
    expect(status('shell', ['--tmux']).status).toBe(127);
  });

  test.each([[['--json']], [['--tmux', '--json']], [['--help']]])('%j: Node answers', (args) => {
    expect(status('shell', args).status).toBe(127);
  });
});
