// The terminal hangs up under the shim (a closed window, a killed pane, a dropped ssh connection): the
// outer PTY's master closes. The child gets SIGHUP, the shim exits with the child's status (129) and
// removes its inbox entry, instead of dying in Node's exit code (Node 20 aborts when it cannot restore a
// hung-up terminal's settings: the shim died of SIGABRT or SIGSEGV).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, REPO } from './support/outer-terminal.js';

const HANG_UP = join(REPO, 'test', 'e2e', 'support', 'hang-up.py');
/** How long the shim may take to exit after the hang-up: a hang guard, not a speed bound. */
const EXIT_WAIT_SECONDS = 20;
const xdg = mkdtempSync(join(tmpdir(), 'osf-hangup-'));
const SETSID = ['/usr/bin/setsid', '/bin/setsid'].find((p) => existsSync(p));
afterAll(() => rmSync(xdg, { recursive: true, force: true }));

/** Runs the shim in a PTY, closes the PTY once READY shows, and says how the shim ended. */
function hangUpOn(osfArgs: string[], wrap: (shim: string[]) => string[] = (shim) => shim): { status?: number; signal?: number; stillRunning?: boolean } {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', XDG_RUNTIME_DIR: xdg };
  delete env['OSF7501_SESSION'];
  delete env['TMUX'];
  const command = wrap([process.execPath, BIN, ...osfArgs]);
  const out = execFileSync('python3', [HANG_UP, String(EXIT_WAIT_SECONDS), '--', ...command], { env, cwd: REPO, encoding: 'utf8' });
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

  // Without a controlling terminal no SIGHUP comes from the kernel: the end of the terminal's input is
  // the only sign, and the shim sends the SIGHUP itself. `setsid -w` gives the shim a session of its own
  // (and dies of the hang-up itself, as the session leader); a shell beside the shim records its status.
  test.skipIf(SETSID === undefined)('without a controlling terminal (util-linux setsid; skipped where there is none): the shim still hangs its child up and exits 129', async () => {
    const statusFile = join(xdg, 'setsid-status');
    const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;
    hangUpOn(['sh', '-c', 'echo READY; exec sleep 30'], (shim) => [
      SETSID as string,
      '-w',
      'sh',
      '-c',
      `${shim.map(quote).join(' ')}; echo $? > ${quote(statusFile)}`,
    ]);
    const deadline = Date.now() + EXIT_WAIT_SECONDS * 1000;
    while (!existsSync(statusFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(statusFile, 'utf8').trim()).toBe('129');
  });
});
