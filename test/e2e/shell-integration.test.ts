// `osf7501 bash` / `osf7501 zsh`: the shell writes OSC 133 marks for this session only; the user's startup still runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OuterTerminal } from './support/outer-terminal.js';

const has = (program: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The OSC 133 marks in the output, in order, as `A`, `C`, `D;1`… */
const marks = (output: Buffer): string[] => [...output.toString('latin1').matchAll(/\x1b\]133;([^\x07\x1b]*)/g)].map((m) => m[1] as string);
const privateDirs = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith('osf7501-shell-'));

async function session(shell: string, args: string[], rc: [string, string], input: string[]): Promise<{ out: string; marks: string[]; home: string[] }> {
  const home = mkdtempSync(join(tmpdir(), 'osf-shell-home-'));
  writeFileSync(join(home, rc[0]), rc[1]);
  const term = new OuterTerminal([shell, ...args], { env: { HOME: home } });
  for (const line of input) {
    const before = marks(term.output()).filter((m) => m === 'A').length;
    await term.waitFor(() => marks(term.output()).filter((m) => m === 'A').length >= 1 && before >= 0, 'a prompt');
    term.write(`${line}\r`);
    await term.waitFor(() => marks(term.output()).filter((m) => m === 'A').length > before || line === 'exit', `after ${line}`);
  }
  const result = await term.result();
  return { out: result.output.toString('latin1'), marks: marks(result.output), home: readdirSync(home) };
}

describe('bash', () => {
  test('C, D;status and A come in order; the alias, PROMPT_COMMAND and $? are the user\'s; nothing is left', async () => {
    const before = privateDirs();
    const r = await session('bash', [], ['.bashrc', "alias hi='echo ALIAS_OK'\nPROMPT_COMMAND='echo USER_PC'\n"], ['hi', 'false', 'echo "S=$?"', 'exit']);
    expect(r.out).toContain('ALIAS_OK');
    expect(r.out).toContain('USER_PC');
    expect(r.out).toContain('S=1');
    expect(r.marks.filter((m) => m !== 'B')).toEqual(['A', 'C', 'D;0', 'A', 'C', 'D;1', 'A', 'C', 'D;0', 'A', 'C']);
    expect(r.home.filter((n) => n !== '.bash_history')).toEqual(['.bashrc']);
    expect(privateDirs()).toEqual(before);
  });

  test('--no-hooks adds no marks to an interactive bash (which has them without it), and its rc file still runs', async () => {
    const home = mkdtempSync(join(tmpdir(), 'osf-shell-home-'));
    writeFileSync(join(home, '.bashrc'), "PS1='NOHOOKS$ '\n");
    const term = new OuterTerminal(['--no-hooks', 'bash'], { env: { HOME: home } });
    await term.waitFor(() => term.output().toString('latin1').includes('NOHOOKS$ '), 'the prompt of the user\'s .bashrc');
    term.write('echo "RAN=$((6*7))"\r');
    await term.waitFor(() => term.output().toString('latin1').includes('RAN=42'), 'the command');
    term.write('exit\r');
    const result = await term.result();
    expect(marks(result.output)).toEqual([]);
    // The same session without the flag is marked: the test above shows it, and this one has its own check.
    const marked = await session('bash', [], ['.bashrc', "PS1='HOOKS$ '\n"], ['true', 'exit']);
    expect(marked.marks).toContain('A');
  });

  test('bash -c gets nothing', async () => {
    const result = await new OuterTerminal(['bash', '-c', 'echo hi; echo $BASH_ARGV0'], {}).result();
    expect(result.output.toString()).toContain('hi');
    expect(marks(result.output)).toEqual([]);
  });
});

describe.skipIf(!has('zsh'))('zsh (zsh is not installed)', () => {
  test('C, D;status and A come in order; the alias, precmd and $? are the user\'s; ZDOTDIR is back', async () => {
    const before = privateDirs();
    const r = await session('zsh', [], ['.zshrc', "alias hi='echo ALIAS_OK'\nprecmd() { echo USER_PRE }\n"], ['hi', 'false', 'echo "S=$? Z=${ZDOTDIR-unset}"', 'exit']);
    expect(r.out).toContain('ALIAS_OK');
    expect(r.out).toContain('USER_PRE');
    expect(r.out).toContain('S=1 Z=unset');
    expect(r.marks.filter((m) => m !== 'B')).toEqual(['A', 'C', 'D;0', 'A', 'C', 'D;1', 'A', 'C', 'D;0', 'A', 'C']);
    expect(r.home).toEqual(['.zshrc']);
    expect(privateDirs()).toEqual(before);
  });
});
