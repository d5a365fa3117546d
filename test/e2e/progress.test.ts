// A program's own progress bar (ConEmu's OSC 9;4) under the real shim at a real PTY: rising 7501 progress on the
// session's record, the child's bytes passed unchanged, and the same reports from the replay of its recording.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import { BIN, runInTerminal } from './support/outer-terminal.js';

/** `STATE[ progress=N][ msg="…"]`, as the timeline prints a report. */
function words(report: Report): string {
  const progress = report.progress === undefined ? '' : ` progress=${report.progress}`;
  return `${report.state}${progress}${report.msg === undefined ? '' : ` msg=${JSON.stringify(report.msg)}`}`;
}

// A build that shows its bar: four values 0.8 s apart, then the bar removed, then its end (over the 3 s threshold).
const BUILD = "for i in 10 30 60 90; do printf '\\033]9;4;1;%d\\033\\\\' $i; echo step $i; sleep 0.8; done; printf '\\033]9;4;0\\007'; echo built";

test("a program's OSC 9;4 arrives as rising 7501 progress, its bytes unchanged; the replay of its recording says the same", async () => {
  const cast = join(mkdtempSync(join(tmpdir(), 'osf-progress-')), 'build.cast');
  const live = await runInTerminal(['record', '-o', cast, 'sh', '-c', BUILD]);
  expect(live.status).toBe(0);
  const out = live.output.toString('latin1');
  for (const value of [10, 30, 60, 90]) expect(out).toContain(`\x1b]9;4;1;${value}\x1b\\step ${value}`);
  expect(out).toContain('\x1b]9;4;0\x07built');
  const seen = extractAll(live.output).flatMap((e) => (e.parsed.type === 'report' ? [words(e.parsed.report)] : []));
  expect(seen).toEqual(['working progress=10', 'working progress=30', 'working progress=60', 'working progress=90', 'working', 'done msg="sh finished"']);

  // The exit's report is the live shim's alone: a recording does not say how the program ended.
  const replayed = spawnSync(process.execPath, [BIN, 'classify', '--timeline', cast], { encoding: 'utf8' });
  expect(replayed.status).toBe(0);
  expect(replayed.stdout.trimEnd().split('\n').map((line) => line.replace(/^\S+ /u, ''))).toEqual(seen.slice(0, -1));
});
