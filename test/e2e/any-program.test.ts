// Any program, read from the terminal itself (#27): a secret asked in any language, a line read at a question, a
// program running, its end after the done threshold, a wrapped shell's commands — and no false blocked.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import { OuterTerminal, runInTerminal, type OuterOptions } from './support/outer-terminal.js';

/** Every report the outer terminal received, without undefined keys. */
function reports(output: Buffer): Report[] {
  return extractAll(output).flatMap((found) =>
    found.parsed.type === 'report' ? [Object.fromEntries(Object.entries(found.parsed.report).filter(([, v]) => v !== undefined)) as unknown as Report] : [],
  );
}

const states = (output: Buffer): string[] => reports(output).map((r) => (r.kind === undefined ? r.state : `${r.state}:${r.kind}`));

function has(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let home = '';
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'osf-any-'));
});
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

/** The shim in a real PTY, with a HOME of its own (no user's rc files) and no tmux around it. */
function terminal(args: string[], options: OuterOptions = {}): OuterTerminal {
  return new OuterTerminal(args, { ...options, env: { HOME: home, ...options.env } });
}

async function until(term: OuterTerminal, what: string, test: (r: Report[]) => boolean): Promise<Report[]> {
  await term.waitFor(() => test(reports(term.output())), what);
  return reports(term.output());
}

const last = (rs: Report[]): Report | undefined => rs.at(-1);

describe.skipIf(process.platform !== 'linux')('waiting, read from the terminal (Linux: /proc and termios)', () => {
  test('a secret asked in German with echo off reads blocked:auth, the prompt as msg', async () => {
    const term = terminal(['python3', '-c', 'import getpass; getpass.getpass("Passwort eingeben: ")']);
    const rs = await until(term, 'blocked:auth', (r) => last(r)?.state === 'blocked');
    expect(last(rs)).toMatchObject({ state: 'blocked', kind: 'auth', msg: 'Passwort eingeben:' });
    term.write('geheim\r');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString('latin1')).not.toContain('geheim');
  });

  test("`read -s` in bash's own script is auth too, whatever its words", async () => {
    const term = terminal(['bash', '-c', 'read -r -s -p "Código: " c; echo; exit 0']);
    const rs = await until(term, 'blocked', (r) => last(r)?.state === 'blocked');
    expect(last(rs)).toMatchObject({ kind: 'auth', msg: 'Código:' });
    term.write('1234\r');
    expect((await term.result()).status).toBe(0);
  });

  test('a plain question read from the terminal reads question with its row; words of leave make it permission', async () => {
    const term = terminal(['sh', '-c', 'printf "Which colour do you like best? "; read a; printf "Overwrite notes.txt? "; read b; exit 0']);
    let rs = await until(term, 'the question', (r) => last(r)?.state === 'blocked');
    expect(last(rs)).toMatchObject({ state: 'blocked', kind: 'question', msg: 'Which colour do you like best?' });
    term.write('blue\r');
    rs = await until(term, 'the permission', (r) => last(r)?.kind === 'permission');
    expect(last(rs)?.msg).toBe('Overwrite notes.txt?');
    term.write('y\r');
    expect((await term.result()).status).toBe(0);
  });

  test.skipIf(!has('terraform'))('Go reads on another thread: terraform console at its prompt is idle (needs terraform on PATH)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf-tf-'));
    try {
      const term = terminal(['terraform', 'console'], { cwd: dir });
      await term.waitFor(/> /u, "terraform console's prompt");
      // Its prompt is `> `, a REPL's own: once read as such it is idle, never blocked.
      const rs = await until(term, 'idle', (r) => last(r)?.state === 'idle');
      expect(rs.some((r) => r.state === 'blocked')).toBe(false);
      term.write('exit\r');
      await term.result();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a program that only prints `Continue? [y/N]` while it is not reading is working, not blocked', async () => {
    const term = terminal(['sh', '-c', 'echo "Continue? [y/N]"; sleep 2; exit 0']);
    const result = await term.result();
    expect(states(result.output)).not.toContain('blocked:question');
    expect(states(result.output)[0]).toBe('working');
  });

  test('a REPL at its prompt (python without readline) and a pager are idle, never blocked', async () => {
    const repl = terminal(['python3', '-q', '-c', 'import code; code.InteractiveConsole().raw_input = input; code.interact(banner="", exitmsg="")']);
    await until(repl, 'idle', (r) => last(r)?.state === 'idle');
    repl.write('exit()\r');
    expect(states((await repl.result()).output)).not.toContain('blocked:question');
    const pager = terminal(['less', '/etc/passwd']);
    await until(pager, 'idle', (r) => last(r)?.state === 'idle');
    pager.write('q');
    expect(states((await pager.result()).output).filter((s) => s.startsWith('blocked'))).toEqual([]);
  });
});

describe("a plain program's lifecycle", () => {
  test('a 4 s build reads working, then done at its status-0 exit', async () => {
    const result = await runInTerminal(['sh', '-c', 'echo compiling; sleep 4; echo built'], { env: { HOME: home } });
    expect(result.status).toBe(0);
    const rs = reports(result.output);
    expect(rs.map((r) => r.state)).toEqual(['working', 'done']);
    expect(last(rs)?.msg).toBe('sh finished');
  });

  test('a failing build reads error naming the status', async () => {
    const result = await runInTerminal(['sh', '-c', 'echo compiling; sleep 1; exit 2'], { env: { HOME: home } });
    expect(result.status).toBe(2);
    expect(last(reports(result.output))).toMatchObject({ state: 'error', msg: 'sh exited with status 2' });
  });

  test('a run shorter than --done-after leaves nothing: working is cleared at the exit', async () => {
    const result = await runInTerminal(['--done-after', '10', 'sh', '-c', 'echo compiling; sleep 1.5'], { env: { HOME: home } });
    expect(reports(result.output).map((r) => r.state)).toEqual(['working', 'clear']);
  });

  // A raw-mode program (cbreak, as clack's and inquirer's prompts set it) reads a key, then spins: its output never
  // pauses long enough to read the terminal again, so the raw mode read at the question is stale; it works.
  const SPIN = [
    'import sys, termios, time, tty',
    'fd = sys.stdin.fileno(); saved = termios.tcgetattr(fd); tty.setcbreak(fd)',
    'sys.stdout.write("Press a key to install "); sys.stdout.flush(); sys.stdin.read(1)',
    'end = time.time() + 3',
    'while time.time() < end:',
    '    sys.stdout.write("\\r" + "|/-\\\\"[int(time.time() * 12) % 4] + " Installing dependencies"); sys.stdout.flush(); time.sleep(0.08)',
    'termios.tcsetattr(fd, termios.TCSADRAIN, saved); print()',
  ].join('\n');
  const ECHO = [
    'import sys, termios, tty',
    'fd = sys.stdin.fileno(); saved = termios.tcgetattr(fd); tty.setcbreak(fd)',
    'sys.stdout.write("notes> "); sys.stdout.flush()',
    'while (c := sys.stdin.read(1)) != "q": sys.stdout.write(c); sys.stdout.flush()',
    'termios.tcsetattr(fd, termios.TCSADRAIN, saved)',
  ].join('\n');

  test.skipIf(process.platform !== 'linux')('a raw-mode program that spins after its question works; one that echoes typing stays at rest', async () => {
    const spin = terminal(['python3', '-c', SPIN]);
    await until(spin, 'at rest at its question', (r) => last(r)?.state === 'idle');
    spin.write('x');
    const spun = reports((await spin.result()).output).map((r) => r.state);
    expect(spun.slice(spun.indexOf('idle'))).toEqual(['idle', 'working', 'done']);

    const editor = terminal(['python3', '-c', ECHO]);
    await until(editor, 'at rest at its prompt', (r) => last(r)?.state === 'idle');
    for (let i = 0; i < 30; i++) {
      editor.write('a');
      await new Promise((r) => setTimeout(r, 80));
    }
    const typed = reports(editor.output()).map((r) => r.state);
    editor.write('q');
    await editor.result();
    expect(typed.slice(typed.indexOf('idle'))).toEqual(['idle']);
  });

  test('a run that floods without a pause still reports done at its end', async () => {
    const result = await runInTerminal(['--done-after', '1', 'sh', '-c', 'end=$(($(date +%s) + 2)); while [ $(date +%s) -lt $end ]; do seq 1 2000; done'], {
      env: { HOME: home },
    });
    expect(result.status).toBe(0);
    expect(last(reports(result.output))?.state).toBe('done');
  });
});

describe.skipIf(!has('bash'))("a wrapped bash's commands (OSC 133 marks added for the session)", () => {
  test('a long command is working, then done; a failing one error with its status; a short one nothing', async () => {
    const term = terminal(['--done-after', '1', 'bash']);
    await until(term, 'idle at the prompt', (r) => last(r)?.state === 'idle');
    term.write('sleep 2\r');
    await until(term, 'done', (r) => last(r)?.state === 'done');
    term.write('sleep 2; false\r');
    let rs = await until(term, 'error', (r) => last(r)?.state === 'error');
    expect(last(rs)?.msg).toBe('command exited with status 1');
    const before = rs.length;
    term.write('true\r');
    term.write('exit 0\r');
    const result = await term.result();
    rs = reports(result.output);
    // `true` is short: nothing between the error and the exit's clear.
    expect(rs.slice(before).map((r) => r.state)).toEqual(['clear']);
    expect(rs.map((r) => r.state)).toEqual(['idle', 'working', 'done', 'working', 'error', 'clear']);
  });

  test('a command asking for a line inside the shell reads question, and the prompt drops it', async () => {
    const term = terminal(['bash']);
    await until(term, 'idle at the prompt', (r) => last(r)?.state === 'idle');
    term.write('read -r -p "Deploy to which region? " r\r');
    const rs = await until(term, 'the question', (r) => last(r)?.state === 'blocked');
    expect(last(rs)).toMatchObject({ kind: 'question', msg: 'Deploy to which region?' });
    term.write('eu\r');
    await until(term, 'idle again', (r) => last(r)?.state === 'idle');
    term.write('exit\r');
    await term.result();
  });
});

describe.skipIf(!has('terraform'))('terraform apply (needs terraform on PATH; terraform_data needs no provider download)', () => {
  let project = '';
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'osf-tf-'));
    writeFileSync(
      join(project, 'main.tf'),
      [
        'resource "terraform_data" "web" { input = "web" }',
        'resource "terraform_data" "db" { input = "db" }',
        'variable "region" { type = string }',
        'variable "token" {',
        '  type      = string',
        '  sensitive = true',
        '}',
        '',
      ].join('\n'),
    );
    execFileSync('terraform', ['init', '-input=false'], { cwd: project, stdio: 'ignore', env: { ...process.env, HOME: home } });
  });
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test('a variable is a question naming it, a sensitive one auth, the approval permission with the plan; `yes` leaves blocked', async () => {
    const term = terminal(['terraform', 'apply'], { cwd: project });
    let rs = await until(term, 'the variable', (r) => last(r)?.msg === 'Enter a value for var.region');
    expect(last(rs)).toMatchObject({ state: 'blocked', kind: 'question', app: 'terraform' });
    term.write('eu-west-1\r');
    rs = await until(term, 'the sensitive variable', (r) => last(r)?.msg === 'Enter a value for var.token');
    expect(last(rs)?.kind).toBe('auth');
    term.write('s3cret\r');
    rs = await until(term, 'the approval', (r) => last(r)?.kind === 'permission');
    expect(last(rs)).toMatchObject({ state: 'blocked', msg: 'Plan: 2 to add, 0 to change, 0 to destroy.' });
    term.write('yes\r');
    const result = await term.result();
    expect(result.status).toBe(0);
    const after = reports(result.output).slice(rs.length);
    expect(after.some((r) => r.state === 'blocked')).toBe(false);
    expect(result.output.toString('latin1')).not.toContain('s3cret');
  });
});

// whiptail and dialog (Debian's packages; .ci/run installs them) draw in raw mode: only the box's shape tells.
describe.skipIf(!has('whiptail') || !has('dialog'))('whiptail and dialog boxes (skipped: whiptail or dialog is not installed)', () => {
  const cases: Array<[string, string[], Partial<Report>, string]> = [
    [
      'a yes/no box that asks to delete: permission, its whole text without the frame',
      ['whiptail', '--yesno', 'Delete the old backups in /var/backups? This frees about 2 GB of disk space on the root file system.', '10', '60'],
      { state: 'blocked', kind: 'permission', msg: 'Delete the old backups in /var/backups? This frees about 2 GB of disk space on the root file system.' },
      '\t\r', // to <No>, Enter
    ],
    ['a menu: question, its prompt', ['whiptail', '--title', 'Deploy', '--menu', 'Pick a target', '15', '60', '4', 'dev', 'Development', 'prod', 'Production'], { state: 'blocked', kind: 'question', msg: 'Pick a target' }, '\r'],
    ['a password box: auth', ['whiptail', '--passwordbox', 'Enter the vault password', '8', '50'], { state: 'blocked', kind: 'auth', msg: 'Enter the vault password' }, 's3cret\r'],
    ["dialog's yes/no: permission", ['dialog', '--yesno', 'Overwrite config.toml?', '8', '50'], { state: 'blocked', kind: 'permission', msg: 'Overwrite config.toml?' }, '\r'],
  ];
  test.each(cases)('%s', async (_name, command, expected, answer) => {
    const term = terminal(command);
    const rs = await until(term, 'blocked', (r) => last(r)?.state === 'blocked');
    expect(last(rs)).toMatchObject(expected);
    term.write(answer);
    const result = await term.result();
    // Answered at once: a short run, and the box is gone, so its record is cleared.
    expect(last(reports(result.output))?.state).not.toBe('blocked');
  });
});
