// The agent's own word as a check on the rules, through a real PTY: while a program reports for itself, the
// shim keeps classifying its screen, and a disagreement is written to --log once (however many sweeps see it);
// `classify --against-native` of the same program's recording finds the same disagreement (one policy, two drivers).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BIN, CHILDREN, runInTerminal } from './support/outer-terminal.js';

const agent = join(CHILDREN, 'drifting-agent.mjs');

/** The disagreement the child stages: it says working, its screen shows a [y/N] prompt (generic rule yes-no). */
const STAGED = {
  on: ['state'],
  native: { state: 'working' },
  screen: { state: 'blocked', kind: 'question', msg: 'Overwrite notes.txt? [y/N]', rule: 'yes-no' },
};

test('a program that says working over a [y/N] prompt: one drift line in --log, with both verdicts, the rule, and how long it lasted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'osf-drift-'));
  const logFile = join(dir, 'log.jsonl');
  const result = await runInTerminal(['--log', logFile, process.execPath, agent]);
  expect(result.status).toBe(0);
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  // The screen was swept again and again during the disagreement (its counter row redrew): still one line.
  const blockedScreens = lines.filter((l) => l['type'] === 'classification' && l['state'] === 'blocked');
  expect(blockedScreens.length).toBeGreaterThan(0);
  const drift = lines.filter((l) => l['type'] === 'drift');
  expect(drift).toHaveLength(1);
  expect(drift[0]).toMatchObject(STAGED);
  expect(drift[0]?.['lastedMs']).toBeGreaterThanOrEqual(1000);
  // The program's own reports went to the terminal as it made them; the shim's screen reports stopped.
  // Its blocked report carried no msg: the shim's completion follows it, marked (the msg its screen shows).
  const reports = lines.filter((l) => l['type'] === 'report').map((l) => `${l['state']}/${l['source']}${l['completes'] === true ? '+completes' : ''}`);
  expect(reports.slice(reports.indexOf('idle/native'))).toEqual(['idle/native', 'working/native', 'blocked/native', 'blocked/native+completes', 'done/native', 'clear/exit']);
  const completion = lines.find((l) => l['completes'] === true);
  expect(completion?.['msg']).toBe('Overwrite notes.txt? [y/N]');
});

test('classify --against-native of the same program\'s recording: the same disagreement, exit status 5', async () => {
  const cast = join(mkdtempSync(join(tmpdir(), 'osf-drift-rec-')), 'session.cast');
  const live = await runInTerminal(['record', '-o', cast, process.execPath, agent]);
  expect(live.status).toBe(0);
  const scored = spawnSync(process.execPath, [BIN, 'classify', '--against-native', '--rules', 'generic', cast], { encoding: 'utf8' });
  expect(scored.stderr).toBe('');
  expect(scored.status).toBe(5);
  const lines = scored.stdout.trimEnd().split('\n');
  expect(lines.slice(0, 6)).toEqual([
    'state    agreed  disagreed',
    'idle          1          0',
    'working       0          1',
    'blocked       1          0',
    'done          1          0',
    "3 of 4 of the program's own reports agreed with the screen rules",
  ]);
  expect(lines.slice(6)).toHaveLength(1);
  expect(lines[6]).toMatch(
    /^\d+\.\d{3} state differs: the program said working at \d+\.\d{3}; the screen rules said blocked kind=question msg="Overwrite notes\.txt\? \[y\/N\]" \(rule yes-no\)$/u,
  );
});
