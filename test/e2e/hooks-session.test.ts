// `osf7501 claude` with its hooks, end to end in a real PTY: the private directory, the FIFO's path and the
// token are in claude's arguments and environment from its spawn; the FIFO itself is made after the spawn,
// and hooks fired once it exists reach the session as reports. When the FIFO cannot be made, the session
// goes on without hooks (they do nothing and exit 0) and the program's bytes and status are unchanged.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ReportExtractor } from '../../src/protocol/index.js';
import { CHILDREN, OuterTerminal } from './support/outer-terminal.js';

const bin = mkdtempSync(join(tmpdir(), 'osf-hooks-session-'));
copyFileSync(join(CHILDREN, 'hooked-claude.mjs'), join(bin, 'claude'));
chmodSync(join(bin, 'claude'), 0o755);
/** A `mkfifo` that always fails, first on PATH (the channel tries PATH's, then /usr/bin's only when none is found). */
const failingBin = join(bin, 'failing');
writeFileSync(join(bin, 'mkfifo-fails'), '#!/bin/sh\necho "mkfifo: refused" >&2\nexit 1\n');
chmodSync(join(bin, 'mkfifo-fails'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function reports(output: Buffer): string[] {
  return new ReportExtractor().push(output).flatMap((e) => (e.parsed.type === 'report' ? [`${e.parsed.report.state} ${e.parsed.report.app ?? ''}`.trim()] : []));
}

/** The FIFO's path the child printed (its directory is the session's private one). */
function fifoOf(output: Buffer): string {
  const match = /fifo (\/[^\s]+)\r/.exec(output.toString('latin1'));
  if (match === null) throw new Error(`no FIFO path in ${JSON.stringify(output.toString('latin1').slice(0, 300))}`);
  return match[1] as string;
}

describe('claude under the shim, its hooks over the session FIFO', () => {
  test('hooks fired once the FIFO exists arrive: UserPromptSubmit → working, Stop → done; the directory is gone at the end', async () => {
    const term = new OuterTerminal(['claude'], { env: { PATH: `${bin}:${process.env['PATH']}` } });
    await term.waitFor(/channel open; UserPromptSubmit: 0\r/, 'the first hook');
    await term.waitFor(() => reports(term.output()).includes('working claude-code'), 'working from the hook');
    term.write('x');
    await term.waitFor(() => reports(term.output()).includes('done claude-code'), 'done from the Stop hook');
    term.write('y');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString('latin1')).toContain('hooked claude: settings given, fifo /');
    expect(result.output.toString('latin1')).toContain('Stop: 0\r');
    // From the first hook on (the screen may have reported before it): the hooks' turn, then the end.
    const seen = reports(result.output);
    expect(seen.slice(seen.indexOf('working claude-code'))).toEqual(['working claude-code', 'done claude-code', 'clear']);
    expect(existsSync(dirname(fifoOf(result.output)))).toBe(false);
  });

  test('a FIFO that cannot be made: no hooks (they do nothing, exit 0), the program runs on, its status comes back', async () => {
    // PATH's first mkfifo fails: the channel gives up after the spawn and removes its directory.
    mkdirSync(failingBin, { recursive: true });
    copyFileSync(join(bin, 'mkfifo-fails'), join(failingBin, 'mkfifo'));
    chmodSync(join(failingBin, 'mkfifo'), 0o755);
    const term = new OuterTerminal(['claude'], { env: { PATH: `${failingBin}:${bin}:${process.env['PATH']}` } });
    await term.waitFor(/channel gone; UserPromptSubmit: 0\r/, 'the hook with no channel');
    term.write('x');
    await term.waitFor(/Stop: 0\r/, 'the Stop hook with no channel');
    term.write('y');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString('latin1')).toContain('hooked claude: settings given, fifo /');
    expect(result.output.toString('latin1')).not.toContain('osf7501:');
    // The screen alone tells the state: nothing of a turn, which only the hooks could tell here.
    expect(reports(result.output).filter((r) => r.startsWith('working') || r.startsWith('done'))).toEqual([]);
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });
});
