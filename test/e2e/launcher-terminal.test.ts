// bin/osf7501 run as a program at a real terminal: its shell part hands the session to Node, which
// wraps the command; inside a session the shell runs the command itself, in the launcher's process.
import { join } from 'node:path';
import * as pty from 'node-pty';
import { describe, expect, test } from 'vitest';
import { BIN, REPO } from './support/outer-terminal.js';

/** Runs argv in a fresh real PTY; resolves with everything it wrote, its exit code and its pid. */
function inTerminal(argv: string[], env: Record<string, string>): Promise<{ output: string; exitCode: number; pid: number }> {
  return new Promise((resolve) => {
    const full: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', ...env };
    if (env['OSF7501_SESSION'] === undefined) delete full['OSF7501_SESSION'];
    delete full['TMUX'];
    const term = pty.spawn(argv[0] as string, argv.slice(1), { name: 'xterm-256color', cols: 80, rows: 24, cwd: REPO, env: full, encoding: null } as pty.IPtyForkOptions);
    const chunks: Buffer[] = [];
    term.onData((data) => chunks.push(data as unknown as Buffer));
    term.onExit(({ exitCode }) => resolve({ output: Buffer.concat(chunks).toString('latin1'), exitCode, pid: term.pid }));
  });
}

describe('bin/osf7501 at a terminal', () => {
  test('wraps the command: the child runs in a session of its own and its status comes back', async () => {
    const r = await inTerminal([BIN, '--no-report', 'sh', '-c', 'echo "S=$OSF7501_SESSION"; exit 5'], {});
    expect(r.output).toMatch(/S=\d+-[0-9a-f]{8}\r\n/);
    expect(r.exitCode).toBe(5);
  });

  test('inside a session it runs the command itself, in the launcher\'s own process', async () => {
    const r = await inTerminal([BIN, 'sh', '-c', 'echo "pid=$$ S=$OSF7501_SESSION"'], { OSF7501_SESSION: 'outer-1' });
    expect(r.output).toBe(`pid=${r.pid} S=outer-1\r\n`);
  });

  test("NODE_EXTRA_CA_CERTS: the shim's Node starts without loading it; the wrapped command gets it unchanged", async () => {
    const env = { NODE_EXTRA_CA_CERTS: join(REPO, 'no-such-ca.pem') };
    // Node started with it reads the file before any script runs: a missing one is a warning at the terminal.
    const plain = await inTerminal([process.execPath, '-e', '0'], env);
    expect(plain.output).toContain('Ignoring extra certs from');
    const r = await inTerminal([BIN, '--no-report', 'sh', '-c', 'echo "CA=$NODE_EXTRA_CA_CERTS M=${OSF7501_NODE_EXTRA_CA_CERTS-unset}"'], env);
    expect(r.output).toBe(`CA=${join(REPO, 'no-such-ca.pem')} M=unset\r\n`);
    expect(r.exitCode).toBe(0);
  });

  test("V8's memory reducer stays idle in a session (bin/osf7501 sets its flag before the modules load)", async () => {
    // --trace-gc-verbose prints `Memory reducer: …` at the terminal when the reducer's timer fires, which
    // --gc-memory-reducer-start-delay-ms brings to 200 ms after it armed (without the flag: while the shim loads).
    const argv = [process.execPath, '--trace-gc-verbose', '--gc-memory-reducer-start-delay-ms=200', BIN, '--rules', 'claude-code', 'sh', '-c', 'echo working; sleep 2; echo done'];
    const r = await inTerminal(argv, {});
    expect(r.output).toContain('working\r\n');
    expect(r.output).toContain('done\r\n');
    expect(r.output).toMatch(/Scavenge/); // the trace reaches the terminal
    expect(r.output).not.toMatch(/Memory reducer: /);
    expect(r.exitCode).toBe(0);
  });

  test('a missing command at a terminal: the same line and status as in pipe mode', async () => {
    const r = await inTerminal([BIN, join(REPO, 'no-such-command')], {});
    expect(r.output).toBe(`osf7501: command not found: ${join(REPO, 'no-such-command')}\r\n`);
    expect(r.exitCode).toBe(127);
  });
});
