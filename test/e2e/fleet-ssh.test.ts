// A fleet over ssh (#30): `ls`, `status`, `watch` and `jump` with --host list another machine's sessions beside this
// one's, through a real sshd on 127.0.0.1 (test/e2e/support/sshd.ts: its own config, host key, client key and port)
// whose logins run this checkout's osf7501 with a registry of their own (sshd's SetEnv: PATH, XDG_RUNTIME_DIR). The
// "remote" session is a real shim in a real PTY wrapping a child that reads a password; the local one prints and sleeps (working).
// A host that cannot be reached (a closed port, and a port that accepts and never answers) is named once on stderr
// and hides nothing. The ssh command is `ssh -F <the test's client config>` (OSF7501_SSH).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BIN, OuterTerminal, REPO } from './support/outer-terminal.js';
import { freePort, sshdSkipReason, TestSshd } from './support/sshd.js';
import { waitUntil } from './support/wait-until.js';

const skipReason = sshdSkipReason();
if (skipReason !== undefined) console.warn(`fleet-ssh.test.ts skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)(`a fleet over ssh${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`, () => {
  let sshd: TestSshd;
  let base = '';
  let localRun = '';
  let remoteRun = '';
  let sshConfig = '';
  let silent: Server;
  const held: Socket[] = [];
  let remote: OuterTerminal;
  let local: OuterTerminal;

  /** The environment of an `osf7501 ls/status/watch/jump` run on this machine. */
  const env = (): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: localRun, XDG_CONFIG_HOME: join(base, 'config'), OSF7501_SSH: `ssh -F ${sshConfig}` };
    delete e['OSF7501_SESSION'];
    delete e['TMUX'];
    return e;
  };
  const run = (args: string[]): { status: number | null; stdout: string; stderr: string; ms: number } => {
    const started = Date.now();
    const r = spawnSync(process.execPath, [BIN, ...args], { env: env(), encoding: 'utf8', timeout: 60_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
  };

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'osf-fleet-'));
    localRun = join(base, 'local-run');
    remoteRun = join(base, 'remote-run');
    for (const dir of [localRun, remoteRun]) mkdirSync(dir, { mode: 0o700 });
    sshConfig = join(base, 'ssh_config');
    // The remote's config.toml names devbox itself: its ls must not ask it back (OSF7501_HOSTS= in the remote command).
    mkdirSync(join(base, 'remote-config', 'osf7501'), { recursive: true });
    writeFileSync(join(base, 'remote-config', 'osf7501', 'config.toml'), 'hosts = ["devbox"]\n');
    const remoteEnv = [`PATH=${join(REPO, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`, `XDG_RUNTIME_DIR=${remoteRun}`, `XDG_CONFIG_HOME=${join(base, 'remote-config')}`, `"OSF7501_SSH=ssh -F ${sshConfig}"`];
    sshd = await TestSshd.start({ extra: [`SetEnv ${remoteEnv.join(' ')}`] });
    const closed = await freePort();
    silent = createServer((socket) => held.push(socket)); // accepts, never says a word
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as { port: number }).port;
    const config = sshd.sshConfig('devbox');
    writeFileSync(
      sshConfig,
      `${readFileSync(config, 'utf8')}\nHost deadbox\n  HostName 127.0.0.1\n  Port ${closed}\n\nHost silentbox\n  HostName 127.0.0.1\n  Port ${silentPort}\n  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n`,
    );
    // The remote session: a password asked with echo off (blocked:auth), in the remote's registry.
    remote = new OuterTerminal(['sh', '-c', 'printf "Vault password: "; stty -echo; read pw; stty echo; echo; echo thanks; sleep 30'], { env: { XDG_RUNTIME_DIR: remoteRun } });
    local = new OuterTerminal(['sh', '-c', 'echo building; sleep 60'], { env: { XDG_RUNTIME_DIR: localRun } });
    await waitUntil(() => /"state": "working"/u.test(run(['ls', '--json']).stdout), 'the local session working in the local registry');
  }, 60_000);

  afterAll(async () => {
    remote?.write('\x03');
    local?.write('\x03');
    // Both shims remove their registry entries as they exit: the folders go only after them.
    await Promise.all([remote?.result(), local?.result()]);
    for (const socket of held) socket.destroy();
    silent?.close();
    sshd?.stop();
    if (base !== '') rmSync(base, { recursive: true, force: true, maxRetries: 3 });
  }, 30_000);

  test('ls --host: the remote blocked session beside the local one, each with its host; a dead host named once', async () => {
    await waitUntil(() => /blocked:auth/u.test(run(['ls', '--host', 'devbox']).stdout), 'the remote session to read blocked:auth over ssh');
    const r = run(['ls', '--host', 'devbox', '--host', 'deadbox']);
    expect(r.status).toBe(0);
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^HOST\s+ID\s+STATE/u);
    expect(rows[1]).toMatch(/^devbox\s+\S+\s+blocked:auth\s+.*\bsh\b.*Vault password:/u);
    expect(rows.some((row) => /^local\s+\S+\s+working\s+.*\bsh\b/u.test(row))).toBe(true);
    expect(r.stderr.match(/deadbox/gu)).toHaveLength(1);
    expect(r.stderr).toMatch(/^osf7501 ls: deadbox: unreachable \(ssh: connect to host 127\.0\.0\.1 port \d+: Connection refused\)$/mu);
    const json = run(['ls', '--json', '--host', 'devbox']);
    expect((JSON.parse(json.stdout) as Array<{ host?: string; state: string }>).map((e) => [e.host ?? 'local', e.state])).toEqual([['devbox', 'blocked'], ['local', 'working']]);
    expect(json.stderr).toBe(''); // the remote's own hosts (devbox, itself) were not asked
    const there = spawnSync('ssh', ['-F', sshConfig, 'devbox', 'osf7501 ls --json'], { encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(there.stdout).map((e: { host?: string }) => e.host ?? 'local').sort()).toEqual(['devbox', 'local']); // asked plainly, it does
  });

  test('a host that accepts and never answers costs at most the 5 s limit, is named once, and hides nothing', () => {
    const r = run(['status', '--host', 'silentbox', '--host', 'devbox']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('1 blocked · 1 working\n');
    expect(r.stderr.match(/silentbox/gu)).toHaveLength(1);
    // Either ssh's own ConnectTimeout (4 s) or the shim's 5 s kill ended it: both name the host.
    expect(r.stderr).toMatch(/^osf7501 status: silentbox: (?:no answer within 5 s|unreachable \(.*\))$/mu);
    console.log(`status with a silent host took ${r.ms} ms`);
  });

  test('an ssh that never ends (its child holding the pipes) is killed at the 5 s limit and named', () => {
    const started = Date.now();
    const r = spawnSync(process.execPath, [BIN, 'ls', '--host', 'hungbox'], { env: { ...env(), OSF7501_SSH: `sh -c ${"'sleep 60 & wait'"} sh` }, encoding: 'utf8', timeout: 60_000 });
    const ms = Date.now() - started;
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('osf7501 ls: hungbox: no answer within 5 s\n');
    expect(r.stdout).toMatch(/^ID +STATE/u); // the local sessions all the same
    console.log(`ls with a hung ssh took ${ms} ms`);
  });

  test('hosts = [...] in config.toml; status --json carries each session host', () => {
    mkdirSync(join(base, 'config', 'osf7501'), { recursive: true });
    writeFileSync(join(base, 'config', 'osf7501', 'config.toml'), 'hosts = ["devbox"]\n');
    try {
      const r = run(['status', '--json']);
      const parsed = JSON.parse(r.stdout) as { line: string; sessions: Array<{ host?: string; state: string }> };
      expect(parsed.line).toBe('1 blocked · 1 working');
      expect(parsed.sessions.map((s) => s.host ?? 'local')).toEqual(['devbox', 'local']);
    } finally {
      rmSync(join(base, 'config'), { recursive: true, force: true });
    }
  });

  test('jump on the remote session prints the ssh command that reaches it', () => {
    const [entry] = JSON.parse(run(['ls', '--json', '--host', 'devbox']).stdout) as Array<{ id: string; tty: string; cwd: string; pid: number }>;
    const r = run(['jump', '--host', 'devbox', entry!.id]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`ssh -t devbox   # ${entry!.id} runs there on ${entry!.tty}, pid ${entry!.pid}, in ${entry!.cwd}\n`);
  });

  test('watch at a terminal (the inbox) shows the remote session with its host, a dead host as its note', async () => {
    const term = new OuterTerminal(['watch', '--host', 'devbox', '--host', 'deadbox'], {
      cols: 160,
      env: { XDG_RUNTIME_DIR: localRun, OSF7501_SSH: `ssh -F ${sshConfig}`, XDG_CONFIG_HOME: join(base, 'config') },
    });
    try {
      await term.waitFor(/HOST +ID +STATE/u, 'the table with a HOST column');
      await term.waitFor(/devbox +\S+ +blocked:auth/u, 'the remote session');
      await term.waitFor(/deadbox: unreachable \(ssh: connect to host 127\.0\.0\.1 port \d+: Connection refused\)/u, 'the dead host named');
      await term.waitFor(/local +\S+ +working/u, 'the local session');
    } finally {
      term.write('q');
    }
    const result = await term.result();
    expect(result.status).toBe(0);
  });

  test('watch --json --host follows the remote session over one connection: answered there, it changes here', async () => {
    const child = spawn(process.execPath, [BIN, 'watch', '--json', '--host', 'devbox', '--host', 'deadbox'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const lists = (): Array<Array<{ host?: string; state: string }>> => out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
    const remoteState = (): string | undefined => lists().at(-1)?.find((e) => e.host === 'devbox')?.state;
    try {
      await waitUntil(() => remoteState() === 'blocked', 'the remote blocked session in watch', () => `\n${out}\n${err}`);
      const sshBefore = spawnSync('pgrep', ['-a', '-f', '--', `${sshConfig} .*devbox .*osf7501 watch --json`], { encoding: 'utf8' }).stdout.trim();
      remote.write('s3cret\r');
      await waitUntil(() => remoteState() !== undefined && remoteState() !== 'blocked', 'the answered remote session to change in watch', () => `\n${out}\n${err}`);
      expect(sshBefore.split('\n'), sshBefore).toHaveLength(1); // one connection for the host, kept
      expect(err.match(/deadbox/gu)).toHaveLength(1);
    } finally {
      child.kill();
    }
  });
});
