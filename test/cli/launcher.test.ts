// bin/osf7501 run as a program (its /bin/sh part decides first) against `node bin/osf7501` (the Node
// launcher alone): with no terminal to wrap both run the command directly, with the same lookup
// errors, statuses and environment; only the shell runs it without starting Node.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { SUBCOMMAND_NAMES } from '../../src/cli/main.js';

/** A hang guard: each test starts Node up to three times, on two cores shared with other work. */
vi.setConfig({ testTimeout: 60_000 });

const BIN = fileURLToPath(new URL('../../bin/osf7501', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'osf-launcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ran {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  pid: number | undefined;
}

type Launch = 'shell' | 'node';
const LAUNCHES: Launch[] = ['shell', 'node'];

/** Runs the launcher with stdin from `input` (a pipe) and stdout/stderr pipes: no terminal anywhere. */
function osf(launch: Launch, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {}): Ran {
  const env = options.env ?? withoutSession(process.env);
  const argv = launch === 'shell' ? [BIN, ...args] : [process.execPath, BIN, ...args];
  const r: SpawnSyncReturns<string> = spawnSync(argv[0] as string, argv.slice(1), {
    input: options.input ?? '',
    env,
    encoding: 'latin1',
    cwd: options.cwd ?? dir,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, pid: r.pid };
}

function withoutSession(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy['OSF7501_SESSION'];
  return copy;
}

function executable(path: string, body: string, mode = 0o755): string {
  writeFileSync(path, body);
  chmodSync(path, mode);
  return path;
}

describe.each(LAUNCHES)('pipe mode, launched by %s', (launch) => {
  test('a missing command: "osf7501: command not found: X", exit 127', () => {
    const r = osf(launch, ['osf7501-no-such-command']);
    expect([r.status, r.stderr, r.stdout]).toEqual([127, 'osf7501: command not found: osf7501-no-such-command\n', '']);
  });

  test('a path that does not exist: exit 127', () => {
    const r = osf(launch, ['./no-such-file']);
    expect([r.status, r.stderr]).toEqual([127, 'osf7501: command not found: ./no-such-file\n']);
  });

  test('a file without execute permission, given as a path: exit 126', () => {
    const file = executable(join(dir, `plain-${launch}.sh`), '#!/bin/sh\necho hi\n', 0o644);
    const r = osf(launch, [file]);
    expect([r.status, r.stderr]).toEqual([126, `osf7501: permission denied: ${file}\n`]);
  });

  test('a directory given as a path: exit 126', () => {
    const r = osf(launch, [dir]);
    expect([r.status, r.stderr]).toEqual([126, `osf7501: permission denied: ${dir}\n`]);
  });

  test('on PATH: a directory and a non-executable file are passed over for a later executable one', () => {
    const first = join(dir, `first-${launch}`);
    const second = join(dir, `second-${launch}`);
    mkdirSync(join(first, 'tool'), { recursive: true }); // a directory named like the command
    mkdirSync(second, { recursive: true });
    const third = join(dir, `third-${launch}`);
    mkdirSync(third, { recursive: true });
    executable(join(second, 'tool'), '#!/bin/sh\necho wrong\n', 0o644);
    executable(join(third, 'tool'), '#!/bin/sh\necho "third $1"\n');
    const r = osf(launch, ['tool', 'arg'], { env: { PATH: `${first}:${second}:${third}:/usr/bin:/bin` } });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, 'third arg\n', '']);
  });

  test('on PATH: only a non-executable file is "permission denied", exit 126', () => {
    const only = join(dir, `only-${launch}`);
    mkdirSync(only, { recursive: true });
    executable(join(only, 'mytool'), '#!/bin/sh\n', 0o644);
    const r = osf(launch, ['mytool'], { env: { PATH: `${only}:/usr/bin:/bin` } });
    expect([r.status, r.stderr]).toEqual([126, 'osf7501: permission denied: mytool\n']);
  });

  test('an empty PATH entry is the working directory', () => {
    const cwd = join(dir, `cwd-${launch}`);
    mkdirSync(cwd, { recursive: true });
    executable(join(cwd, 'here'), '#!/bin/sh\necho here\n');
    const r = osf(launch, ['here'], { env: { PATH: '/usr/bin:/bin:' }, cwd });
    expect([r.status, r.stdout]).toEqual([0, 'here\n']);
  });

  test("the command's arguments, stdin bytes and exit status pass through unchanged", () => {
    const r = osf(launch, ['sh', '-c', 'cat; printf "%s|" "$@"; exit 3', 'sh', '--version', '', 'a b', '-x'], {
      input: 'a\r\nb\x1b[0m\n\xff',
    });
    expect([r.status, r.stdout]).toEqual([3, 'a\r\nb\x1b[0m\n\xff--version||a b|-x|']);
  });

  test('a command killed by a signal: the caller\'s shell sees 128+N', () => {
    const launcher = launch === 'shell' ? `"${BIN}"` : `"${process.execPath}" "${BIN}"`;
    const r = spawnSync('sh', ['-c', `${launcher} sh -c 'kill -TERM $$' </dev/null; echo "status $?"`], {
      env: withoutSession(process.env),
      encoding: 'utf8',
    });
    expect(r.stdout).toBe('status 143\n');
  });

  test('value-less switches and -- before the command are taken; a subcommand name after -- is a command', () => {
    const dashed = join(dir, `dashed-${launch}`);
    mkdirSync(dashed, { recursive: true });
    executable(join(dashed, 'decode'), '#!/bin/sh\necho "a program named decode: $*"\n');
    const r = osf(launch, ['--no-report', '--no-hooks', '--notify', '--', 'decode', 'x'], { env: { PATH: `${dashed}:/usr/bin:/bin` } });
    expect([r.status, r.stdout]).toEqual([0, 'a program named decode: x\n']);
  });

  test('inside a session (OSF7501_SESSION set), the command runs directly with the variable kept', () => {
    const r = osf(launch, ['sh', '-c', 'echo "$OSF7501_SESSION"'], { env: { ...process.env, OSF7501_SESSION: 'outer-1' } });
    expect([r.status, r.stdout]).toEqual([0, 'outer-1\n']);
  });

  test('the command gets the environment it was given, values unchanged', () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env['PATH'],
      HOME: dir,
      PWD: dir,
      EMPTY: '',
      MULTI: 'line one\nline two',
      EQUALS: 'a=b=c',
      UNICODE: 'é ✻ \u202e',
      SPACES: '  x  ',
    };
    const dump = ['-e', 'process.stdout.write(JSON.stringify(process.env))'];
    const expected = spawnSync(process.execPath, dump, { env, cwd: dir, encoding: 'utf8' }).stdout;
    const r = osf(launch, [process.execPath, ...dump], { env });
    expect(r.status).toBe(0);
    expect(JSON.parse(Buffer.from(r.stdout, 'latin1').toString('utf8'))).toEqual(JSON.parse(expected));
  });
});

describe('the shell part', () => {
  test('runs the command in its own process, without Node: the command has the launcher\'s pid', () => {
    const shell = osf('shell', ['sh', '-c', 'echo $$']);
    expect(Number(shell.stdout)).toBe(shell.pid);
    // The Node launcher runs it as a child of its own.
    const node = osf('node', ['sh', '-c', 'echo $$']);
    expect(Number(node.stdout)).not.toBe(node.pid);
  });

  test('value-less switches keep the pipe mode Node-free', () => {
    const r = osf('shell', ['--no-report', '--no-native', '--no-tmux-wrap', '--notify-desktop', 'sh', '-c', 'echo $$']);
    expect(Number(r.stdout)).toBe(r.pid);
  });

  test('an option with a value goes to Node, which checks it before running the command directly', () => {
    const bad = osf('shell', ['--rules', 'no-such-app', 'true']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^osf7501: --rules: no rule set with app "no-such-app"/);
    const badInterval = osf('shell', ['--interval', '3', 'true']);
    expect(badInterval.status).toBe(2);
    expect(badInterval.stderr).toContain("option '--interval <ms>' argument '3' is invalid");
    const good = osf('shell', ['--rules', 'claude-code', 'sh', '-c', 'echo ran']);
    expect([good.status, good.stdout]).toEqual([0, 'ran\n']);
  });

  test("NODE_EXTRA_CA_CERTS: the shim's Node starts without loading it; the command run through Node gets it unchanged", () => {
    const env = { ...withoutSession(process.env), NODE_EXTRA_CA_CERTS: join(dir, 'no-such-ca.pem') };
    const show = ['sh', '-c', 'echo "CA=${NODE_EXTRA_CA_CERTS-unset} M=${OSF7501_NODE_EXTRA_CA_CERTS-unset}"'];
    // Node started with it reads the file before any script runs: a missing one is a warning on stderr.
    const plain = spawnSync(process.execPath, ['-e', '0'], { env, encoding: 'utf8' });
    expect(plain.stderr).toContain('Ignoring extra certs from');
    // --rules takes the line to Node (which checks the rules, then runs the command directly).
    const r = osf('shell', ['--rules', 'claude-code', ...show], { env });
    expect([r.status, r.stderr, r.stdout]).toEqual([0, '', `CA=${join(dir, 'no-such-ca.pem')} M=unset\n`]);
  });

  test('a stray OSF7501_NODE_EXTRA_CA_CERTS (the launcher\'s own carrier) without NODE_EXTRA_CA_CERTS is dropped', () => {
    const env = { ...withoutSession(process.env), OSF7501_NODE_EXTRA_CA_CERTS: '/stray.pem' };
    delete env['NODE_EXTRA_CA_CERTS'];
    const r = osf('shell', ['--rules', 'claude-code', 'sh', '-c', 'echo "CA=${NODE_EXTRA_CA_CERTS-unset} M=${OSF7501_NODE_EXTRA_CA_CERTS-unset}"'], { env });
    expect([r.status, r.stderr, r.stdout]).toEqual([0, '', 'CA=unset M=unset\n']);
  });

  test('an unknown option is answered by Node as before', () => {
    expect(osf('shell', ['--bogus', 'true']).stderr).toContain("unknown option '--bogus'");
  });

  test('--help and --version are answered by Node as before', () => {
    expect(osf('shell', ['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(osf('shell', ['--help']).stdout).toContain('Exit status:');
  });

  test('no command at all is a usage error from Node, as before', () => {
    const none = osf('shell', []);
    expect([none.status, none.stderr.includes('Usage: osf7501 [options]')]).toEqual([2, true]);
  });

  test.each(SUBCOMMAND_NAMES)('the subcommand %s reaches Node (not a program of that name) in pipe mode', (name) => {
    const r = osf('shell', [name, '--help']);
    expect(r.stdout).toContain(`Usage: osf7501 ${name}`);
  });

  test('works through a symlink, as npm installs it into a prefix\'s bin/', () => {
    const prefixBin = join(dir, 'prefix', 'bin');
    mkdirSync(prefixBin, { recursive: true });
    const link = join(prefixBin, 'osf7501');
    symlinkSync(BIN, link);
    const version = spawnSync(link, ['--version'], { encoding: 'utf8', env: withoutSession(process.env) });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const direct = spawnSync(link, ['sh', '-c', 'echo direct'], { encoding: 'utf8', input: '', env: withoutSession(process.env) });
    expect(direct.stdout).toBe('direct\n');
  });
});
