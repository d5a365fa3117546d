// rsync's transfer row read by its rule (rules/rsync.toml) under the real shim at a real PTY: a real rsync of 300 MB
// of local files, throttled so that it takes a few seconds, arrives as rising 7501 progress on the session's
// record, and the bytes rsync wrote reach the terminal unchanged. Percentages in ordinary output (a test run's
// summary, a log line) are no progress row: the same shim reports none.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { extractAll } from '../../src/protocol/index.js';
import { loadRecording } from '../../src/recording/recording.js';
import { OuterTerminal, runInTerminal, splitReports } from './support/outer-terminal.js';

const haveRsync = spawnSync('rsync', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'osf-rsync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `--info=progress2`'s row: bytes so far, the percentage, the rate, the time (and the count of files once one is done). */
const ROW = /^ *[\d,]+ +(\d{1,3})% +[\d.]+[kMG]?B\/s +\d+:\d\d:\d\d(?: \(xfr#\d+, to-chk=\d+\/\d+\))? *$/u;

test.skipIf(!haveRsync)("rsync's --info=progress2 row arrives as rising 7501 progress, rsync's bytes unchanged (needs rsync on PATH)", async () => {
  const src = join(dir, 'src');
  mkdirSync(src);
  // Sparse files: 300 MB that cost no disk, copied sparse (-S); --bwlimit (KB/s) makes it last about 4 s.
  for (const name of ['a.img', 'b.img', 'c.img']) {
    writeFileSync(join(src, name), '');
    truncateSync(join(src, name), 100_000_000);
  }
  const cast = join(dir, 'rsync.cast');
  const live = await runInTerminal(['record', '-o', cast, 'rsync', '-aS', '--info=progress2', '--bwlimit=75000', `${src}/`, `${join(dir, 'dst')}/`], { cols: 100, rows: 24 });
  expect(live.status).toBe(0);

  // The child's bytes, as the shim read them from its PTY (the cast), reach the terminal unchanged once the shim's
  // own reports are taken out; and they are rsync's rows and nothing else.
  const { bytes } = splitReports(live.output);
  const read = Buffer.concat(loadRecording(cast).events.flatMap((e) => (e.type === 'output' ? [e.bytes] : []))).toString('latin1');
  expect(bytes.toString('latin1')).toBe(read);
  const rows = read.split(/[\r\n]+/u).filter((row) => row !== '');
  expect(rows.length).toBeGreaterThan(3);
  for (const row of rows) expect(row).toMatch(ROW);
  const drawn = rows.map((row) => Number(ROW.exec(row)?.[1]));

  // The reports: working with rising progress, each a value rsync drew; then the exit's done.
  const reports = extractAll(live.output).flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report] : []));
  const progress = reports.filter((r) => r.state === 'working' && r.progress !== undefined).map((r) => r.progress as number);
  expect(progress.length).toBeGreaterThanOrEqual(3);
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  expect(new Set(progress).size).toBeGreaterThanOrEqual(3);
  for (const value of progress) expect(drawn).toContain(value);
  expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
  expect(reports.at(-1)?.state).toBe('done');
});

test.skipIf(!haveRsync || process.platform !== 'linux')('under osf7501 bash, rsync in the foreground reports its progress as app rsync, then the shell is back (needs rsync on PATH; Linux: /proc)', async () => {
  const src = join(dir, 'shell-src');
  mkdirSync(src);
  for (const name of ['a.img', 'b.img']) {
    writeFileSync(join(src, name), '');
    truncateSync(join(src, name), 100_000_000);
  }
  const term = new OuterTerminal(['bash', '--norc', '--noprofile', '-i'], { cols: 100, env: { PS1: 'PROMPT$ ' } });
  const reports = () => extractAll(term.output()).flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report] : []));
  await term.waitFor(() => reports().some((r) => r.state === 'idle' && r.app === 'bash'), 'the idle shell');
  term.write(`rsync -aS --info=progress2 --bwlimit=60000 ${src}/ ${join(dir, 'shell-dst')}/\r`);
  await term.waitFor(() => reports().filter((r) => r.app === 'rsync').length > 0 && reports().at(-1)?.app === 'bash', 'rsync and the shell again');
  term.write('exit\r');
  await term.result();
  const progress = reports().filter((r) => r.app === 'rsync' && r.state === 'working' && r.progress !== undefined).map((r) => r.progress as number);
  expect(progress.length).toBeGreaterThanOrEqual(2);
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
});

// A test run's output as the last rows, held for longer than a sweep: percentages, but no bar being drawn.
const SUMMARY = [
  "printf 'tests/test_api.py ........                                  [ 45%%]\\n'",
  "printf 'tests/test_db.py ..........                                 [100%%]\\n'",
  "printf '2026-12-06T22:31:02Z INFO upload 45%% done\\n'",
  "printf 'Tests: 17 passed, 17 total\\ncoverage 85%%'",
  'sleep 1.5',
  "printf '\\nTotal coverage: 85.30%%\\n'",
  'sleep 1.5',
].join('; ');

test('percentages in ordinary output (a coverage summary, pytest rows, a log line) give no progress', async () => {
  const live = await runInTerminal(['sh', '-c', SUMMARY]);
  expect(live.status).toBe(0);
  expect(splitReports(live.output).bytes.toString('utf8')).toContain('coverage 85%');
  const reports = extractAll(live.output).flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report] : []));
  expect(reports.map((r) => r.state)).toContain('working');
  expect(reports.filter((r) => r.progress !== undefined)).toEqual([]);
});
