// The start-up order through a real PTY: the child spawns before reporting is built (no --log, no user rule
// files, no --title), so its first bytes go to the terminal while reporting loads. They must arrive exact and
// in order, and the report gate, the shadow screen and the native bridge must still see every one of them:
// a dialog drawn in the child's first write and never redrawn is reported blocked; an OSC 7501 query in the
// first write is answered once, before the outer terminal sees it, whose own reply is cut.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import { CHILDREN, OuterTerminal, runInTerminal, splitReports } from './support/outer-terminal.js';

/** A dialog as TUIs draw it (test/children/menu.py's), written by `sh`'s printf the moment the child starts. */
const DIALOG = [
  '\x1b[2J\x1b[H',
  'Deploy tool 0.1\r\n\r\n',
  'Run migration 0042 on production?\r\n\r\n',
  '\u276f 1. Yes, run it now\r\n',
  '  2. Yes, and skip the smoke tests\r\n',
  '  3. No\r\n\r\n',
  'Enter to select \u00b7 Esc to cancel',
].join('');
const DIALOG_BYTES = Buffer.from(DIALOG, 'utf8');

function reports(output: Buffer): Report[] {
  return extractAll(output).flatMap((found) => (found.parsed.type === 'report' ? [found.parsed.report] : []));
}

let home = '';
beforeAll(() => {
  // An empty config folder: no user rule files, no config file, whatever the machine running the tests has.
  home = mkdtempSync(join(tmpdir(), 'osf-startup-'));
});
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('the child runs before reporting is built', () => {
  test('a dialog in its first write, then silence: the bytes arrive exact, the dialog is reported blocked', async () => {
    // The dialog's bytes as printf's octal escapes (no % or \ in them), so sh writes them in one go at its start.
    const octal = [...DIALOG_BYTES].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
    const term = new OuterTerminal(['sh', '-c', `printf '${octal}'; read answer; printf '\\r\\nchose %s\\r\\n' "$answer"`], {
      env: { XDG_CONFIG_HOME: home },
    });
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'the blocked report');
    term.write('3\r');
    const result = await term.result();
    expect(result.status).toBe(0);
    const { bytes } = splitReports(result.output);
    // Exactly the child's bytes, in order, as its PTY (cooked: \n becomes \r\n) hands them over: the dialog,
    // the echo of the answer, its last line.
    const onlcr = (text: string): string => text.replace(/\n/g, '\r\n');
    expect(bytes.toString('utf8')).toBe(`${onlcr(DIALOG)}3\r\n${onlcr('\r\nchose 3\r\n')}`);
    const blocked = reports(result.output).find((r) => r.state === 'blocked');
    expect(blocked).toMatchObject({ state: 'blocked', kind: 'permission', app: 'sh', msg: 'Run migration 0042 on production?' });
    expect(reports(result.output).at(-1)).toMatchObject({ state: 'clear' });
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test('a flood first (past the 512 KB kept while reporting waits), then a password prompt: every byte arrives in order, the prompt is reported from the flood\'s tail', async () => {
    const lines = 200_000; // ~1.3 MB of `seq`: reporting loads once it pauses, at the prompt
    const term = new OuterTerminal(['sh', '-c', `seq 1 ${lines}; printf 'Password: '; read answer; exit 0`], { env: { XDG_CONFIG_HOME: home } });
    await term.waitFor(() => reports(term.output()).some((r) => r.state === 'blocked'), 'the blocked report');
    term.write('x\r');
    const result = await term.result();
    expect(result.status).toBe(0);
    let expected = '';
    for (let i = 1; i <= lines; i++) expected += `${i}\r\n`;
    expect(splitReports(result.output).bytes.toString('latin1')).toBe(`${expected}Password: x\r\n`);
    expect(reports(result.output)).toEqual([{ state: 'blocked', kind: 'auth', app: 'sh', msg: 'Password:' }, { state: 'clear' }]);
  });

  test('an OSC 7501 query after output that never paused: the query is answered before the terminal sees it', async () => {
    // ~0.7 MB of `seq`, the query in the same stream, then the agent counts the replies.
    const agent = join(CHILDREN, 'native-agent.mjs');
    const script = `stty raw -echo; seq 1 100000; printf '\\033]7501;?\\007\\033[c'; exec "$0" "$1" 1500 --asked`;
    const term = new OuterTerminal(['sh', '-c', script, process.execPath, agent], { env: { XDG_CONFIG_HOME: home } });
    await term.waitFor(/\x1b\]7501;\?\x07/);
    term.write('\x1b]7501;?\x1b\\\x1b[?62;22c');
    term.write('typed');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString('latin1')).toContain('REPLIES 1 REST "typed"');
  });

  test('an OSC 7501 query in its first write: the shim answers it before the terminal sees it; the terminal\'s reply is cut', async () => {
    // sh writes the query and DA1 at once, then the agent (node, which takes longer to start) counts the replies.
    const agent = join(CHILDREN, 'native-agent.mjs');
    const script = `stty raw -echo; printf '\\033]7501;?\\007\\033[c'; exec "$0" "$1" 1500 --asked`;
    const term = new OuterTerminal(['sh', '-c', script, process.execPath, agent], { env: { XDG_CONFIG_HOME: home } });
    await term.waitFor(/\x1b\]7501;\?\x07/);
    term.write('\x1b]7501;?\x1b\\\x1b[?62;22c'); // what a 7501-aware terminal answers
    term.write('typed');
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(result.output.toString('latin1')).toContain('REPLIES 1 REST "typed"');
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test('except with user rule files: a bad one still stops the run before the child starts (one line, status 2)', async () => {
    const config = mkdtempSync(join(tmpdir(), 'osf-startup-rules-'));
    try {
      mkdirSync(join(config, 'osf7501', 'rules'), { recursive: true });
      writeFileSync(join(config, 'osf7501', 'rules', 'mine.toml'), 'app = "mine"\ncommands = [\n');
      const marker = join(config, 'ran');
      const result = await runInTerminal(['sh', '-c', `touch '${marker}'`], { env: { XDG_CONFIG_HOME: config } });
      expect(result.status).toBe(2);
      expect(result.output.toString('utf8')).toMatch(/^osf7501: .*mine\.toml.*\r?\n$/);
      expect(existsSync(marker)).toBe(false);
      expect(result.sttyAfter).toBe(result.sttyBefore);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });
});
