// A live session and `osf7501 classify --timeline` of its recording give the same reports: both drive the
// one SignalPolicy, the agent's own reports (made unasked, as Codex does) included.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import { BIN, CHILDREN, OuterTerminal, runInTerminal } from './support/outer-terminal.js';

/** `STATE[ kind=KIND][ msg="…"]`, as the timeline prints a report. */
function words(report: Report): string {
  const kind = report.kind === undefined ? '' : ` kind=${report.kind}`;
  const msg = report.msg === undefined ? '' : ` msg=${JSON.stringify(report.msg)}`;
  return `${report.state}${kind}${msg}`;
}

test('the terminal of a live session and classify --timeline of its recording see the same reports, the agent\'s own among them', async () => {
  const cast = join(mkdtempSync(join(tmpdir(), 'osf-replay-live-')), 'session.cast');
  const live = await runInTerminal(['record', '-o', cast, process.execPath, join(CHILDREN, 'unasked-reports.mjs')]);
  expect(live.status).toBe(0);
  const seen = extractAll(live.output).flatMap((e) => (e.parsed.type === 'report' ? [words(e.parsed.report)] : []));
  // The exit's `clear` is the live shim's alone: a recording does not say how the program ended.
  expect(seen.at(-1)).toBe('clear');
  const terminal = seen.slice(0, -1);
  expect(terminal).toEqual(['idle', 'blocked kind=question msg="Continue? [y/n]"', 'idle', 'working', 'done']);

  // The recording carries the terminal's state as the live shim read it (raw mode: the screen's rules decide),
  // and the command, which gives the replay the same lifecycle (a plain program's).
  const recorded = readFileSync(cast, 'utf8');
  expect(recorded).toMatch(/^\[[\d.]+,"m","osf7501:terminal mode=raw echo=0 reading=[01?]"\]$/mu);
  expect(JSON.parse(recorded.split('\n')[0] ?? '{}').command).toMatch(/unasked-reports\.mjs$/u);

  const replayed = spawnSync(process.execPath, [BIN, 'classify', '--timeline', cast], { encoding: 'utf8' });
  expect(replayed.status).toBe(0);
  expect(replayed.stdout.trimEnd().split('\n').map((line) => line.replace(/^\S+ /u, ''))).toEqual(terminal);

  // Without the agent's reports the replay shows what the screen alone says: no working after the answer.
  const screenOnly = spawnSync(process.execPath, [BIN, 'classify', '--timeline', '--screen-only', cast], { encoding: 'utf8' });
  expect(screenOnly.stdout.trimEnd().split('\n').map((line) => line.replace(/^\S+ /u, ''))).toEqual(terminal.slice(0, 3));
});

test('a secret asked in canonical mode: the recording keeps the terminal\'s word, and its replay reports what the live shim did', async () => {
  const cast = join(mkdtempSync(join(tmpdir(), 'osf-replay-live-')), 'secret.cast');
  // German wording no rule knows: only the terminal (echo off, a line read) says a secret is asked.
  const script = 'printf "Geben Sie das Kennwort ein: "; stty -echo; read -r -t 3 secret; stty echo; echo; echo weiter; sleep 4';
  const live = await runInTerminal(['record', '-o', cast, 'bash', '-c', script]);
  expect(live.status).toBe(0);
  const seen = extractAll(live.output).flatMap((e) => (e.parsed.type === 'report' ? [words(e.parsed.report)] : []));
  expect(seen).toContain('blocked kind=auth msg="Geben Sie das Kennwort ein:"');
  expect(readFileSync(cast, 'utf8')).toMatch(/"m","osf7501:terminal mode=canonical echo=0 reading=1"/u);
  // The exit's report (done after a long run) is the live shim's alone.
  const terminal = seen.slice(0, -1);
  const replayed = spawnSync(process.execPath, [BIN, 'classify', '--timeline', cast], { encoding: 'utf8' });
  expect(replayed.status).toBe(0);
  expect(replayed.stdout.trimEnd().split('\n').map((line) => line.replace(/^\S+ /u, ''))).toEqual(terminal);
});

test('typing into a raw-mode program: the recording keeps when keys came (never which), and its replay stays at rest as the live shim did', async () => {
  const cast = join(mkdtempSync(join(tmpdir(), 'osf-replay-live-')), 'typing.cast');
  // A raw-mode (cbreak) program that echoes each key: the echo streams while the user types, and is no work of its own.
  const echo = [
    'import sys, termios, tty',
    'fd = sys.stdin.fileno(); saved = termios.tcgetattr(fd); tty.setcbreak(fd)',
    'sys.stdout.write("notes> "); sys.stdout.flush()',
    'while (c := sys.stdin.read(1)) != "q": sys.stdout.write(c); sys.stdout.flush()',
    'termios.tcsetattr(fd, termios.TCSADRAIN, saved)',
  ].join('\n');
  const term = new OuterTerminal(['record', '-o', cast, 'python3', '-c', echo]);
  await term.waitFor(() => term.output().includes('notes> '), 'the prompt');
  await new Promise((r) => setTimeout(r, 800)); // the terminal read at rest
  for (let i = 0; i < 30; i++) {
    term.write('k');
    await new Promise((r) => setTimeout(r, 80));
  }
  term.write('q');
  const live = await term.result();
  const seen = extractAll(live.output).flatMap((e) => (e.parsed.type === 'report' ? [words(e.parsed.report)] : []));
  const terminal = seen.slice(0, -1); // the exit's report is the live shim's alone
  expect(terminal.slice(terminal.indexOf('idle'))).toEqual(['idle']);
  const recorded = readFileSync(cast, 'utf8');
  expect(recorded.match(/"m","osf7501:input"\]/gu)?.length ?? 0).toBeGreaterThanOrEqual(10);
  expect(recorded).not.toMatch(/"i",/u);
  const replayed = spawnSync(process.execPath, [BIN, 'classify', '--timeline', cast], { encoding: 'utf8' });
  expect(replayed.status).toBe(0);
  expect(replayed.stdout.trimEnd().split('\n').map((line) => line.replace(/^\S+ /u, ''))).toEqual(terminal);
  // Without the input markers the same bytes read as a program streaming alone: working.
  const stripped = join(mkdtempSync(join(tmpdir(), 'osf-replay-live-')), 'no-input.cast');
  writeFileSync(stripped, recorded.split('\n').filter((line) => !line.includes('osf7501:input')).join('\n'));
  const blind = spawnSync(process.execPath, [BIN, 'classify', '--timeline', stripped], { encoding: 'utf8' });
  expect(blind.stdout).toMatch(/ working$/mu);
});
