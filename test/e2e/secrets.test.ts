// Secrets stay out of what the shim sends (#28): a dialog showing a token ends up masked in the 7501 report, the
// `--log` file, the inbox registry and the tmux pane option, and a copy of the child's own report is masked too,
// while the child's own bytes reach the terminal unchanged.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import { BIN, CHILDREN, OuterTerminal, splitReports } from './support/outer-terminal.js';
import { waitUntil } from './support/wait-until.js';

const CHILD = join(CHILDREN, 'secret-dialog.mjs');
const BEARER = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZXBsb3kifQ.Q2x1ZGVUZXN0U2lnbmF0dXJlX3g5';
const GHP = 'ghp_R8kT2mQ9vL4xN7pW1cZ6bY3hJ5dF0gA2sE8u';
/** Any piece of either secret long enough to mean something. */
const LEAK = /eyJzdWIiOiJkZXBsb3kifQ|Q2x1ZGVUZXN0|R8kT2mQ9vL4x/u;

const TMUX_VERSION = (() => {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();

function reports(output: Buffer): Report[] {
  return extractAll(output).flatMap((found) => (found.parsed.type === 'report' ? [found.parsed.report] : []));
}

let work = '';
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'osf-secrets-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('a token on screen', () => {
  test('is masked in the report, --log and the registry; the child bytes pass unchanged', async () => {
    const log = join(work, 'log.jsonl');
    const xdg = join(work, 'xdg');
    mkdirSync(xdg, { mode: 0o700 });
    const term = new OuterTerminal(['--log', log, '--rules', 'claude-code', process.execPath, CHILD, BEARER, GHP], { cols: 160, rows: 30, env: { XDG_RUNTIME_DIR: xdg } });
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'a blocked report');
    // The registry entry while the session runs: `osf7501 ls` and `watch` read it.
    const entries = readdirSync(join(xdg, 'osf7501')).filter((n) => n.endsWith('.json'));
    const entry = readFileSync(join(xdg, 'osf7501', entries[0] ?? 'none'), 'utf8');
    term.write('q');
    const result = await term.result();
    expect(result.status).toBe(0);

    const blocked = reports(result.output).find((r) => r.state === 'blocked');
    expect(blocked?.msg).toBe("approve Bash: curl -H 'Authorization: Bearer ****' https://api.example.test/v1/deploy");
    // The child's own bytes: the dialog drew the token, and the terminal got it as drawn.
    const { bytes } = splitReports(result.output);
    expect(bytes.toString('utf8')).toContain(`curl -H 'Authorization: Bearer ${BEARER}' https://api.example.test/v1/deploy`);
    const reportText = reports(result.output).map((r) => `${r.msg ?? ''} ${r.title ?? ''}`).join('\n');
    expect(reportText).not.toMatch(LEAK);

    const logText = readFileSync(log, 'utf8');
    expect(logText).toContain('Bearer ****');
    expect(logText).not.toMatch(LEAK);
    expect(entry).toContain('Bearer ****');
    // The command line in the registry: the tokens were the child's arguments.
    expect(entry).toContain('"eyJ****"');
    expect(entry).not.toMatch(LEAK);
  });
});

describe.skipIf(TMUX_VERSION === undefined)(`in a real tmux (${TMUX_VERSION ?? 'tmux not installed: apt-get install tmux'})`, () => {
  test("the pane option and the copy of the child's own report are masked", async () => {
    const socket = join(work, 'tmux.sock');
    const log = join(work, 'log.jsonl');
    const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', XDG_RUNTIME_DIR: work };
    for (const key of Object.keys(env)) if (/^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/.test(key)) delete env[key];
    const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', env });
    const quote = (w: string): string => `'${w.replace(/'/g, `'\\''`)}'`;
    const shim = [process.execPath, BIN, '--log', log, '--rules', 'claude-code', process.execPath, CHILD, BEARER, GHP].map(quote).join(' ');
    tmux('-f', '/dev/null', 'new-session', '-d', '-x', '160', '-y', '30', '-s', 'osf', `${shim}; echo __done__ $?; exec sleep 600`, ';', 'set', '-g', 'status', 'off');
    const option = (): string => tmux('show-options', '-p', '-q', '-v', '-t', 'osf:0', '@osf7501_msg').trim();
    const pane = (): string => `; pane: ${tmux('capture-pane', '-p', '-t', 'osf:0')}`;
    try {
      await waitUntil(() => option().startsWith('approve Bash: curl'), '@osf7501_msg to show the dialog', pane);
      expect(option()).toBe("approve Bash: curl -H 'Authorization: Bearer ****' https://api.example.test/v1/deploy");
      // The child's own report: the shim copies it on the pane's record (tmux drops the bare one).
      tmux('send-keys', '-t', 'osf:0', 'n');
      await waitUntil(() => option().startsWith('approve Bash: git clone'), "@osf7501_msg to follow the child's own report", pane);
      expect(option()).toBe('approve Bash: git clone https://ghp_****@github.com/acme/app.git');
      await waitUntil(() => /ghp_\*\*\*\*[^\n]*"source":"native"/u.test(readFileSync(log, 'utf8')), "--log to record the child's report");
      tmux('send-keys', '-t', 'osf:0', 'q');
      await waitUntil(() => tmux('capture-pane', '-p', '-t', 'osf:0').includes('__done__ 0'), 'the shim to exit', pane);
      expect(readFileSync(log, 'utf8')).not.toMatch(LEAK);
    } finally {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    }
  });
});
