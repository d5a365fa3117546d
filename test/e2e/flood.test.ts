// A flood of output (far more than the screen may hold between two sweeps): the terminal gets every
// byte at full speed while the screen skips to the flood's tail, and a prompt drawn after it is still
// reported. The rules are the generic ones (`Password:` → blocked:auth), the child a plain shell.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { extractAll } from '../../src/protocol/index.js';
import { SCREEN_BACKLOG_BYTES } from '../../src/screen/output-backlog.js';
import { OuterTerminal, splitReports } from './support/outer-terminal.js';

const LINE = 'flood 0123456789 abcdefghijklmnopqrstuvwxyz \x1b[32mgreen\x1b[0m';
/** About 12 MB: more than twenty times the backlog, so the screen must skip. */
const LINES = 200_000;

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('a flood of output', () => {
  test('every byte reaches the terminal in order, and the prompt after it is reported blocked', async () => {
    const flood = Buffer.from(`${LINE}\r\n`.repeat(LINES)); // the PTY turns each \n into \r\n
    expect(flood.length).toBeGreaterThan(20 * SCREEN_BACKLOG_BYTES);
    // awk, not a shell loop: the lines must come as fast as the PTY takes them.
    const fast = `awk 'BEGIN { for (i = 0; i < ${LINES}; i++) print "${LINE.replace(/\x1b/g, '\\033')}" }'; printf 'Password: '; read answer; exit 3`;
    const term = new OuterTerminal(['sh', '-c', fast]);
    await term.waitFor(() => /\x1b\]7501;state=blocked[^\x1b]*\x1b\\/.test(term.tail(2048).toString('latin1')), 'the blocked report after the flood');
    term.write('x\r');
    const result = await term.result();
    expect(result.status).toBe(3);

    const { bytes } = splitReports(result.output);
    const prompt = Buffer.from('Password: ');
    expect(sha(bytes.subarray(0, flood.length))).toBe(sha(flood));
    expect(bytes.subarray(flood.length, flood.length + prompt.length).toString()).toBe('Password: ');

    const reports = extractAll(result.output).map((r) => (r.parsed.type === 'report' ? r.parsed.report : undefined));
    const blocked = reports.findIndex((r) => r?.state === 'blocked');
    expect(reports[blocked]).toMatchObject({ state: 'blocked', kind: 'auth', msg: 'Password:' });
    expect(reports.at(-1)).toMatchObject({ state: 'error', msg: 'sh exited with status 3' });
  });
});
