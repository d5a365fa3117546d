// The foreground reader on both of its paths, side by side on one real PTY: /proc (Linux) and the name
// node-pty gives (`IPty.process`, all there is on macOS). The name path is taken by telling the reader
// that /proc is unavailable; the names themselves come from node-pty reading a real terminal.
import { chmodSync, copyFileSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { foregroundSource, type ForegroundSource } from '../../src/pty/foreground.js';
import { PtySession } from '../../src/pty/pty-session.js';
import { ForegroundRules, type RuleChoice } from '../../src/session/foreground-rules.js';
import { BUILT_IN_FALLBACK, loadRuleCatalog } from '../../src/rule-files/load.js';
import { CHILDREN } from './support/outer-terminal.js';

/** `claude` as npm installs it: a node script (its foreground process is `node …/claude`). */
const scriptDir = mkdtempSync(join(tmpdir(), 'osf-fg-script-'));
copyFileSync(join(CHILDREN, 'claude-lookalike.mjs'), join(scriptDir, 'claude'));
chmodSync(join(scriptDir, 'claude'), 0o755);
/** `claude` as a native binary: here `sleep` under that name (its foreground process is `claude`). */
const binaryDir = mkdtempSync(join(tmpdir(), 'osf-fg-binary-'));
symlinkSync(execFileSync('sh', ['-c', 'command -v sleep'], { encoding: 'utf8' }).trim(), join(binaryDir, 'claude'));

const BASE: RuleChoice = { app: 'bash', rules: BUILT_IN_FALLBACK };
const agents = loadRuleCatalog({ env: {} }).active.filter((e) => e.commands.length > 0);
const rulesFor = (source: ForegroundSource): ForegroundRules => new ForegroundRules(source, BASE, agents);

const sessions: PtySession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) {
    s.kill('SIGKILL');
    s.dispose();
  }
});

function shell(file: string, args: string[]): PtySession {
  const session = new PtySession({
    file,
    args,
    cols: 80,
    rows: 24,
    cwd: tmpdir(),
    env: { ...process.env, PS1: 'PROMPT$ ', TERM: 'xterm-256color' },
    term: 'xterm-256color',
  });
  sessions.push(session);
  return session;
}

/** Polls `read` until `ok` holds on its value (a hang guard of 20 s, not a speed bound). */
async function until<T>(read: () => T, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(process.platform !== 'linux')('the foreground source: /proc and node-pty’s name side by side', () => {
  test('what each path knows of the shell, a native `claude`, a node `claude` and another command', async () => {
    const session = shell('bash', ['--norc', '--noprofile', '-i']);
    // Not before bash runs: for a moment after the fork the process is still node (the shim's first
    // look is 500 ms after the start).
    await until(() => session.foregroundName(), (n) => n === 'bash', 'bash to start');
    const options = { childPid: () => session.pid, ptyName: () => session.foregroundName(), command: 'bash' };
    const byProc = rulesFor(foregroundSource({ ...options, proc: true }));
    const rawName = foregroundSource({ ...options, proc: false });
    const byName = rulesFor(rawName);
    const view = (): string => {
      const p = byProc.poll();
      const n = byName.poll();
      return `proc: ${p?.away} ${p?.rules.app} | name: ${n?.away} ${n?.rules.app}`;
    };

    // The shell in front: neither path sees a program away. The first name read is the shell's own.
    expect(await until(view, (v) => v === 'proc: false bash | name: false bash', 'the shell')).toBeTruthy();
    expect(session.foregroundName()).toBe('bash');

    // A native binary named `claude`: its name alone picks Claude Code's rules.
    session.write(Buffer.from(`${join(binaryDir, 'claude')} 30\r`));
    await until(view, (v) => v === 'proc: true claude-code | name: true claude-code', 'the native claude');
    expect(rawName()).toEqual({ away: true, argv: [join(binaryDir, 'claude')], nameOnly: true });
    session.write(Buffer.from('\x03'));
    await until(view, (v) => v === 'proc: false bash | name: false bash', 'the shell back');

    // `node …/claude`: /proc finds the script's name; the name is only `node`, which no rule set lists,
    // so the session keeps its own rules (and counts as working while a program runs).
    session.write(Buffer.from(`${join(scriptDir, 'claude')} 30000\r`));
    await until(view, (v) => v === 'proc: true claude-code | name: true bash', 'the node claude');
    expect(rawName()).toEqual({ away: true, argv: ['node'], nameOnly: true });
    session.write(Buffer.from('\x03'));
    await until(view, (v) => v === 'proc: false bash | name: false bash', 'the shell back');

    // Any other command: away on both paths, with the session's own rules.
    session.write(Buffer.from('sleep 30\r'));
    await until(view, (v) => v === 'proc: true bash | name: true bash', 'sleep');
    expect(rawName()?.argv).toEqual(['sleep']);
    session.write(Buffer.from('\x03'));
    await until(view, (v) => v === 'proc: false bash | name: false bash', 'the shell back');
  });

  test('a shell whose name differs from its command is known by the first name read', async () => {
    // `bash` that renames itself, as macOS's /bin/sh runs as `bash`: the command says `bash`, node-pty `osfsh`.
    const session = shell('bash', ['-c', 'exec -a osfsh bash --norc --noprofile -i']);
    await until(() => session.foregroundName(), (n) => n === 'osfsh', 'the renamed shell');
    const source = foregroundSource({ childPid: () => session.pid, ptyName: () => session.foregroundName(), command: 'bash', proc: false });
    expect(source()).toEqual({ away: false, argv: ['osfsh'], nameOnly: true });
    session.write(Buffer.from('sleep 30\r'));
    expect(await until(source, (f) => f?.away === true, 'sleep')).toEqual({ away: true, argv: ['sleep'], nameOnly: true });
    session.write(Buffer.from('\x03'));
    // Just after ^C the name may still be a forked bash's for a moment (not away either): wait for the shell's own.
    expect(await until(source, (f) => f?.away === false && f.argv[0] === 'osfsh', 'the shell back')).toEqual({ away: false, argv: ['osfsh'], nameOnly: true });
  });

  test('nothing is read once the session is gone', async () => {
    const session = shell('sh', ['-c', 'exit 0']);
    await session.exited();
    session.dispose();
    expect(session.foregroundName()).toBeUndefined();
    const source = foregroundSource({ childPid: () => session.pid, ptyName: () => session.foregroundName(), command: 'sh', proc: false });
    expect(source()).toBeUndefined();
    expect(foregroundSource({ childPid: () => session.pid, ptyName: () => undefined, command: 'sh', proc: true })()).toBeUndefined();
  });
});
