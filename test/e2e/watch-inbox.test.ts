// `osf7501 watch` at a terminal is an inbox you act from: under a real PTY (select, answer, quit) and in a
// real tmux (Enter switches the client to the session's window and pane).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { InputServer } from '../../src/inbox/input-server.js';
import { readSessions, RegistryPublisher } from '../../src/inbox/registry.js';
import { socketPath } from '../../src/inbox/runtime-dir.js';
import { BIN, OuterTerminal } from './support/outer-terminal.js';
import { waitUntil } from './support/wait-until.js';

/** A Claude Code Bash permission dialog (test/children/bash-dialog.mjs; its argv picks how it ends). */
const DIALOG_CHILD = fileURLToPath(new URL('../children/bash-dialog.mjs', import.meta.url));


const REVERSE = '\x1b[7m';

let xdg = '';
let dir = '';
const owned: Array<{ dispose(): void }> = [];
beforeEach(() => {
  xdg = mkdtempSync(join(tmpdir(), 'osf-watch-'));
  dir = join(xdg, 'osf7501');
  mkdirSync(dir, { mode: 0o700 });
});
afterEach(() => {
  for (const o of owned.splice(0)) o.dispose();
  rmSync(xdg, { recursive: true, force: true });
});

/** A session as a shim publishes it (this process plays the shim), with its input socket. */
async function session(hex: string, since: number): Promise<{ id: string; publisher: RegistryPublisher; typed: string[] }> {
  const id = `${process.pid}-${hex}`;
  const publisher = new RegistryPublisher({ id, pid: process.pid, app: 'claude', command: ['claude'], cwd: '/w' }, { dir, now: () => since });
  const typed: string[] = [];
  const server = new InputServer({ path: socketPath(dir, id), session: publisher, onInput: (b) => typed.push(Buffer.from(b).toString()) });
  await server.ready;
  owned.push(server, publisher);
  return { id, publisher, typed };
}

describe('osf7501 watch at a terminal', () => {
  test('selects the most urgent session first, moves with j/k, answers a blocked one after confirming, quits on q', async () => {
    const busy = await session('aaaa0001', 1_000);
    busy.publisher.report({ state: 'working' }, 'screen');
    const waiting = await session('aaaa0002', 2_000);
    waiting.publisher.report({ state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build' }, 'screen');
    const term = new OuterTerminal(['watch'], { env: { XDG_RUNTIME_DIR: xdg }, cols: 120, rows: 20 });
    const seen = (text: string) => () => term.output().toString().includes(text);
    await term.waitFor(seen(`${REVERSE}\x1b[1m${waiting.id}`), 'the blocked session selected first');
    term.write('j');
    await term.waitFor(seen(`${REVERSE}${busy.id}`), 'j to select the working session');
    term.write('a');
    await term.waitFor(seen(`${busy.id} is working, not blocked: nothing to answer`), 'a refused on a working session');
    term.write('\x1b[A');
    term.write('a');
    await term.waitFor(seen(`answer ${waiting.id}: approve Bash: rm -rf build`), 'the answer prompt with the dialog message');
    term.write('1');
    term.write('\r');
    await term.waitFor(seen(`type "1" and Enter into ${waiting.id}? y = yes`), 'the confirmation');
    expect(waiting.typed).toEqual([]);
    term.write('y');
    await term.waitFor(seen(`answered ${waiting.id}`), 'the answer to be delivered');
    expect(waiting.typed).toEqual(['1\r']);
    term.write('q');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString()).toMatch(/\x1b\[\?25h\x1b\[\?1049l$/);
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test('a on a real wrapped program blocked at its dialog shows the message and the choices on its screen, then types the answer', async () => {
    const got = join(xdg, 'got.txt');
    const shim = new OuterTerminal(['--rules', 'claude-code', process.execPath, DIALOG_CHILD, '--answer', got], { env: { XDG_RUNTIME_DIR: xdg }, cols: 100, rows: 30 });
    await waitUntil(() => readSessions(dir).some((e) => e.state === 'blocked' && e.choices !== undefined), 'the wrapped session to publish its dialog', () => `; ${JSON.stringify(readSessions(dir))}`);
    const entry = readSessions(dir)[0];
    const term = new OuterTerminal(['watch'], { env: { XDG_RUNTIME_DIR: xdg }, cols: 120, rows: 24 });
    const seen = (text: string) => () => term.output().toString().includes(text);
    await term.waitFor(seen(`${REVERSE}\x1b[1m${entry?.id ?? '?'}`), 'the blocked session selected');
    term.write('a');
    await term.waitFor(seen(`answer ${entry?.id ?? '?'}: approve Bash: touch build.log`), 'the dialog message');
    const screen = term.output().toString();
    for (const line of ['  1. Yes', '  2. Yes, and always allow access to this project', '  3. No', '  keys: Esc to cancel · Tab to amend']) expect(screen).toContain(line);
    term.write('1');
    term.write('\r');
    await term.waitFor(seen(`type "1" and Enter into ${entry?.id ?? '?'}? y = yes`), 'the confirmation');
    expect(shim.output().toString()).not.toContain('got:');
    term.write('y');
    await term.waitFor(seen(`answered ${entry?.id ?? '?'}`), 'the answer to be delivered');
    const result = await shim.result();
    expect(result.status).toBe(0);
    expect(readFileSync(got, 'utf8')).toBe('1\r');
    term.write('q');
    expect((await term.result()).status).toBe(0);
  });

  test('Enter outside tmux says where the session runs', async () => {
    const s = await session('aaaa0003', 1_000);
    const term = new OuterTerminal(['watch'], { env: { XDG_RUNTIME_DIR: xdg }, cols: 120, rows: 20 });
    await term.waitFor(() => term.output().toString().includes(s.id), 'the session listed');
    term.write('\r');
    await term.waitFor(() => term.output().toString().includes(`${s.id} (claude, idle) runs, pid ${process.pid}, in /w`), 'where it runs');
    term.write('\x03');
    expect((await term.result()).status).toBe(0);
  });
});

const TMUX_VERSION = (() => {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();

describe.skipIf(TMUX_VERSION === undefined)(`osf7501 watch in a real tmux (${TMUX_VERSION ?? 'tmux not installed'})`, () => {
  test("Enter on a wrapped session switches the attached client to that session's window and pane", async () => {
    const socket = join(xdg, 'tmux.sock');
    const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', XDG_RUNTIME_DIR: xdg };
    for (const key of Object.keys(env)) if (/^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/.test(key)) delete env[key];
    const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', env });
    const quote = (w: string): string => `'${w.replace(/'/g, `'\\''`)}'`;
    const osf = (...args: string[]): string => [process.execPath, BIN, ...args].map(quote).join(' ');
    let client: pty.IPty | undefined;
    try {
      tmux('-f', '/dev/null', 'new-session', '-d', '-x', '120', '-y', '30', '-s', 'osf', 'sleep 600', ';', 'set', '-g', 'status', 'off');
      tmux('new-window', '-d', '-t', 'osf:1', osf('sh', '-c', 'sleep 600'));
      client = pty.spawn('tmux', ['-S', socket, 'attach', '-t', 'osf:0'], { name: 'xterm-256color', cols: 120, rows: 30, env, encoding: null } as pty.IPtyForkOptions);
      await waitUntil(() => tmux('list-clients').includes('osf'), 'the tmux client to attach');
      await waitUntil(() => readSessions(dir).some((e) => e.tmux !== undefined), 'the wrapped session to publish its tmux pane');
      const wrapped = readSessions(dir)[0];
      expect(wrapped?.tmux?.pane).toBe(tmux('display', '-p', '-t', 'osf:1', '#{pane_id}').trim());
      tmux('respawn-pane', '-k', '-t', 'osf:0', osf('watch'));
      await waitUntil(() => tmux('capture-pane', '-p', '-t', 'osf:0').includes(wrapped?.id ?? '?'), 'watch to list the session', () => `; pane: ${tmux('capture-pane', '-p', '-t', 'osf:0')}`);
      expect(tmux('display', '-p', '-t', 'osf', '#{window_index}').trim()).toBe('0');
      tmux('send-keys', '-t', 'osf:0', 'Enter');
      await waitUntil(() => tmux('display', '-p', '-t', 'osf', '#{window_index}').trim() === '1', 'the client to switch to window 1');
      expect(tmux('list-clients', '-F', '#{client_session}:#{window_index}.#{pane_id}').trim()).toBe(`osf:1.${wrapped?.tmux?.pane}`);
    } finally {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      client?.kill('SIGKILL');
    }
  });

  test("a wrapped agent's pane carries its state in @osf7501_* while its dialog is up, status counts it, and the options go at exit", async () => {
    const socket = join(xdg, 'tmux.sock');
    const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', XDG_RUNTIME_DIR: xdg };
    for (const key of Object.keys(env)) if (/^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/.test(key)) delete env[key];
    const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', env });
    const quote = (w: string): string => `'${w.replace(/'/g, `'\\''`)}'`;
    const option = (name: string): string => tmux('show-options', '-p', '-q', '-v', '-t', 'osf:0', name).trim();
    try {
      const shim = [process.execPath, BIN, '--rules', 'claude-code', process.execPath, DIALOG_CHILD].map(quote).join(' ');
      tmux('-f', '/dev/null', 'new-session', '-d', '-x', '120', '-y', '30', '-s', 'osf', `${shim}; echo __done__; exec sleep 600`, ';', 'set', '-g', 'status', 'off');
      await waitUntil(() => option('@osf7501_state') === 'blocked', '@osf7501_state to say blocked', () => `; pane: ${tmux('capture-pane', '-p', '-t', 'osf:0')}`);
      expect(option('@osf7501_kind')).toBe('permission');
      expect(option('@osf7501_app')).toBe('claude-code');
      expect(option('@osf7501_msg')).toBe('approve Bash: touch build.log');
      expect(Number(option('@osf7501_since'))).toBeGreaterThan(1_700_000_000);
      const status = execFileSync(process.execPath, [BIN, 'status'], { encoding: 'utf8', env });
      expect(status).toBe('1 blocked\n');
      tmux('send-keys', '-t', 'osf:0', 'x');
      await waitUntil(() => tmux('capture-pane', '-p', '-t', 'osf:0').includes('__done__'), 'the shim to exit');
      expect(tmux('show-options', '-p', '-t', 'osf:0')).not.toContain('@osf7501');
      expect(execFileSync(process.execPath, [BIN, 'status'], { encoding: 'utf8', env })).toBe('');
    } finally {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    }
  });
});


