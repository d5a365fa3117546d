// Sent again when a viewer comes back (#28): a report written while no tmux client was attached is lost; when a
// client attaches again (or the outer terminal is resized) the record's current report reaches it. The outer
// terminal here is a real PTY that is the tmux client: what it got is what a user's terminal would have got.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { extractAll } from '../../src/protocol/index.js';
import { BIN, CHILDREN, OuterTerminal } from './support/outer-terminal.js';
import { waitUntil } from './support/wait-until.js';

const CHILD = join(CHILDREN, 'native-steps.mjs');

const TMUX_VERSION = (() => {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();

/** The reports a client's terminal got, as `state msg`. */
function got(term: OuterTerminal): string[] {
  return extractAll(term.output()).flatMap((f) => (f.parsed.type === 'report' ? [`${f.parsed.report.state} ${f.parsed.report.msg ?? ''}`] : []));
}

let work = '';
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'osf-resend-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(TMUX_VERSION === undefined)(`a viewer coming back to a real tmux (${TMUX_VERSION ?? 'tmux not installed: apt-get install tmux'})`, () => {
  test('a client that attaches after a report it missed gets the current report, once; a resize sends it again', async () => {
    const socket = join(work, 'tmux.sock');
    const log = join(work, 'log.jsonl');
    const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', XDG_RUNTIME_DIR: work };
    for (const key of Object.keys(env)) if (/^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/.test(key)) delete env[key];
    const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', env });
    const quote = (w: string): string => `'${w.replace(/'/g, `'\\''`)}'`;
    const shim = [process.execPath, BIN, '--log', log, process.execPath, CHILD].map(quote).join(' ');
    tmux('-f', '/dev/null', 'new-session', '-d', '-x', '100', '-y', '30', '-s', 'osf', `${shim}; echo __done__ $?; exec sleep 600`, ';', 'set', '-g', 'status', 'off', ';', 'set', '-g', 'allow-passthrough', 'on');
    const pane = (): string => tmux('capture-pane', '-p', '-t', 'osf:0');
    const attach = (): OuterTerminal => new OuterTerminal(['attach-session', '-t', 'osf'], { command: ['tmux', '-S', socket], cols: 100, rows: 30, env: { XDG_RUNTIME_DIR: work } });
    const resends = (): number => readFileSync(log, 'utf8').split('\n').filter((l) => l.includes('"source":"resend"')).length;
    const clients: OuterTerminal[] = [];
    try {
      await waitUntil(() => pane().includes('native-steps ready'), 'the child to start', () => `; pane: ${pane()}`);
      const first = attach();
      clients.push(first);
      await first.waitFor(/native-steps ready/u, 'the first client to show the pane');
      tmux('send-keys', '-t', 'osf:0', '1');
      await first.waitFor(() => got(first).includes('working step one'), 'the first client to get working');

      // Nobody watches: the blocked report goes out through tmux to no client.
      tmux('detach-client', '-s', 'osf');
      await waitUntil(() => tmux('list-clients').trim() === '', 'the client to detach');
      tmux('send-keys', '-t', 'osf:0', '2');
      await waitUntil(() => pane().includes('two'), 'the child to report blocked', () => `; pane: ${pane()}`);
      await waitUntil(() => readFileSync(log, 'utf8').includes('pick a branch'), 'the shim to copy the report');
      expect(got(first)).not.toContain('blocked pick a branch');

      // A client of the same size attaches: no resize, the shim learns it from tmux.
      const second = attach();
      clients.push(second);
      await second.waitFor(() => got(second).includes('blocked pick a branch'), 'the returning client to get the current report');
      expect(got(second).filter((r) => r === 'blocked pick a branch')).toHaveLength(1);
      expect(resends()).toBe(1);

      // The outer terminal is resized: the pane is too, and the report is sent again.
      second.resize(90, 28);
      await second.waitFor(() => got(second).filter((r) => r === 'blocked pick a branch').length === 2, 'the report again after the resize');
      expect(resends()).toBe(2);

      tmux('send-keys', '-t', 'osf:0', 'q');
      await waitUntil(() => pane().includes('__done__ 0'), 'the shim to exit', () => `; pane: ${pane()}`);
      // One resend per return: the attach and the resize, nothing more.
      expect(resends()).toBe(2);
    } finally {
      for (const client of clients) client.kill();
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    }
  });
});
