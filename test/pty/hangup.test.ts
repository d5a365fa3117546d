// The terminal hangs up under the shim (a closed window, a killed pane, a dropped ssh connection): the
// outer PTY's master closes. The child gets SIGHUP, the shim exits with the child's status (129) and
// removes its inbox entry, instead of dying in Node's exit code (Node 20 aborts when it cannot restore a
// hung-up terminal's settings: the shim died of SIGABRT or SIGSEGV).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, REPO } from './support/outer-terminal.js';

const HANG_UP = join(REPO, 'test', 'pty', 'support', 'hang-up.py');
/** How long the shim may take to exit after the hang-up: a hang guard, not a speed bound. */
const EXIT_WAIT_SECONDS = 20;
const xdg = mkdtempSync(join(tmpdir(), 'osf-hangup-'));
afterAll(() => rmSync(xdg, { recursive: true, force: true }));

/** Runs the shim in a PTY, closes the PTY once READY shows, and says how the shim ended. */
function hangUpOn(osfArgs: string[]): { status?: number; signal?: number; stillRunning?: boolean } {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', XDG_RUNTIME_DIR: xdg };
  delete env['OSF7501_SESSION'];
  delete env['TMUX'];
  const out = execFileSync('python3', [HANG_UP, String(EXIT_WAIT_SECONDS), '--', process.execPath, BIN, ...osfArgs], { env, cwd: REPO, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as { status?: number; signal?: number; stillRunning?: boolean };
}

describe('the terminal hangs up', () => {
  test.each([
    ['an idle child, with reports', ['sh', '-c', 'echo READY; exec sleep 30']],
    ['an idle child, --no-report', ['--no-report', 'sh', '-c', 'echo READY; exec sleep 30']],
    ['a child streaming output', ['sh', '-c', 'echo READY; exec cat /dev/zero']],
  ])('%s: the shim exits 129 (the child died of SIGHUP), not by a signal', (_name, args) => {
    expect(hangUpOn(args)).toEqual({ status: 129 });
  });

  test('the session leaves no inbox entry behind', () => {
    hangUpOn(['sh', '-c', 'echo READY; exec sleep 30']);
    expect(readdirSync(join(xdg, 'osf7501')).filter((f) => !f.startsWith('.'))).toEqual([]);
  });
});
