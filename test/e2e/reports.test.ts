// The shim's own reports at the edges of a session: the exit report under each --on-exit policy and each
// way a child ends, the switches that turn reports off (TERM=dumb, OSF7501_NO_REPORT, --no-report), and
// --log's JSON Lines. Reports are decoded from everything the outer terminal received.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import * as pty from 'node-pty';
import { BIN, OuterTerminal, REPO, runInTerminal, type OuterOptions, type ShimResult } from './support/outer-terminal.js';

/** Variables that would change what the shim writes ($TMUX: wrapped reports) and must not leak in from
 * the environment the tests run in. OuterTerminal copies process.env, so they are taken out around it. */
const FOREIGN_ENV = /^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/;

function withoutForeignEnv<T>(make: () => T): T {
  const saved = new Map<string, string>();
  for (const [key, value] of Object.entries(process.env)) {
    if (FOREIGN_ENV.test(key) && value !== undefined) {
      saved.set(key, value);
      delete process.env[key];
    }
  }
  try {
    return make();
  } finally {
    for (const [key, value] of saved) process.env[key] = value;
  }
}

function run(args: string[], options: OuterOptions = {}): Promise<ShimResult> {
  return withoutForeignEnv(() => runInTerminal(args, options));
}

/**
 * `osf7501 <args>` in a terminal whose TERM is `term` (OuterTerminal cannot do it: node-pty sets TERM from
 * its `name`, always xterm-256color there). A wrapper prints the status after the shim, as OuterTerminal's
 * does, so every byte before it has been read.
 */
async function runWithTerm(term: string, args: string[]): Promise<{ status: number; output: Buffer }> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  for (const key of Object.keys(env)) if (FOREIGN_ENV.test(key)) delete env[key];
  const wrapper = '"$@"; printf "\\n__OSF_EXIT__%d__\\n" "$?"; sleep 3';
  const child = pty.spawn('sh', ['-c', wrapper, 'sh', process.execPath, BIN, ...args], {
    name: term,
    cols: 80,
    rows: 24,
    cwd: REPO,
    env: { ...env, TERM: term },
    encoding: null,
  } as pty.IPtyForkOptions);
  const chunks: Buffer[] = [];
  child.onData((data) => chunks.push(data as unknown as Buffer));
  const sentinel = /\r?\n__OSF_EXIT__(\d+)__/;
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      const text = Buffer.concat(chunks).toString('latin1');
      const match = sentinel.exec(text);
      if (match) return { status: Number(match[1]), output: Buffer.concat(chunks).subarray(0, match.index) };
      if (Date.now() > deadline) throw new Error(`timed out waiting for the shim to exit; output: ${JSON.stringify(text)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGKILL');
  }
}

/** Every OSC 7501 sequence the terminal received, as reports (anything else fails the test). */
function reports(output: Buffer): Report[] {
  return extractAll(output).map((found) => {
    expect(found.tmuxDepth).toBe(0);
    if (found.parsed.type !== 'report') throw new Error(`not a report: ${JSON.stringify(Buffer.from(found.raw).toString('latin1'))}`);
    return Object.fromEntries(Object.entries(found.parsed.report).filter(([, v]) => v !== undefined)) as unknown as Report;
  });
}

let dir = '';
/** Shows `Password: ` (the generic rules' blocked:auth) and exits with status 3 after a line of input. */
const PASSWORD_CHILD = ['sh', '-c', 'printf "Password: "; read answer; exit 3'];
/** A program without rules of its own reports under its command's name. */
const APP = 'sh';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'osf-reports-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the exit report (--on-exit result, the default)', () => {
  test('status 0 after a report: clear, with nothing but the state', async () => {
    const term = withoutForeignEnv(() => new OuterTerminal(['sh', '-c', 'printf "Password: "; read answer; exit 0']));
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'the blocked report');
    term.write('x\r');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(reports(result.output)).toEqual([{ state: 'blocked', kind: 'auth', app: APP, msg: 'Password:' }, { state: 'clear' }]);
  });

  test('status 0 with nothing reported before: no report at all (there is no record to clear)', async () => {
    for (const child of ['exit 0', 'printf "done\\n"', 'seq 1 300000']) {
      const result = await run(['sh', '-c', child]);
      expect(result.status).toBe(0);
      expect(extractAll(result.output)).toEqual([]);
    }
  });

  test('status 3: error, whose msg gives the status', async () => {
    const result = await run(['sh', '-c', 'exit 3']);
    expect(result.status).toBe(3);
    const all = reports(result.output);
    expect(all).toHaveLength(1);
    const last = all[0] as Report;
    expect(last.state).toBe('error');
    expect(last.app).toBe(APP);
    expect(last.msg).toBe('sh exited with status 3');
  });

  test.each([
    ['KILL', 'SIGKILL', 137],
    ['TERM', 'SIGTERM', 143],
  ])('killed by SIG%s: error, whose msg names the signal', async (name, signal, status) => {
    const result = await run(['sh', '-c', `kill -${name} $$`]);
    expect(result.status).toBe(status);
    const all = reports(result.output);
    expect(all).toHaveLength(1);
    const last = all[0] as Report;
    expect(last.state).toBe('error');
    expect(last.app).toBe(APP);
    expect(last.msg).toBe(`sh killed by ${signal}`);
  });

  test('the blocked report during the session, then error at exit', async () => {
    const term = withoutForeignEnv(() => new OuterTerminal(PASSWORD_CHILD));
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'the blocked report');
    term.write('x\r');
    const result = await term.result();
    expect(result.status).toBe(3);
    expect(reports(result.output)).toEqual([
      { state: 'blocked', kind: 'auth', app: APP, msg: 'Password:' },
      { state: 'error', app: APP, msg: 'sh exited with status 3' },
    ]);
  });
});

describe('--on-exit', () => {
  test('keep: no exit report, whatever the status', async () => {
    for (const code of [0, 3]) {
      const result = await run(['--on-exit', 'keep', 'sh', '-c', `exit ${code}`]);
      expect(result.status).toBe(code);
      expect(reports(result.output)).toEqual([]);
    }
  });

  test('keep: the last screen report stays the last report', async () => {
    const term = withoutForeignEnv(() => new OuterTerminal(['--on-exit', 'keep', ...PASSWORD_CHILD]));
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'the blocked report');
    term.write('x\r');
    const result = await term.result();
    expect(result.status).toBe(3);
    expect(reports(result.output)).toEqual([{ state: 'blocked', kind: 'auth', app: APP, msg: 'Password:' }]);
  });

  test('clear: clear even when the program fails (none when nothing was reported)', async () => {
    const term = withoutForeignEnv(() => new OuterTerminal(['--on-exit', 'clear', ...PASSWORD_CHILD]));
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'the blocked report');
    term.write('x\r');
    const result = await term.result();
    expect(result.status).toBe(3);
    expect(reports(result.output)).toEqual([{ state: 'blocked', kind: 'auth', app: APP, msg: 'Password:' }, { state: 'clear' }]);
    const quiet = await run(['--on-exit', 'clear', 'sh', '-c', 'exit 3']);
    expect(quiet.status).toBe(3);
    expect(extractAll(quiet.output)).toEqual([]);
  });

  test('result, named: the same as the default', async () => {
    const result = await run(['--on-exit', 'result', 'sh', '-c', 'exit 3']);
    expect(reports(result.output)).toEqual([{ state: 'error', app: APP, msg: 'sh exited with status 3' }]);
  });
});

describe('reports off', () => {
  // `exit 3` always earns an error report when reports are on, so "no report" is not vacuous.
  test('TERM=dumb: no OSC 7501 at all, the status unchanged', async () => {
    const result = await runWithTerm('dumb', ['sh', '-c', 'printf "Password: "; exit 3']);
    expect(result.status).toBe(3);
    expect(extractAll(result.output)).toEqual([]);
    expect(result.output.toString('latin1')).toContain('Password: ');
    // The same run under xterm-256color does report: the test above is not vacuous.
    const control = await runWithTerm('xterm-256color', ['sh', '-c', 'printf "Password: "; exit 3']);
    expect(control.status).toBe(3);
    expect(reports(control.output).map((r) => r.state)).toContain('error');
  });

  test.each([
    ['OSF7501_NO_REPORT=1', [] as string[], { OSF7501_NO_REPORT: '1' }],
    ['OSF7501_NO_REPORT=yes', [], { OSF7501_NO_REPORT: 'yes' }],
    ['--no-report', ['--no-report'], {}],
  ])('%s: no OSC 7501 at all, the status unchanged', async (_what, flags, env) => {
    const result = await run([...flags, 'sh', '-c', 'printf "Password: "; exit 3'], { env });
    expect(result.status).toBe(3);
    expect(extractAll(result.output)).toEqual([]);
    expect(result.output.toString('latin1')).toContain('Password: ');
  });

  test.each([
    ['OSF7501_NO_REPORT=0', { OSF7501_NO_REPORT: '0' }],
    ['OSF7501_NO_REPORT empty', { OSF7501_NO_REPORT: '' }],
  ])('%s: reports stay on', async (_what, env) => {
    const result = await run(['sh', '-c', 'exit 3'], { env });
    expect(reports(result.output).map((r) => r.state)).toEqual(['error']);
  });
});

describe('--log FILE', () => {
  interface LogLine {
    time: string;
    type: 'classification' | 'report';
    state: string;
    kind?: string;
    app?: string;
    msg?: string;
    rule?: string;
    source?: 'screen' | 'exit';
  }

  test('JSON Lines: each report the terminal got, in order, with its source; classifications with their rule', async () => {
    const logFile = join(dir, 'session.jsonl');
    const term = withoutForeignEnv(() => new OuterTerminal(['--log', logFile, ...PASSWORD_CHILD]));
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'the blocked report');
    term.write('x\r');
    const result = await term.result();
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as LogLine);
    for (const entry of entries) expect(Number.isNaN(Date.parse(entry.time))).toBe(false);

    const logged = entries
      .filter((e) => e.type === 'report')
      .map(({ state, kind, app, msg, source }) => ({ state, kind, app, msg, source }));
    expect(logged).toEqual([
      { state: 'blocked', kind: 'auth', app: APP, msg: 'Password:', source: 'screen' },
      { state: 'error', app: APP, msg: 'sh exited with status 3', source: 'exit' },
    ]);
    expect(reports(result.output)).toEqual(logged.map(({ source: _source, ...r }) => r));

    const blocked = entries.find((e) => e.type === 'classification' && e.state === 'blocked');
    expect(blocked).toMatchObject({ kind: 'auth', rule: 'password', msg: 'Password:' });
  });

  test('appends: a second session adds its lines after the first one\'s', async () => {
    const logFile = join(dir, 'append.jsonl');
    await run(['--log', logFile, 'sh', '-c', 'exit 4']);
    await run(['--log', logFile, 'sh', '-c', 'exit 3']);
    const messages = readFileSync(logFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as LogLine)
      .filter((e) => e.type === 'report')
      .map((e) => e.msg);
    expect(messages).toEqual(['sh exited with status 4', 'sh exited with status 3']);
  });

  test('a log that cannot be opened is a usage error (2), before the program runs', async () => {
    const result = await run(['--log', join(dir, 'no-such-dir', 'x.jsonl'), 'sh', '-c', 'echo RAN; exit 0']);
    expect(result.status).toBe(2);
    expect(result.output.toString()).toContain('cannot open');
    expect(result.output.toString()).not.toContain('RAN');
    expect(extractAll(result.output)).toEqual([]);
  });
});
