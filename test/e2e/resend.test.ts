// Sent again when a viewer comes back (#28): a report written while no tmux client was attached is lost; when a
// client attaches again (or the outer terminal is resized) the record's current report reaches it. The outer
// terminal here is a real PTY that is the tmux client: what it got is what a user's terminal would have got.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    // Set before the session exists: a status line turned off later resizes the pane at the first attach.
    const conf = join(work, 'tmux.conf');
    writeFileSync(conf, 'set -g status off\nset -g allow-passthrough on\n');
    tmux('-f', conf, 'new-session', '-d', '-x', '100', '-y', '30', '-s', 'osf', `${shim}; echo __done__ $?; exec sleep 600`);
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
      // (tmux may still read the copy after this client attached, and pass it on too: the resend is on top.)
      await second.waitFor(() => got(second).includes('blocked pick a branch'), 'the returning client to get the current report');
      await waitUntil(() => resends() === 1, 'the resend', () => `; log: ${readFileSync(log, 'utf8')}`);
      const blocked = (): number => got(second).filter((r) => r === 'blocked pick a branch').length;
      const before = blocked();

      // The outer terminal is resized: the pane is too, and the report is sent again.
      second.resize(90, 28);
      await waitUntil(() => resends() === 2, 'the resend after the resize', () => `; log: ${readFileSync(log, 'utf8')}`);
      await second.waitFor(() => blocked() > before, 'the report again after the resize');
      expect(resends(), readFileSync(log, 'utf8')).toBe(2);

      // A client of another size attaches: tmux resizes the pane as the shim learns of the attach, and the
      // two signs of one return make one resend.
      second.kill();
      await waitUntil(() => tmux('list-clients').trim() === '', 'the second client to go');
      tmux('send-keys', '-t', 'osf:0', '1');
      await waitUntil(() => readFileSync(log, 'utf8').split('step one').length === 3, 'the shim to copy the working report');
      const third = new OuterTerminal(['attach-session', '-t', 'osf'], { command: ['tmux', '-S', socket], cols: 70, rows: 20, env: { XDG_RUNTIME_DIR: work } });
      clients.push(third);
      // tmux may read the pane's report after the client has attached (then the client gets it as it was written),
      // so the test waits on the resend itself.
      await waitUntil(() => resends() === 3, 'the resend for the third client', () => `; log: ${readFileSync(log, 'utf8')}`);
      await third.waitFor(() => got(third).includes('working step one'), 'the third client to get the current report');

      tmux('send-keys', '-t', 'osf:0', 'q');
      await waitUntil(() => pane().includes('__done__ 0'), 'the shim to exit', () => `; pane: ${pane()}`);
      // One resend per return: the attach, the resize, the attach that resized, nothing more.
      expect(resends(), readFileSync(log, 'utf8')).toBe(3);
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
