// The @osf7501_* pane options in a real tmux: they go when the shim ends however it ends (a hang-up, SIGTERM,
// the shim's own crash), they do not need the inbox, and a tmux that refuses `set -p` turns them off with one
// `--log` line (a fake `tmux` on PATH plays an old tmux: it stands in for the external program's version).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readSessions } from '../../src/inbox/registry.js';
import { BIN, OuterTerminal } from './support/outer-terminal.js';
import { waitUntil } from './support/wait-until.js';

/** A Claude Code Bash permission dialog (test/children/bash-dialog.mjs; its argv picks how it ends). */
const DIALOG_CHILD = fileURLToPath(new URL('../children/bash-dialog.mjs', import.meta.url));


const TMUX_VERSION = (() => {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();


let work = '';
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'osf-pane-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(TMUX_VERSION === undefined)(`pane options in a real tmux (${TMUX_VERSION ?? 'tmux not installed: apt-get install tmux'})`, () => {
  /** A private tmux server whose one pane runs the shim with the dialog child, then prints its status. */
  function paneWithShim(extraEnv: Record<string, string> = {}, registryMode = 0o700): {
    tmux: (...args: string[]) => string;
    options: () => string;
    state: () => string;
    pane: () => string;
    dispose: () => void;
  } {
    const socket = join(work, 'tmux.sock');
    const xdg = join(work, 'xdg');
    mkdirSync(xdg, { recursive: true, mode: 0o700 });
    mkdirSync(join(xdg, 'osf7501'), { mode: 0o700 });
    chmodSync(join(xdg, 'osf7501'), registryMode);
    const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', XDG_RUNTIME_DIR: xdg };
    for (const key of Object.keys(env)) if (/^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/.test(key)) delete env[key];
    const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', env });
    const quote = (w: string): string => `'${w.replace(/'/g, `'\\''`)}'`;
    const assignments = Object.entries(extraEnv).map(([k, v]) => `${k}=${quote(v)}`).join(' ');
    const shim = [process.execPath, BIN, '--rules', 'claude-code', process.execPath, DIALOG_CHILD, '--until', 'q'].map(quote).join(' ');
    tmux('-f', '/dev/null', 'new-session', '-d', '-x', '120', '-y', '30', '-s', 'osf', `env ${assignments} ${shim}; echo __done__ $?; exec sleep 600`, ';', 'set', '-g', 'status', 'off');
    return {
      tmux,
      options: () => tmux('show-options', '-p', '-t', 'osf:0'),
      state: () => tmux('show-options', '-p', '-q', '-v', '-t', 'osf:0', '@osf7501_state').trim(),
      pane: () => tmux('capture-pane', '-p', '-t', 'osf:0'),
      dispose: () => {
        try {
          tmux('kill-server');
        } catch {
          // already gone
        }
      },
    };
  }

  /** The shim's pid, from the session it published (only it runs in this registry). */
  function shimPid(): number {
    const entry = readSessions(join(work, 'xdg', 'osf7501'))[0];
    if (entry === undefined) throw new Error('no session published');
    return entry.pid;
  }

  test.each([
    ['a hang-up (kill -HUP of the shim)', 'SIGHUP' as const],
    ['kill -TERM of the shim', 'SIGTERM' as const],
  ])('%s unsets every @osf7501 option', async (_what, signal) => {
    const p = paneWithShim();
    try {
      await waitUntil(() => p.state() === 'blocked', '@osf7501_state to say blocked', () => `; pane: ${p.pane()}`);
      expect(p.options()).toContain('@osf7501_msg "approve Bash: touch build.log"');
      process.kill(shimPid(), signal);
      await waitUntil(() => p.pane().includes('__done__'), 'the shim to exit', () => `; pane: ${p.pane()}`);
      expect(p.options()).not.toContain('@osf7501');
    } finally {
      p.dispose();
    }
  });

  test("the shim's crash (an exception on the input path) unsets every @osf7501 option", async () => {
    const p = paneWithShim({ OSF7501_FAULT: 'throw-on-input' });
    try {
      await waitUntil(() => p.state() === 'blocked', '@osf7501_state to say blocked', () => `; pane: ${p.pane()}`);
      p.tmux('send-keys', '-t', 'osf:0', 'x');
      await waitUntil(() => p.pane().includes('__done__'), 'the shim to exit', () => `; pane: ${p.pane()}`);
      expect(p.pane()).toContain('osf7501: internal error: fault injected: throw-on-input');
      expect(p.pane()).toMatch(/__done__ 70\b/);
      expect(p.options()).not.toContain('@osf7501');
    } finally {
      p.dispose();
    }
  });

  test('the options follow the reports with the inbox off (an unusable registry directory)', async () => {
    // The registry directory is group-readable: the shim refuses it, so the session has no inbox at all.
    const p = paneWithShim({}, 0o750);
    try {
      await waitUntil(() => p.state() === 'blocked', '@osf7501_state to say blocked', () => `; pane: ${p.pane()}`);
      expect(() => readSessions(join(work, 'xdg', 'osf7501'))).toThrow(/mode 750, expected 700/);
      expect(readdirSync(join(work, 'xdg', 'osf7501'))).toEqual([]);
      expect(p.options()).toContain('@osf7501_kind permission');
      p.tmux('send-keys', '-t', 'osf:0', 'q');
      await waitUntil(() => p.pane().includes('__done__ 0'), 'the shim to exit', () => `; pane: ${p.pane()}`);
      expect(p.options()).not.toContain('@osf7501');
    } finally {
      p.dispose();
    }
  });
});

/**
 * tmux 2.9a as it answers `set-option -p`: its usage line (2.x knows no -p) and status 1. Every call is
 * appended to calls.log; `-V` and `display-message` answer as that tmux would.
 */
const OLD_TMUX = `#!/bin/sh
printf '%s\\n' "$*" >> "$(dirname "$0")/calls.log"
case " $* " in
  *" -V "*) echo 'tmux 2.9a'; exit 0 ;;
  *" display-message "*) echo 'osf:0.0'; exit 0 ;;
  *" set-option "*) echo 'usage: set-option [-aFgosquw] [-t target-window] option [value]' >&2; exit 1 ;;
esac
exit 1
`;

describe('a tmux without set -p (before 3.0)', () => {
  test('turns the pane options off after its first refusal, said once in --log', async () => {
    const bin = join(work, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'tmux'), OLD_TMUX);
    chmodSync(join(bin, 'tmux'), 0o755);
    const log = join(work, 'log.jsonl');
    const env = { PATH: `${bin}:${process.env['PATH'] ?? ''}`, TMUX: `${join(work, 'fake.sock')},1,0`, TMUX_PANE: '%1', XDG_RUNTIME_DIR: work };
    // Three reports at least: working (the sleep), done or error at the exit, and the clear.
    const term = new OuterTerminal(['--log', log, 'sh', '-c', 'sleep 1; printf "one\\n"; sleep 1; exit 3'], { env });
    const result = await term.result();
    expect(result.status).toBe(3);
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l['type'] === 'report').length).toBeGreaterThanOrEqual(2);
    const off = lines.filter((l) => l['type'] === 'tmux-pane-options-off');
    expect(off).toEqual([
      expect.objectContaining({
        reason: 'tmux pane options off: this tmux has no set-option -p (pane options need tmux 3.0 or later): usage: set-option [-aFgosquw] [-t target-window] option [value]',
      }),
    ]);
    const calls = readFileSync(join(bin, 'calls.log'), 'utf8').trim().split('\n');
    expect(calls.filter((c) => c.includes('set-option'))).toHaveLength(1);
  });
});
