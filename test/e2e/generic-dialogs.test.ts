// Programs no rule set knows, under the shim with the generic rules, through a real PTY: a dialog drawn the
// way TUIs draw them reads blocked with its title as the message (the structural rule); a `[Y/n]` question
// reads blocked (the yes-no prompt rule, before the structural one); `rm -i`'s bare question, with neither
// answers nor a key hint on screen, is no dialog by shape, but rm reads a line from the terminal after it: the
// terminal's own state makes it blocked (rules/coreutils.toml gives the whole question as msg, the file named).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CHILDREN, OuterTerminal, runInTerminal } from './support/outer-terminal.js';

type LogLine = Record<string, unknown>;

function readLog(path: string): LogLine[] {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter((l) => l.trim() !== '').map((line) => JSON.parse(line) as LogLine);
}

/** The --log lines of a run of `args` under the shim. */
async function logOf(args: string[]): Promise<LogLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'osf-generic-'));
  const logFile = join(dir, 'log.jsonl');
  const result = await runInTerminal(['--log', logFile, ...args], { cwd: dir });
  expect(result.status).toBe(0);
  return readLog(logFile);
}

/** The same for a program that waits for an answer: `answer` is typed once the log shows `ready`. */
async function logOfAnswered(args: string[], answer: string, ready: (lines: LogLine[]) => boolean): Promise<LogLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'osf-generic-'));
  const logFile = join(dir, 'log.jsonl');
  const term = new OuterTerminal(['--log', logFile, ...args], { cwd: dir });
  await term.waitFor(() => ready(readLog(logFile)), 'the log to show the question classified');
  term.write(answer);
  const result = await term.result();
  expect(result.status).toBe(0);
  return readLog(logFile);
}

const blockedReports = (lines: LogLine[]): unknown[] =>
  lines.filter((l) => l['type'] === 'report' && l['state'] === 'blocked').map((l) => ({ kind: l['kind'], msg: l['msg'] }));

test('a Python program\'s numbered menu with a ❯ marker and `Esc to cancel`: blocked, permission, its title as the message', async () => {
  // Two seconds: shorter than --done-after, so its exit clears the record (a longer run would end `done`).
  const lines = await logOf(['python3', join(CHILDREN, 'menu.py'), '2']);
  expect(lines.find((l) => l['type'] === 'classification' && l['state'] === 'blocked')).toMatchObject({ rule: 'any-dialog' });
  expect(blockedReports(lines)).toEqual([{ kind: 'permission', msg: 'Run migration 0042 on production?' }]);
  // Once it has exited its frame stays above `cancelled`: not blocked any more.
  const reports = lines.filter((l) => l['type'] === 'report').map((l) => l['state']);
  expect(reports.at(-1)).toBe('clear');
  expect(reports.slice(reports.indexOf('blocked') + 1).includes('blocked')).toBe(false);
});

test('an apt-style `Do you want to continue? [Y/n]`: blocked, question (the yes-no rule)', async () => {
  const script = 'import sys\nsys.stdout.write("After this operation, 12.3 MB of additional disk space will be used.\\r\\nDo you want to continue? [Y/n] ")\nsys.stdout.flush()\nsys.stdin.readline()\nsys.stdout.write("Abort.\\r\\n")\n';
  const dir = mkdtempSync(join(tmpdir(), 'osf-apt-'));
  writeFileSync(join(dir, 'apt.py'), script);
  const lines = await logOfAnswered(['python3', join(dir, 'apt.py')], 'n\r', (log) => log.some((l) => l['type'] === 'report' && l['state'] === 'blocked'));
  expect(blockedReports(lines)).toEqual([{ kind: 'question', msg: 'Do you want to continue? [Y/n]' }]);
  expect(lines.find((l) => l['type'] === 'classification' && l['state'] === 'blocked')).toMatchObject({ rule: 'yes-no' });
});

test('`rm -i`\'s question (`rm: remove regular empty file \'x\'?`) has no shape of a dialog, but rm reads the terminal: blocked, permission, the file named', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'osf-rm-'));
  writeFileSync(join(dir, 'x'), '');
  // The first report comes once the screen has settled: the question has been on it since rm started.
  const lines = await logOfAnswered(['rm', '-i', join(dir, 'x')], 'n\r', (log) => log.some((l) => l['type'] === 'report'));
  expect(blockedReports(lines)).toEqual([{ kind: 'permission', msg: `rm: remove regular empty file '${join(dir, 'x')}'?` }]);
});

// A menu whose selection is only a colour (test/children/colour-menu.py): the shadow screen's cell attributes tell
// the selected row (reverse video, a background), and the structural rule reads the list as it reads `❯ staging`.
test.each([
  ['reverse video', 'reverse'],
  ['a background', 'background'],
])('a menu selected by %s alone reads blocked:question, its question as msg; the same rows without it are no dialog', async (_name, style) => {
  const reports = (lines: LogLine[]): LogLine[] => lines.filter((l) => l['type'] === 'report');
  const lines = await logOfAnswered(['python3', join(CHILDREN, 'colour-menu.py'), style], 'q', (l) => reports(l).some((r) => r['state'] === 'blocked'));
  const blocked = reports(lines).find((r) => r['state'] === 'blocked');
  expect(blocked).toMatchObject({ kind: 'question', msg: 'Which environment should it go to?' });

  const plain = new OuterTerminal(['--log', join(mkdtempSync(join(tmpdir(), 'osf-generic-')), 'log.jsonl'), 'python3', join(CHILDREN, 'colour-menu.py'), 'none']);
  await plain.waitFor(() => plain.output().includes('a local sandbox'), 'the menu drawn');
  await new Promise((r) => setTimeout(r, 1500)); // its sweeps and the terminal's read
  plain.write('q');
  const result = await plain.result();
  expect(result.output.toString()).not.toMatch(/\x1b\]7501;state=blocked/u);
});
