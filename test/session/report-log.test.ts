// `--log` writes classification changes (not every sweep) and every report, as JSON Lines.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ReportLog } from '../../src/session/report-log.js';

test('a classification repeated by later sweeps is logged once; a change and each report are logged', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'osf-log-')), 'log.jsonl');
  const log = new ReportLog(file);
  log.classification({ state: 'idle', rule: 'prompt' });
  log.classification({ state: 'idle', rule: 'prompt' });
  log.classification({ state: 'working', rule: 'spinner' });
  log.report({ state: 'working', app: 'claude-code' }, 'screen');
  log.dispose();
  log.dispose();
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines.map((l) => [l['type'], l['state']])).toEqual([
    ['classification', 'idle'],
    ['classification', 'working'],
    ['report', 'working'],
  ]);
});
