// ssh's own questions through the real shim in a real PTY (#27), against a throwaway sshd on 127.0.0.1
// (test/e2e/support/sshd.ts): `git clone ssh://…` whose ssh asks about an unknown host key (question, msg naming the
// host: rules/generic.toml's ssh-unknown-host, the command being git), then the key's passphrase (echo off: auth),
// then the clone works and is done; `ssh -i KEY` asking the passphrase at 40 columns, where the prompt wraps (auth,
// msg the whole prompt). The recordings (fixtures/ssh, fixtures/git/…/git-clone-ssh-*) hold the screens; this checks
// the live terminal reading and the exit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import { OuterTerminal } from './support/outer-terminal.js';
import { sshdSkipReason, TestSshd } from './support/sshd.js';

const reports = (output: Buffer): Report[] => extractAll(output).flatMap((found) => (found.parsed.type === 'report' ? [found.parsed.report] : []));
const last = (output: Buffer): Report | undefined => reports(output).at(-1);
const PASSPHRASE = 'osf7501-test-pw';

const skipReason = sshdSkipReason();
if (skipReason !== undefined) console.warn(`ssh-prompts.test.ts skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)(`ssh's prompts, live${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`, () => {
  let sshd: TestSshd;
  let dir = '';
  let env: Record<string, string> = {};
  beforeAll(async () => {
    sshd = await TestSshd.start({ passphrase: PASSPHRASE });
    dir = mkdtempSync(join(tmpdir(), 'osf-ssh-git-'));
    env = {
      HOME: dir, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_ASKPASS: '', SSH_ASKPASS: '', SSH_AUTH_SOCK: '',
      GIT_AUTHOR_NAME: 'test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'test', GIT_COMMITTER_EMAIL: 'test@example.com',
    };
    execFileSync('sh', ['-c', 'git init -q -b main seed && cd seed && echo hi > README && git add README && git commit -qm init && git clone -q --bare . ../remote.git'], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
  }, 60_000);
  afterAll(() => {
    sshd?.stop();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  test('git clone ssh://: the host key question names the host, the passphrase is auth, then working and done', async () => {
    const config = sshd.sshConfig('gitbox', { knownHost: false });
    const url = `ssh://gitbox${join(dir, 'remote.git')}`;
    const term = new OuterTerminal(['git', 'clone', '-u', 'sleep 3; git-upload-pack', url, 'clone'], { cwd: dir, env: { ...env, GIT_SSH_COMMAND: `ssh -F ${config}` } });
    await term.waitFor(() => last(term.output())?.state === 'blocked', 'the host key question');
    expect(last(term.output())).toMatchObject({ state: 'blocked', kind: 'question', msg: `ssh: unknown host [127.0.0.1]:${sshd.port} — continue connecting? (yes/no/[fingerprint])` });
    term.write('yes\r');
    await term.waitFor(() => last(term.output())?.kind === 'auth', 'the passphrase prompt');
    expect(last(term.output())).toMatchObject({ state: 'blocked', kind: 'auth', msg: `Enter passphrase for key '${sshd.key}':` });
    term.write(`${PASSPHRASE}\r`);
    await term.waitFor(() => last(term.output())?.state === 'working', 'working once the passphrase is in');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(last(result.output)).toMatchObject({ state: 'done', msg: 'git finished' });
    expect(execFileSync('git', ['-C', join(dir, 'clone'), 'log', '--format=%s'], { env: { ...process.env, ...env } }).toString().trim()).toBe('init');
  });

  test("ssh -i KEY at 40 columns: the passphrase prompt wraps and its message is the whole prompt", async () => {
    const config = sshd.sshConfig('keybox');
    const term = new OuterTerminal(['ssh', '-F', config, 'keybox', 'echo logged in'], { cols: 40, rows: 15, cwd: dir, env });
    await term.waitFor(() => last(term.output())?.kind === 'auth', 'the passphrase prompt');
    expect(`Enter passphrase for key '${sshd.key}':`.length).toBeGreaterThan(40);
    expect(last(term.output())).toMatchObject({ state: 'blocked', kind: 'auth', msg: `Enter passphrase for key '${sshd.key}':` });
    term.write(`${PASSPHRASE}\r`);
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString('latin1')).toContain('logged in');
    expect(reports(result.output).at(-1)?.state).not.toBe('blocked');
  });
});
