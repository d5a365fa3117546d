// `osf7501 decode` prints the reports in raw bytes, tmux-wrapped streams and real recordings.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/osf7501', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../../fixtures/claude-code/2.1.332/bash-approve-80x24.cast', import.meta.url));

function decode(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, 'decode', ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('osf7501 decode', () => {
  test("a real Claude Code recording: its own reports, in order, with their times", () => {
    const r = decode([FIXTURE]);
    expect(r.status).toBe(0);
    const states = r.stdout.trim().split('\n').map((line) => line.split(' ').slice(1).join(' '));
    expect(states).toEqual([
      'query',
      'state=idle app=claude-code',
      'state=working app=claude-code',
      'state=blocked kind=permission app=claude-code msg="approve Bash: touch build.log"',
      'state=working app=claude-code',
      'state=done app=claude-code',
      'state=clear',
    ]);
  });

  test('stdin with a bare and a tmux-wrapped report, and a rejected one', () => {
    const input = 'x\x1b]7501;state=working:app=a\x1b\\y\x1bPtmux;\x1b\x1b]7501;state=done:app=a\x1b\x1b\\\x1b\\\x1b]7501;state=bogus\x07';
    const r = decode([], input);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('@1 state=working app=a');
    expect(lines[1]).toBe('@30 state=done app=a (tmux×1)');
    expect(lines[2]).toMatch(/^@\d+ rejected: /);
  });

  test('a missing file: one line naming it, exit 2', () => {
    const r = decode(['/nonexistent/file.bin']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('osf7501 decode: cannot read /nonexistent/file.bin: ENOENT\n');
  });
});
