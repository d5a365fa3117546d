// `osf7501 bash`: the foreground program decides — a command running is working, an agent started
// from the shell is classified by its own rules, and the shell back in front clears the agent's record.
import { copyFileSync, chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ReportExtractor } from '../../src/protocol/index.js';
import { CHILDREN, OuterTerminal } from './support/outer-terminal.js';

const bin = mkdtempSync(join(tmpdir(), 'osf-fg-bin-'));
copyFileSync(join(CHILDREN, 'claude-lookalike.mjs'), join(bin, 'claude'));
chmodSync(join(bin, 'claude'), 0o755);

function decoded(output: Buffer): string[] {
  return new ReportExtractor().push(output).flatMap((e) => {
    if (e.parsed.type !== 'report') return [];
    const r = e.parsed.report;
    return [[r.state, r.kind, r.app, r.msg].filter((x) => x !== undefined).join(' ')];
  });
}

const shell = (): OuterTerminal =>
  new OuterTerminal(['bash', '--norc', '--noprofile', '-i'], {
    env: { PS1: 'PROMPT$ ', PATH: `${bin}:${process.env['PATH']}` },
  });

describe.skipIf(process.platform !== 'linux')('the foreground program (Linux: /proc)', () => {
  test('a silent command in the wrapped shell is working, and its end is done', async () => {
    const term = shell();
    await term.waitFor(() => decoded(term.output()).includes('idle bash'), 'the idle shell');
    term.write('sleep 2\r');
    await term.waitFor(() => decoded(term.output()).includes('done bash'), 'done');
    term.write('exit\r');
    const result = await term.result();
    expect(decoded(result.output)).toEqual(['idle bash', 'working bash', 'done bash', 'clear']);
  });

  test('an agent started from the shell gets its own rules; when the shell is back its record is cleared', async () => {
    const term = shell();
    await term.waitFor(() => decoded(term.output()).includes('idle bash'), 'the idle shell');
    term.write('claude\r');
    await term.waitFor(() => decoded(term.output()).some((r) => r.startsWith('blocked')), 'blocked');
    await term.waitFor(() => decoded(term.output()).at(-1) === 'idle bash', 'the shell back, idle');
    term.write('exit\r');
    const result = await term.result();
    const reports = decoded(result.output);
    const blocked = reports.indexOf('blocked permission claude-code approve Bash: rm -rf build');
    expect(blocked).toBeGreaterThan(0);
    // Once the agent has gone, its record ends (done as its dialog vanishes, then clear when the
    // shell is back in front): never a stale blocked.
    const after = reports.slice(blocked + 1);
    const back = after.indexOf('idle bash');
    expect(back).toBeGreaterThan(0);
    expect(after.slice(0, back).every((r) => r === 'clear' || r === 'done claude-code')).toBe(true);
    expect(after[back - 1]).toBe('clear');
    expect(reports.at(-1)).toBe('clear');
  });
});
