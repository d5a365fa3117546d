// The command line without a terminal: usage errors, lookup failures, pipe mode and nesting.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/osf7501', import.meta.url));

function osf(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
  const env = { ...process.env, ...options.env };
  if (options.env?.['OSF7501_SESSION'] === undefined) delete env['OSF7501_SESSION'];
  const result = spawnSync(process.execPath, [BIN, ...args], { input: options.input ?? '', env, encoding: 'latin1' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('usage', () => {
  test('no command prints the help on stderr and exits 2', () => {
    const r = osf([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Usage: osf7501 [options] [--] <command> [args...]');
    expect(r.stdout).toBe('');
  });

  test('an unknown option is a usage error naming the option, exit 2', () => {
    const r = osf(['--bogus', 'true']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown option '--bogus'");
  });

  test('--help prints the usage and the exit statuses on stdout, exit 0', () => {
    const r = osf(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Exit status:');
  });

  test('--version prints the package version', () => {
    const r = osf(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test("options after the command are the command's own", () => {
    const r = osf(['sh', '-c', 'echo "$1"', 'sh', '--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('--version\n');
  });
});

describe('command lookup', () => {
  test('a missing command: "osf7501: command not found: X", exit 127', () => {
    const r = osf(['osf7501-no-such-command']);
    expect(r.status).toBe(127);
    expect(r.stderr).toBe('osf7501: command not found: osf7501-no-such-command\n');
  });

  test('a file that is not executable: exit 126', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf-cli-'));
    const file = join(dir, 'script.sh');
    writeFileSync(file, '#!/bin/sh\necho hi\n');
    chmodSync(file, 0o644);
    const r = osf([file]);
    expect(r.status).toBe(126);
    expect(r.stderr).toBe(`osf7501: permission denied: ${file}\n`);
  });

  test('a non-executable file found on PATH: exit 126', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf-cli-'));
    writeFileSync(join(dir, 'mytool'), '#!/bin/sh\n');
    chmodSync(join(dir, 'mytool'), 0o644);
    const r = osf(['mytool'], { env: { PATH: `${dir}:${process.env['PATH']}` } });
    expect(r.status).toBe(126);
  });
});

describe('pipe mode', () => {
  test('echo hi | osf7501 cat | cat prints hi and no escape bytes', () => {
    const r = spawnSync('sh', ['-c', `echo hi | "${process.execPath}" "${BIN}" cat | cat`], { encoding: 'latin1' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('hi\n');
  });

  test('the child\'s status passes through in pipe mode', () => {
    expect(osf(['sh', '-c', 'exit 3']).status).toBe(3);
  });

  test('a child killed by a signal in pipe mode gives 128+N', () => {
    expect(osf(['sh', '-c', 'kill -TERM $$']).status).toBe(143);
  });

  test('stdin reaches the child unchanged in pipe mode', () => {
    const r = osf(['cat'], { input: 'a\r\nb\x1b[0m\n' });
    expect(r.stdout).toBe('a\r\nb\x1b[0m\n');
  });
});

describe('nesting', () => {
  test('inside a session, osf7501 X runs X directly and keeps the session variable', () => {
    const r = osf(['sh', '-c', 'echo "$OSF7501_SESSION"'], { env: { OSF7501_SESSION: 'outer-1' } });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('outer-1\n');
  });
});
