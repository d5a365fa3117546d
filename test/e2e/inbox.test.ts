// The inbox end to end: several real shims at once in their own outer terminals, one registry
// directory ($XDG_RUNTIME_DIR), and `osf7501 ls / wait / send / answer` run as separate processes.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractAll } from '../../src/protocol/index.js';
import { BIN, OuterTerminal, REPO } from './support/outer-terminal.js';

const run = promisify(execFile);
/** Hang guard for polling `ls` (not a performance bound). */
const POLL_LIMIT_MS = 60_000;
/** Between two `ls` polls (ms). */
const POLL_EVERY_MS = 100;

/** Variables from the test's own environment that would change the shims (nesting, tmux wrapping). */
const FOREIGN_ENV = /^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/;

let xdg = '';
let registry = '';
const terminals: OuterTerminal[] = [];

function env(): Record<string, string> {
  const e: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !FOREIGN_ENV.test(k)) e[k] = v;
  return { ...e, XDG_RUNTIME_DIR: xdg, TERM: 'xterm-256color' };
}

/** A shim in its own outer terminal, with the test's registry. */
function shim(args: string[]): OuterTerminal {
  const saved = Object.entries(process.env).filter(([k]) => FOREIGN_ENV.test(k));
  for (const [k] of saved) delete process.env[k];
  try {
    const t = new OuterTerminal(args, { env: { XDG_RUNTIME_DIR: xdg } });
    terminals.push(t);
    return t;
  } finally {
    for (const [k, v] of saved) if (v !== undefined) process.env[k] = v;
  }
}

/** `osf7501 <args>` as a separate process: its status and output. */
async function osf(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [BIN, ...args], { env: env(), cwd: REPO });
    return { status: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { status: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

interface Listed {
  id: string;
  pid: number;
  state: string;
  kind?: string;
  msg?: string;
  command: string[];
}

async function ls(): Promise<Listed[]> {
  const r = await osf(['ls', '--json']);
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as Listed[];
}

/** Polls `ls` until `test` holds; fails with the last listing after the hang guard. */
async function until(test: (list: Listed[]) => boolean, what: string): Promise<Listed[]> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const list = await ls();
    if (test(list)) return list;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; ls: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
  }
}

const PASSWORD_CHILD = 'printf "Password: "; read -r x; printf "ok %s\\n" "$x"; read -r y; printf "task %s\\n" "$y"; sleep 60';
const byArgs = (list: Listed[], arg: string): Listed | undefined => list.find((e) => e.command.includes(arg));

describe('inbox end to end', () => {
  beforeAll(() => {
    xdg = mkdtempSync(join(tmpdir(), 'osf-inbox-e2e-'));
    registry = join(xdg, 'osf7501');
  });
  afterAll(() => {
    for (const t of terminals) t.kill();
    // Killed shims may still be removing their registry entries: retry while the folder changes under us.
    rmSync(xdg, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
  });

  test('three shims: listed most urgent first; a stale entry is ignored and cleaned', async () => {
    shim(['sleep', '61']);
    shim(['--notify', 'sh', '-c', PASSWORD_CHILD]);
    shim(['sleep', '62']);
    const w = await osf(['wait', '--until', 'blocked', '--timeout', '60']);
    expect(w.status).toBe(0);
    expect(w.stdout).toMatch(/^\d+-[0-9a-f]+ blocked:auth\n$/u);
    mkdirSync(registry, { recursive: true });
    const dead = spawnSync('true').pid as number; // a crashed shim's pid: no process has it any more
    const ghost = { version: 1, id: `${dead}-deadbeef`, pid: dead, app: 'ghost', command: ['ghost'], cwd: '/', state: 'blocked', since: 0, changed: 0, revision: 0 };
    writeFileSync(join(registry, `${ghost.id}.json`), JSON.stringify(ghost));
    const list = await until((l) => l.length === 3, 'three live sessions');
    expect(list.map((e) => e.state)).toEqual(['blocked', 'idle', 'idle']);
    expect(list[0]).toMatchObject({ kind: 'auth', msg: 'Password:' });
    expect(readdirSync(registry)).not.toContain(`${ghost.id}.json`);
    const table = await osf(['ls']);
    expect(table.stdout.split('\n')[1]).toMatch(/^\d+-[0-9a-f]+\s+blocked:auth\s+\d+s\s+sh\s+/u);
  });

  test('--notify: one terminal notification when the session became blocked', async () => {
    const t = terminals[1] as OuterTerminal;
    await t.waitFor(/\x1b\]9;sh needs a password: Password:\x1b\\/u, 'the OSC 9 notification');
    expect(t.output().toString('latin1').split('\x1b]9;').length - 1).toBe(1);
  });

  test('send is refused while blocked (status 4, nothing typed); answer goes through; then send does', async () => {
    const pw = byArgs(await ls(), PASSWORD_CHILD) as Listed;
    const t = terminals[1] as OuterTerminal;
    const refused = await osf(['send', pw.id, 'the task']);
    expect(refused.status).toBe(4);
    expect(refused.stderr).toBe(`osf7501 send: refused: session ${pw.id} is blocked (Password:); answer it with: osf7501 answer ${pw.id} CHOICE\n`);
    const answered = await osf(['answer', String(pw.pid), 'hunter2']);
    expect(answered).toMatchObject({ status: 0, stderr: '' });
    await t.waitFor(/ok hunter2/u, 'the answer to reach the child');
    await until((l) => byArgs(l, PASSWORD_CHILD)?.state !== 'blocked', 'the session to leave blocked');
    const sent = await osf(['send', pw.id.slice(0, -1), 'the task']);
    expect(sent).toMatchObject({ status: 0, stderr: '' });
    await t.waitFor(/task the task/u, 'the task to reach the child');
    const reports = extractAll(t.output()).flatMap((f) => (f.parsed.type === 'report' ? [f.parsed.report.state] : []));
    expect(reports).toContain('blocked');
    expect(reports[reports.length - 1]).not.toBe('blocked');
  });

  test('answer is refused (status 4) for a session that is not blocked', async () => {
    const idle = byArgs(await ls(), '61') as Listed;
    const r = await osf(['answer', idle.id, 'y']);
    expect(r.status).toBe(4);
    expect(r.stderr).toBe(`osf7501 answer: refused: session ${idle.id} is idle, not blocked\n`);
  });

  test('a shim that exits removes its entry; wait on it returns 3', async () => {
    const idle = byArgs(await ls(), '62') as Listed;
    const waiting = osf(['wait', '--until', 'blocked', '--timeout', '60', idle.id]);
    (terminals[2] as OuterTerminal).write('\x03');
    const w = await waiting;
    expect(w.status).toBe(3);
    expect(readdirSync(registry).filter((n) => n.startsWith(idle.id))).toEqual([]);
    expect((await ls()).map((e) => e.id)).not.toContain(idle.id);
  });

  test('bad arguments: status 2, one line', async () => {
    const r = await osf(['wait', '--until', 'sleeping']);
    expect(r.status).toBe(2);
  });
});
