// git's own prompts through the real shim in a real PTY (#27): the credential questions that git-remote-http asks on
// /dev/tty while `git clone` (the foreground group's leader) reads a pipe from it, against a local HTTP server that
// answers 401 to everything, and the exit's error; an editor that `git commit` opens is at rest, never a dialog.
// The recordings (fixtures/git) hold the screens; this checks what a replay cannot see: the live /proc reading of
// the helper, and the reports at the exit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import { OuterTerminal } from './support/outer-terminal.js';

function reports(output: Buffer): Report[] {
  return extractAll(output).flatMap((found) => (found.parsed.type === 'report' ? [found.parsed.report] : []));
}
const last = (output: Buffer): Report | undefined => reports(output).at(-1);

function has(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const git = has('git');

let dir = '';
/** git with no config but its own, a fixed author, no credential helper or askpass program, prompts allowed. */
let env: Record<string, string> = {};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'osf-git-'));
  env = {
    HOME: dir, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_ASKPASS: '', SSH_ASKPASS: '', GIT_TERMINAL_PROMPT: '1',
    GIT_AUTHOR_NAME: 'test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'test', GIT_COMMITTER_EMAIL: 'test@example.com',
  };
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux' || !git)('git prompts, live (Linux: /proc and termios; needs git on PATH)', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="osf7501"' });
      res.end('no\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("git clone over HTTP without a credential helper: the username question, the password auth, then the exit's error", async () => {
    const term = new OuterTerminal(['git', 'clone', `http://127.0.0.1:${port}/repo.git`], { cwd: dir, env });
    await term.waitFor(() => last(term.output())?.state === 'blocked', 'the username question');
    expect(last(term.output())).toMatchObject({ state: 'blocked', kind: 'question', msg: `Username for 'http://127.0.0.1:${port}':` });
    term.write('someone\r');
    await term.waitFor(() => last(term.output())?.kind === 'auth', 'the password prompt');
    expect(last(term.output())).toMatchObject({ state: 'blocked', kind: 'auth', msg: `Password for 'http://someone@127.0.0.1:${port}':` });
    term.write('wrong\r');
    const result = await term.result();
    expect(result.status).toBe(128);
    expect(result.output.toString('latin1')).toContain('Authentication failed');
    expect(last(result.output)).toMatchObject({ state: 'error', msg: 'git exited with status 128' });
  });
});

describe.skipIf(process.platform !== 'linux' || !git)('an editor that git commit opens, live (needs git on PATH)', () => {
  const editors = [
    { editor: 'nano', open: / Write Out/, keys: 'Fix the widget\x13\x18' },
    { editor: 'vi', open: /COMMIT_EDITMSG" \d+L/, keys: 'iFix the widget\x1b:wq\r' },
  ];
  for (const { editor, open, keys } of editors) {
    test.skipIf(!has(editor))(`${editor}: idle while it is open (raw mode at rest, its screen no dialog), never blocked; the commit is made (needs ${editor} on PATH)`, async () => {
      const repo = mkdtempSync(join(dir, `${editor}-`));
      const opts = { cwd: repo, env: { ...process.env, ...env } };
      execFileSync('sh', ['-c', 'git init -q . && echo one > a.txt && git add a.txt && git commit -qm init && echo two > a.txt && git add a.txt'], opts);
      const term = new OuterTerminal(['git', 'commit'], { cwd: repo, env: { ...env, GIT_EDITOR: editor } });
      await term.waitFor(open, `${editor} on the commit message`);
      await term.waitFor(() => last(term.output())?.state === 'idle', 'idle');
      term.write(keys);
      const result = await term.result();
      expect(result.status).toBe(0);
      expect(reports(result.output).filter((r) => r.state === 'blocked')).toEqual([]);
      expect(execFileSync('git', ['log', '-1', '--format=%s'], opts).toString().trim()).toBe('Fix the widget');
    });
  }
});
