// The terminal watch reads only while the terminal's state counts: an agent's session spawns no `stty` for it, a
// program asking in a wrapped shell after an agent has left is still read (echo off, a line read), and a recording
// of an agent still gets the states as markers. Real PTYs, the real shim, real bash and the real stty, which a
// script on PATH counts (its `-F /dev/pts/N -g` runs are the watch's; the launcher's own stty runs have no -F).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ReportExtractor } from '../../src/protocol/index.js';
import { CHILDREN, OuterTerminal } from './support/outer-terminal.js';

const bin = mkdtempSync(join(tmpdir(), 'osf-watch-gate-'));
const sttyLog = join(bin, 'stty.log');
const realStty = execFileSync('sh', ['-c', 'command -v stty'], { encoding: 'utf8' }).trim();
writeFileSync(join(bin, 'stty'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${sttyLog}'\nexec '${realStty}' "$@"\n`);
chmodSync(join(bin, 'stty'), 0o755);
// Claude Code's name (its rules, an agent's), painting its permission dialog for $LOOK_MS ms: the hook arguments the
// shim adds for `claude` are left alone.
const lookalike = readFileSync(join(CHILDREN, 'claude-lookalike.mjs'), 'utf8').replace(
  'Number(process.argv[2] ?? 2500)',
  "Number(process.env['LOOK_MS'] ?? 2500)",
);
if (!lookalike.includes('LOOK_MS')) throw new Error('test/children/claude-lookalike.mjs changed: its delay is no longer argv[2]');
writeFileSync(join(bin, 'claude'), lookalike);
chmodSync(join(bin, 'claude'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** The watch's stty runs so far (`-F /dev/pts/N -g`). */
function watchSttyRuns(): number {
  let text = '';
  try {
    text = readFileSync(sttyLog, 'utf8');
  } catch {
    return 0;
  }
  return text.split('\n').filter((line) => line.startsWith('-F ')).length;
}

function decoded(output: Buffer): string[] {
  return new ReportExtractor().push(output).flatMap((e) => {
    if (e.parsed.type !== 'report') return [];
    const r = e.parsed.report;
    return [[r.state, r.kind, r.app, r.msg].filter((x) => x !== undefined).join(' ')];
  });
}

const env = { PS1: 'PROMPT$ ', PATH: `${bin}:${process.env['PATH']}`, HOME: bin };

describe.skipIf(process.platform !== 'linux')('the terminal watch reads only while its state counts (Linux: /proc, stty)', () => {
  test("an agent's own session spawns no stty for the watch, and its dialog is still blocked", async () => {
    const before = watchSttyRuns();
    // The lookalike paints Claude Code's permission dialog and waits 3 s: before, the first sweep waited for a read.
    const term = new OuterTerminal(['claude'], { env: { ...env, LOOK_MS: '3000' } });
    await term.waitFor(() => decoded(term.output()).some((r) => r.startsWith('blocked permission claude-code')), 'blocked');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(decoded(result.output)[0]).toBe('blocked permission claude-code approve Bash: rm -rf build');
    expect(watchSttyRuns() - before).toBe(0);
  });

  test('in a wrapped shell, after an agent has left, a secret (echo off) and a line read are read again', async () => {
    const term = new OuterTerminal(['bash', '--norc', '--noprofile', '-i'], { env });
    await term.waitFor(() => decoded(term.output()).includes('idle bash'), 'the idle shell');
    term.write('LOOK_MS=1500 claude\r');
    await term.waitFor(() => decoded(term.output()).some((r) => r.startsWith('blocked permission claude-code')), "the agent's dialog");
    await term.waitFor(() => decoded(term.output()).at(-1) === 'idle bash', 'the shell back, idle');
    const afterAgent = watchSttyRuns();
    term.write('read -r -s -p "Vault secret: " s; echo\r');
    await term.waitFor(() => decoded(term.output()).at(-1) === 'blocked auth bash Vault secret:', 'blocked:auth');
    term.write('hunter2\r');
    await term.waitFor(() => !decoded(term.output()).at(-1)!.startsWith('blocked'), 'the secret answered');
    term.write('read -r -p "Deploy to which region? " r\r');
    await term.waitFor(() => decoded(term.output()).at(-1) === 'blocked question bash Deploy to which region?', 'the question');
    term.write('eu\r');
    await term.waitFor(() => !decoded(term.output()).at(-1)!.startsWith('blocked'), 'the question answered');
    term.write('exit\r');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString('latin1')).not.toContain('hunter2');
    // The echo off was the terminal's word, read with stty once the shell had the terminal again.
    expect(watchSttyRuns()).toBeGreaterThan(afterAgent);
  });

  test('a recording of an agent still gets the terminal states as markers', async () => {
    const cast = join(bin, 'agent.cast');
    const term = new OuterTerminal(['record', '-o', cast, 'claude'], { env: { ...env, LOOK_MS: '1500' } });
    expect((await term.result()).status).toBe(0);
    const markers = readFileSync(cast, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"m"') && line.includes('osf7501:terminal'));
    expect(markers.length).toBeGreaterThan(0);
  });
});
