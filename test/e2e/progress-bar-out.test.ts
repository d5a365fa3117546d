// ConEmu's OSC 9;4 bar beside the reports, under the real shim at a real PTY: written where the environment names a
// terminal that draws it, in step with the session's state; nowhere else; never over the program's own bar;
// again every re-send interval while shown (shortened here through OSF7501_PROGRESS_RESEND_MS).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHILDREN, OuterTerminal } from './support/outer-terminal.js';
import { waitUntil } from './support/wait-until.js';

/** Every variable a terminal could be detected by, emptied: the tests' own terminal must not leak in. */
const NO_TERMINAL = { TERM_PROGRAM: '', TERM_PROGRAM_VERSION: '', WT_SESSION: '', KITTY_WINDOW_ID: '', ConEmuANSI: '', TMUX: '', STY: '' };
const CHILD = [process.execPath, join(CHILDREN, 'progress-states.mjs')];

/** The OSC 9;4 bodies in `output` (`4;3`, `4;1;40`), in order. */
function bars(output: Buffer): string[] {
  return [...output.toString('latin1').matchAll(/\x1b\]9;(4;[0-9;]*)(?:\x1b\\|\x07)/gu)].map((m) => m[1] ?? '');
}

/** `output` as text without its OSC strings: the shim writes its own between any two of the child's bytes (`STEP 1\r` OSC `\r\n`). */
function withoutOsc(output: Buffer): string {
  return output.toString('latin1').replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/gu, '');
}

/** Once reporting runs (the shim's first report, `idle`), the child's five states, a key each, each once the last is out. */
async function drive(term: OuterTerminal): Promise<void> {
  await term.waitFor(/\x1b\]7501;state=idle:app=node/u, "the shim's first report");
  for (let i = 0; i < 5; i++) {
    term.write('k');
    const step = new RegExp(`STEP ${i}\\r+\\n`, 'u');
    await term.waitFor(() => step.test(withoutOsc(term.output())), `step ${i}`);
  }
  term.write('k');
}

/**
 * The bars from the child's first state on, after checking the ones before it: the shim's own reports before
 * the child's first (a program that starts may read working, then idle) show as indeterminate or removed only.
 */
function fromFirstState(output: Buffer, first: string): string[] {
  const seen = bars(output);
  const at = seen.indexOf(first);
  expect(at).toBeGreaterThanOrEqual(0);
  for (const before of seen.slice(0, at)) expect(['4;3', '4;0']).toContain(before);
  return seen.slice(at);
}

/** The child's OSC 7501 reports seen (outside tmux the shim copies none: they reach the terminal themselves). */
function stateChanges(output: Buffer): number {
  return (output.toString('latin1').match(/\x1b\]7501;state=[a-z]+(?::kind=[a-z]+)?(?::progress=[0-9]+)?:app=progress-states/gu) ?? []).length;
}

describe('the progress bar beside the reports', () => {
  test.each([
    ['Ghostty 1.2', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.3' }],
    ['iTerm2 3.6.6', { TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.6.6' }],
    ['Windows Terminal', { WT_SESSION: '0b7f1c2e-7d2c-4bb1-9e52-2c0d7f6b1a11' }],
    ['ConEmu', { ConEmuANSI: 'ON' }],
  ])('%s: working 40 %, blocked, error, working, done show as 1;40, 4, 2, 3 and removed', async (_name, env) => {
    const term = new OuterTerminal([...CHILD], { env: { ...NO_TERMINAL, ...env } });
    await drive(term);
    expect((await term.result()).status).toBe(0);
    expect(fromFirstState(term.output(), '4;1;40')).toEqual(['4;1;40', '4;4', '4;2', '4;3', '4;0']);
  });

  test.each([
    ['no terminal named', {}],
    ['Ghostty 1.1 (before the bar)', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.1.3' }],
    ['iTerm2 3.6.5', { TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.6.5' }],
    ['WezTerm (draws no bar itself)', { TERM_PROGRAM: 'WezTerm', TERM_PROGRAM_VERSION: '20240203-110809-5046fc22' }],
    ['Apple Terminal', { TERM_PROGRAM: 'Apple_Terminal', TERM_PROGRAM_VERSION: '455' }],
    ['Ghostty, with --progress-bar=never', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.3' }, ['--progress-bar=never']],
  ])('%s: no OSC 9;4 at all (elsewhere it is a desktop notification)', async (_name, env, flags: string[] = []) => {
    const term = new OuterTerminal([...flags, ...CHILD], { env: { ...NO_TERMINAL, ...env } });
    await drive(term);
    expect((await term.result()).status).toBe(0);
    expect(stateChanges(term.output())).toBe(5); // the reports went out
    expect(bars(term.output())).toEqual([]);
  });

  test('--progress-bar=always writes it where no terminal is named', async () => {
    const term = new OuterTerminal(['--progress-bar=always', ...CHILD], { env: NO_TERMINAL });
    await drive(term);
    expect((await term.result()).status).toBe(0);
    expect(fromFirstState(term.output(), '4;1;40')).toEqual(['4;1;40', '4;4', '4;2', '4;3', '4;0']);
  });

  test.each([
    ['0.47.0', ['4;1;40', '4;4', '4;2', '4;3', '4;0']],
    ['0.46.2', []],
  ])('kitty: its version from `kitty --version` (%s) decides', async (version, expected) => {
    // kitty itself is not installed here: a `kitty` on PATH answers --version as kitty does, and says it was asked.
    const bin = mkdtempSync(join(tmpdir(), 'osf-progress-kitty-'));
    const asked = join(bin, 'asked');
    writeFileSync(join(bin, 'kitty'), `#!/bin/sh\n[ "$1" = --version ] || exit 2\necho 'kitty ${version} created by Kovid Goyal'\n: > '${asked}'\n`);
    chmodSync(join(bin, 'kitty'), 0o755);
    const env = { ...NO_TERMINAL, KITTY_WINDOW_ID: '1', TERM: 'xterm-kitty', PATH: `${bin}:${process.env['PATH'] ?? ''}` };
    const term = new OuterTerminal([...CHILD], { env });
    await term.waitFor(/\x1b\]7501;state=idle:app=node/u, "the shim's first report");
    await waitUntil(() => existsSync(asked), 'the shim to ask kitty its version');
    await drive(term);
    expect((await term.result()).status).toBe(0);
    expect(stateChanges(term.output())).toBe(5);
    expect(expected.length === 0 ? bars(term.output()) : fromFirstState(term.output(), '4;1;40')).toEqual(expected);
  });

  test.each([
    ['Ghostty 1.2.3', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.3' }, { type: 'progress-bar', terminal: 'Ghostty 1.2.3', via: 'bare' }],
    ['no terminal named', {}, { type: 'progress-bar-off', reason: 'no terminal known to draw OSC 9;4' }],
  ])('--log says once where the bar goes, or why nowhere: %s', async (_name, env, line) => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'osf-progress-log-')), 'log.jsonl');
    const term = new OuterTerminal(['--log', logFile, ...CHILD], { env: { ...NO_TERMINAL, ...env } });
    await drive(term);
    expect((await term.result()).status).toBe(0);
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const said = lines.filter((l) => String(l['type']).startsWith('progress-bar'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject(line);
  });

  test('progress-bar = "never" in config.toml turns it off in Ghostty; --progress-bar=always on the command line wins over it', async () => {
    const config = mkdtempSync(join(tmpdir(), 'osf-progress-config-'));
    mkdirSync(join(config, 'osf7501'));
    writeFileSync(join(config, 'osf7501', 'config.toml'), 'progress-bar = "never"\n');
    const off = new OuterTerminal([...CHILD], { env: { ...NO_TERMINAL, XDG_CONFIG_HOME: config, TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.3' } });
    await drive(off);
    expect((await off.result()).status).toBe(0);
    expect(stateChanges(off.output())).toBe(5);
    expect(bars(off.output())).toEqual([]);
    const on = new OuterTerminal(['--progress-bar=always', ...CHILD], { env: { ...NO_TERMINAL, XDG_CONFIG_HOME: config } });
    await drive(on);
    expect((await on.result()).status).toBe(0);
    expect(fromFirstState(on.output(), '4;1;40')).toEqual(['4;1;40', '4;4', '4;2', '4;3', '4;0']);
  });

  test("a program's own OSC 9;4 owns the bar: the shim writes none, its bytes pass unchanged", async () => {
    const term = new OuterTerminal([...CHILD, '--own-bar'], { env: { ...NO_TERMINAL, TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.3' } });
    await drive(term);
    expect((await term.result()).status).toBe(0);
    expect(fromFirstState(term.output(), '4;1;7')).toEqual(['4;1;7']); // nothing of the shim's once the program drew its own
  });

  test('a shown bar is sent again every re-send interval, and removed at the end', async () => {
    const term = new OuterTerminal([...CHILD], { env: { ...NO_TERMINAL, TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.3', OSF7501_PROGRESS_RESEND_MS: '200' } });
    await term.waitFor(/\x1b\]7501;state=idle:app=node/u, "the shim's first report");
    term.write('k');
    await term.waitFor(() => bars(term.output()).filter((b) => b === '4;1;40').length >= 3, 'working 40 % three times');
    term.write('k');
    await term.waitFor(() => bars(term.output()).filter((b) => b === '4;4').length >= 3, 'paused three times');
    for (let i = 2; i < 5; i++) {
      term.write('k'); // error, working, done
      const step = new RegExp(`STEP ${i}\\r+\\n`, 'u');
      await term.waitFor(() => step.test(withoutOsc(term.output())), `step ${i}`);
    }
    await term.waitFor(() => bars(term.output()).at(-1) === '4;0', 'removed');
    term.write('k');
    expect((await term.result()).status).toBe(0);
    const seen = fromFirstState(term.output(), '4;1;40');
    expect(seen.indexOf('4;0')).toBe(seen.length - 1); // removed once, at the end, and nothing after
    expect(seen).toContain('4;2');
  });
});
