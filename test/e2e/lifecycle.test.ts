// Exit statuses, signals, resizes and terminal settings behave as if the shim were not there.
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { CHILDREN, OuterTerminal, runInTerminal, splitReports } from './support/outer-terminal.js';

const node = process.execPath;
const signalChild = join(CHILDREN, 'signal-report.mjs');

async function shimPid(term: OuterTerminal): Promise<number> {
  const out = await term.waitFor(/READY ppid=\d+/);
  return Number(/READY ppid=(\d+)/.exec(out.toString('latin1'))?.[1]);
}

describe('exit status', () => {
  test.each([0, 1, 42])('exit %i from the child is the shim\'s status', async (code) => {
    const result = await runInTerminal(['sh', '-c', `exit ${code}`]);
    expect(result.status).toBe(code);
  });

  test('a child killed by SIGKILL gives 137', async () => {
    const result = await runInTerminal(['sh', '-c', 'kill -KILL $$']);
    expect(result.status).toBe(137);
  });

  test('typed ^C reaches the child as a byte; its own terminal turns it into SIGINT (130)', async () => {
    const term = new OuterTerminal(['sh', '-c', 'echo STARTED; exec sleep 30']);
    await term.waitFor(/STARTED/);
    term.write('\x03');
    const result = await term.result();
    expect(result.status).toBe(130);
  });
});

describe('signals sent to the shim', () => {
  test.each(['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'] as const)('%s is forwarded and the child\'s death by it is the status', async (signal) => {
    const term = new OuterTerminal([node, signalChild, 'die']);
    process.kill(await shimPid(term), signal);
    const result = await term.result();
    expect(result.output.toString()).toContain(`GOT ${signal}`);
    const numbers = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGTERM: 15 };
    expect(result.status).toBe(128 + numbers[signal]);
  });

  test('SIGTERM to the shim: a child that handles it and exits 7 gives 7', async () => {
    const term = new OuterTerminal([node, signalChild, '7']);
    process.kill(await shimPid(term), 'SIGTERM');
    const result = await term.result();
    expect(result.output.toString()).toContain('GOT SIGTERM');
    expect(result.status).toBe(7);
  });
});

describe('window size', () => {
  test('the child starts with the terminal\'s size and a resize reaches it', async () => {
    const term = new OuterTerminal([node, join(CHILDREN, 'report-size.mjs')], { cols: 100, rows: 30 });
    await term.waitFor(/SIZE 100x30/);
    term.resize(132, 43);
    await term.waitFor(/SIZE 132x43/);
    term.write('q');
    const result = await term.result();
    expect(result.status).toBe(0);
  });
});

describe('terminal settings', () => {
  test('stty -g is the same before and after a normal run', async () => {
    const result = await runInTerminal(['sh', '-c', 'stty raw -echo; echo done']);
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  // The switch to raw mode runs beside the child's spawn (#19): a child that is done before it is over.
  test.each([
    ['exits at once', ['true']],
    ['prints and exits at once', ['printf', 'x']],
    ['fails to start (not found)', ['osf7501-no-such-command']],
  ])('stty -g is the same after a child that %s', async (_what, argv) => {
    const result = await runInTerminal(argv);
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test('stty -g is the same when the session cannot start (--log cannot be opened), exit 2', async () => {
    const result = await runInTerminal(['--log', '/nonexistent-osf7501-dir/log.jsonl', 'printf', 'x']);
    expect(result.status).toBe(2);
    expect(result.output.toString()).toContain('--log /nonexistent-osf7501-dir/log.jsonl: cannot open');
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test.each([[[]], [['--no-report']]])('the first bytes of a child that writes at once reach the terminal raw (%j)', async (flags) => {
    // The child's own terminal turns its \n into \r\n; a terminal not yet raw would add a second \r.
    // printf writes before any stty run of the shim could be over: the relay holds it until the switch is.
    const result = await runInTerminal([...flags, 'printf', 'A\\nB\\nC']);
    const text = splitReports(result.output).bytes.toString('latin1');
    expect(text).toContain('A\r\nB\r\nC');
    expect(text).not.toContain('\r\r\n');
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test('stty -g is the same after SIGTERM to the shim', async () => {
    const term = new OuterTerminal([node, signalChild, 'die']);
    process.kill(await shimPid(term), 'SIGTERM');
    const result = await term.result();
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test('stty -g is the same after an exception inside the shim, which exits 70 and says why', async () => {
    const result = await runInTerminal(['sh', '-c', 'echo hello; sleep 30'], { env: { OSF7501_FAULT: 'throw-on-output' } });
    expect(result.status).toBe(70);
    expect(result.output.toString()).toContain('osf7501: internal error: fault injected: throw-on-output');
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });
});

describe('nesting', () => {
  test('inside a session, osf7501 X runs X in the same terminal: no second PTY', async () => {
    const inner = `"${node}" "${join(CHILDREN, '..', '..', 'bin', 'osf7501')}" tty`;
    // The inner osf7501 has the terminal as stdin and stdout, so only the session variable stops it wrapping.
    const result = await runInTerminal(['sh', '-c', `echo "OUTER $(tty)"; printf "INNER "; ${inner}`]);
    const text = splitReports(result.output).bytes.toString();
    const outer = /OUTER (\S+)/.exec(text)?.[1];
    expect(outer).toMatch(/^\/dev\/pts\//);
    expect(text).toContain(`INNER ${outer}`);
  });
});

describe('hang-up', () => {
  test('SIGHUP to the shim (a killed pane, a closed window) clears the record instead of leaving an error', async () => {
    const { ReportExtractor } = await import('../../src/protocol/index.js');
    // A record first (a password read with echo off is blocked), then the hang-up.
    const term = new OuterTerminal(['sh', '-c', 'printf "READY ppid=%s\\nPassword: " "$PPID"; stty -echo; read -r secret']);
    await term.waitFor(/\x1b\]7501;state=blocked/);
    process.kill(await shimPid(term), 'SIGHUP');
    const result = await term.result();
    expect(result.status).toBe(129);
    const states = new ReportExtractor()
      .push(result.output)
      .flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report.state] : []));
    expect(states.at(-1)).toBe('clear');
    expect(states).not.toContain('error');
  });
});
