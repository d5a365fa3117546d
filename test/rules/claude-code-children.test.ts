// Issue 28 item 3, the screen as the third source of child records: Claude Code's rows under the footer of its
// prompt box, `● main` over one `◯ <type>  <description>  <time…>` row per running subagent (rules/claude-code.toml
// `[children]`). On real recordings (fixtures/claude-code/2.1.150/subagent-*, 2.1.332/background-agents-*) replayed
// through the screen alone (--screen-only, as `osf7501 classify` does): which children appear and go, with their ids
// (a 32-bit FNV-1a of `<type> <description>` in base 36) and titles, read by eye from the .screens.txt files. And on
// hand-made screens: the rows' anchor (the footer) hidden by the slash-command menu or a dialog tells nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rulesForRecording } from '../../src/cli/classify-rules.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import type { ScreenChild } from '../../src/rules/children.js';
import { promptBox, rule, transcript } from './helpers/claude-layout.js';
import { bundledRules } from './helpers/screens.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const claude = bundledRules('claude-code.toml');

async function replayed(name: string, screenOnly: boolean): Promise<Awaited<ReturnType<typeof replay>>> {
  const path = join(ROOT, 'fixtures', `${name}.cast`);
  expect(existsSync(path), path).toBe(true);
  const recording = loadRecording(path);
  const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
  return replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle, screenOnly });
}

/** The ids computed apart (Python's FNV-1a 32 of `general-purpose <description>`, base 36). */
const SOURCE = ['working 101vzx2 Survey the source', 'clear 101vzx2'];
const BACKGROUND = ['working 137y4f0 Survey the docs', 'working k9s2j0 Survey the tests', 'clear 137y4f0', 'clear k9s2j0'];

const RECORDINGS: [string, string[]][] = [
  ['claude-code/2.1.150/subagent-80x24', SOURCE],
  ['claude-code/2.1.150/subagent-120x40', SOURCE],
  ['claude-code/2.1.332/background-agents-80x24', BACKGROUND],
  ['claude-code/2.1.332/background-agents-200x50', BACKGROUND],
];

describe('Claude Code subagent rows on recordings, the screen alone', () => {
  test.each(RECORDINGS)('%s', async (name, wanted) => {
    const { reports } = await replayed(name, true);
    const children = reports.filter((r) => r.source === 'child').map(({ sent }) => [sent?.state, sent?.id, sent?.title].filter(Boolean).join(' '));
    expect(children).toEqual(wanted);
    // The session's record works from before the first child starts until the last has ended; done only after.
    const first = reports.findIndex((r) => r.source === 'child');
    const last = reports.findLastIndex((r) => r.source === 'child');
    const session = reports.filter((r, i) => r.source !== 'child' && i > 0 && i < last && reports.slice(0, i).some((p) => p.source !== 'child' && p.report.state === 'working'));
    expect(session.every((r) => r.report.state === 'working')).toBe(true);
    expect(reports.slice(0, first).at(-1)?.report.state).toBe('working');
    expect(reports.slice(last + 1).map((r) => r.report.state)).toContain('done');
    // The app is the session's.
    for (const r of reports.filter((c) => c.source === 'child' && c.report.state === 'working')) expect(r.sent?.app).toBe('claude-code');
  });

  test('2.1.332 reporting for itself: its own reports rank first, the rows make no record', async () => {
    const { reports } = await replayed('claude-code/2.1.332/background-agents-80x24', false);
    expect(reports.some((r) => r.source === 'native')).toBe(true);
    expect(reports.filter((r) => r.source === 'child')).toEqual([]);
  });
});

type Screen = (cols: number) => string[];

const row150 = (cols: number, description: string, time = '3s'): string => `  ◯ general-purpose  ${description}`.padEnd(cols - time.length) + time;
const row332 = (cols: number, description: string, time = '5s · ↑ 120 tokens'): string => `  ◯ general-purpose  ${description}`.padEnd(cols - time.length) + time;
const main150 = (cols: number): string => '  ● main'.padEnd(cols - 29) + '↑/↓ to select · Enter to view';
const docs = { type: 'general-purpose', description: 'Survey the docs' };
const tests = { type: 'general-purpose', description: 'Survey the tests' };

const SCREENS: [string, Screen, ScreenChild[] | undefined][] = [
  [
    '2.1.150: `● main` with its hint over one row, its time right-aligned',
    (cols) => [...transcript(1), '● Agent(Survey the docs)', '  ⎿  Initializing…', '', '✶ Hyperspacing… (3s · ↓ 40 tokens)', '', ...promptBox(cols, ['  esc to interrupt · ↓ to manage']), '', main150(cols), row150(cols, 'Survey the docs')],
    [docs],
  ],
  [
    '2.1.332: two rows, each with its time and tokens',
    (cols) => [...transcript(1), '✻ Waiting for 2 background agents to finish', '', ...promptBox(cols, ['  ⏵⏵ accept edits on (shift+tab to cycle) · ↓ to manage']), '', '  ● main', row332(cols, 'Survey the docs'), row332(cols, 'Survey the tests', '3s · ↑ 120 tokens')],
    [docs, tests],
  ],
  [
    'a long time (`1m 12s · ↑ 2.4k tokens`) and a description cut with `…` (the cut text is the title)',
    (cols) => [...promptBox(cols, ['  ⏵⏵ accept edits on (shift+tab to cycle) · ↓ to manage']), '', '  ● main', row332(cols, 'Survey the source tree for dead…', '1m 12s · ↑ 2.4k tokens')],
    [{ type: 'general-purpose', description: 'Survey the source tree for dead…' }],
  ],
  [
    'a row the user selected (↓ to manage) drawn `●`, main then `◯`: main is no subagent',
    (cols) => [...promptBox(cols, ['  esc to interrupt · ↓ to manage']), '', '  ◯ main'.padEnd(cols - 29) + '↑/↓ to select · Enter to view', `  ● general-purpose  Survey the docs`.padEnd(cols - 2) + '3s'],
    [docs],
  ],
  ['two identical rows are one subagent', (cols) => [...promptBox(cols, ['  ⏵⏵ accept edits on (shift+tab to cycle) · ↓ to manage']), '', '  ● main', row332(cols, 'Survey the docs'), row332(cols, 'Survey the docs', '2s · ↑ 90 tokens')], [docs]],
  ['the footer without rows: none runs', (cols) => [...transcript(2), ...promptBox(cols, ['  ⏵⏵ accept edits on (shift+tab to cycle) · /tasks to see subagents'])], []],
  ['the idle footer of 2.1.150: none runs', (cols) => [...transcript(2), ...promptBox(cols, ['  ? for shortcuts'])], []],
  [
    'a row quoted in the transcript, above the prompt box, is no running subagent',
    (cols) => ['● The footer read:', '', '  ◯ general-purpose  Survey the docs  5s', '', ...promptBox(cols, ['  ? for shortcuts'])],
    [],
  ],
  [
    'a prompt typed over several rows: the footer under the box still anchors',
    (cols) => [rule(cols), '❯ first line of a long request', '  and its second line', rule(cols), '  esc to interrupt · ↓ to manage', '', main150(cols), row150(cols, 'Survey the docs')],
    [docs],
  ],
  // The anchor hidden: nothing can be told (the rows may be covered while their subagents still run).
  [
    '2.1.150: the slash-command menu in place of the footer (/exit typed)',
    (cols) => [...transcript(1), rule(cols), '❯ /exit', rule(cols), '/exit                         Exit the CLI', '/context                      Visualize current context usage as a colored'],
    undefined,
  ],
  [
    '2.1.332: the menu, its entry selected `❯ /exit`',
    (cols) => [...transcript(1), rule(cols), '❯ /exit', rule(cols), '  ❯ /exit                       Exit the CLI', '    /context                    Show what fills the context'],
    undefined,
  ],
  [
    'a permission dialog in place of the prompt box',
    (cols) => [...transcript(1), rule(cols), ' Bash command', '', '   ls -la', '   List the files', '', ' Do you want to proceed?', ' ❯ 1. Yes', '   2. No', '', ' Esc to cancel · Tab to amend'],
    undefined,
  ],
];

describe('Claude Code subagent rows on hand-made screens', () => {
  test.each(SCREENS.flatMap(([name, screen, wanted]) => [80, 120].map((cols): [string, number, Screen, ScreenChild[] | undefined] => [name, cols, screen, wanted])))(
    '%s (%i columns)',
    (_name, cols, screen, wanted) => {
      expect(claude.classify(screen(cols)).children).toEqual(wanted);
    },
  );

  test('`classify --explain` reads the same rows', () => {
    const lines = [...transcript(1), '● Agent(Survey the docs)', '', ...promptBox(80, ['  esc to interrupt · ↓ to manage']), '', main150(80), row150(80, 'Survey the docs')];
    const c = claude.classify(lines);
    expect(c.state).toBe('working');
    expect(c.children).toEqual([docs]);
    expect(claude.explain(lines).result.children).toEqual([docs]);
  });
});
