// Issue 28 item 3 for Codex and OpenCode: their subagent rows read by the rule files' `[children]` (rules/codex.toml,
// rules/opencode.toml) are child records. On real recordings (fixtures/codex/0.171.0/subagents-*,
// fixtures/opencode/1.18.33/subagents-*) replayed through the screen alone: which children appear and go, with their
// ids (a 32-bit FNV-1a in base 36: of the description alone for Codex's rows, which show no type) and titles, read by
// eye from the .screens.txt files. And on hand-made screens in the shapes the recordings show.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rulesForRecording } from '../../src/cli/classify-rules.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import type { Classification } from '../../src/rules/types.js';
import { bundledRules } from './helpers/screens.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function children(name: string, screenOnly = true): Promise<string[]> {
  const path = join(ROOT, 'fixtures', `${name}.cast`);
  expect(existsSync(path), path).toBe(true);
  const recording = loadRecording(path);
  const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
  const { reports } = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle, screenOnly });
  const last = reports.findLastIndex((r) => r.source === 'child');
  // The session's record is done only after its last child has ended (and done all the same).
  expect(reports.slice(last + 1).map((r) => r.report.state)).toContain('done');
  expect(reports.slice(0, last).filter((r) => r.source !== 'child' && r.report.state === 'done')).toEqual([]);
  return reports.filter((r) => r.source === 'child').map(({ sent }) => [sent?.state, sent?.id, sent?.title].filter(Boolean).join(' '));
}

/** Each recording's two sub-agents (their UUIDs as drawn), the first ending first. Ids computed apart (Python). */
const CODEX: [string, string[]][] = [
  ['80x24', ['working qtx98f 01a24e2b-f82e-7133-97fc-a5198a39df9e', 'working 1lb1wx7 01a24e2b-f84a-7561-bbc2-d2cb66908f26', 'clear qtx98f', 'clear 1lb1wx7']],
  ['120x32', ['working 1gxjnf7 01a24e2c-4813-7482-9061-9ccc0e2bbae6', 'working oph9wo 01a24e2c-4832-7372-8e71-deba086cead1', 'clear 1gxjnf7', 'clear oph9wo']],
  ['200x50', ['working lohd92 01a24e2c-9872-7052-ba20-237f2213f059', 'working 1t96tue 01a24e2c-98a2-7d80-80fd-feffe750e821', 'clear lohd92', 'clear 1t96tue']],
  ['60x15', ['working f7jd7i 01a24e31-e349-78a3-80dd-a13cd2274c5e', 'working 1giou07 01a24e31-e36e-7b43-a867-9dc28d676564', 'clear f7jd7i', 'clear 1giou07']],
];

/** `General Task — List the docs folder` and `Explore Task — Count the test files`, the first ending first. */
const OPENCODE = ['working 1uk7emf List the docs folder', 'working 1jzw0ij Count the test files', 'clear 1uk7emf', 'clear 1jzw0ij'];

describe("subagent rows beside the agent's own reports, as recorded", () => {
  // Codex reports for itself but never a subagent: its rows make the records all the same.
  test('codex/0.171.0/subagents-80x24', async () => {
    expect(await children('codex/0.171.0/subagents-80x24', false)).toEqual(CODEX[0]![1]);
  });
  // Claude Code 2.1.332 reports its subagents itself, before their rows are swept: no record of the rows' beside them.
  test.each(['80x24', '200x50'])('claude-code/2.1.332/background-agents-%s: its own child reports, none from the rows', async (size) => {
    const path = join(ROOT, 'fixtures', `claude-code/2.1.332/background-agents-${size}.cast`);
    const recording = loadRecording(path);
    const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
    const { reports } = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle, screenOnly: false });
    expect(reports.filter((r) => r.source === 'child')).toEqual([]);
    expect(reports.map((r) => r.report.state)).toContain('done');
  });
});

describe('subagent rows on recordings, the screen alone', () => {
  test.each(CODEX)('codex/0.171.0/subagents-%s', async (size, wanted) => {
    expect(await children(`codex/0.171.0/subagents-${size}`)).toEqual(wanted);
  });
  // A turn that spawns and answers at once (no `Waiting for`): nothing on screen says they run or when they end, so
  // no record (the limit, spec/signals.md); the turn reads done, as Codex itself reports.
  test.each(['80x24', '120x32'])('codex/0.171.0/subagents-unwaited-%s: no anchor, no record', async (size) => {
    expect(await children(`codex/0.171.0/subagents-unwaited-${size}`)).toEqual([]);
  });
  test.each(['80x24', '120x32', '200x50'])('opencode/1.18.33/subagents-%s', async (size) => {
    expect(await children(`opencode/1.18.33/subagents-${size}`)).toEqual(OPENCODE);
  });
  // At 60x15 the block's top has scrolled away whenever its rows show (`⠴ md` on the top row while the first one
  // runs): a block that may be cut tells nothing, rather than end a subagent whose row is out of view.
  test('opencode/1.18.33/subagents-60x15: the block never whole in view, no record', async () => {
    expect(await children('opencode/1.18.33/subagents-60x15')).toEqual([]);
  });
});

const codex = bundledRules('codex.toml');
const opencode = bundledRules('opencode.toml');
const ID1 = '01a24e2b-f82e-7133-97fc-a5198a39df9e';
const ID2 = '01a24e2b-f84a-7561-bbc2-d2cb66908f26';
const codexFooter = ['', '', '› Ask Codex to do anything', '', '  gpt-5.1-codex default · /tmp/project', '  ← for agents · ? for shortcuts'];
const of = (c: Classification): { running?: string[]; ended?: string[] } => ({
  ...(c.children === undefined ? {} : { running: c.children.map((k) => [k.type, k.description].filter(Boolean).join(' ')) }),
  ...(c.childrenEnded === undefined ? {} : { ended: c.childrenEnded.map((k) => k.description) }),
});

describe('Codex rows on hand-made screens', () => {
  test.each<[string, string[], ReturnType<typeof of>]>([
    ['`Waiting for 2 agents` with the ids under it', ['› split the survey', '', '• Waiting for 2 agents', `  └ ${ID1}`, `    ${ID2}`, ...codexFooter], { running: [ID1, ID2] }],
    [
      'one ended: the last `Waiting for <id>` on one row, the ended one named by its Completed row',
      ['• Waiting for 2 agents', `  └ ${ID1}`, `    ${ID2}`, '', '• Finished waiting', `  └ ${ID1}: Completed - The docs folder holds two`, '    guides.', '', `• Waiting for ${ID2}`, ...codexFooter],
      { running: [ID2], ended: [ID1] },
    ],
    [
      'the last ended below the last `Waiting for`: none runs',
      [`• Waiting for ${ID2}`, '', '• Finished waiting', `  └ ${ID2}: Completed - There are four test files.`, '', '• Both helpers are done.', '', '  Worked for 14s • 01:44', ...codexFooter],
      { running: [], ended: [ID2] },
    ],
    [
      'the `Waiting for` row scrolled away (60x15): no set, the Completed row still ends its sub-agent',
      ['› split the survey', `  └ ${ID2}: Completed - There`, '    are four test files under test/.', '', '• Both helpers are done.', '', '  Worked for 14s • 01:50', ...codexFooter],
      { ended: [ID2] },
    ],
    ['no sub-agent in sight: nothing told', ['› hello', '', '• Hi.', '', '  Worked for 1s • 01:00', ...codexFooter], {}],
    ['a UUID in prose is no sub-agent', [`• The run id is ${ID1}.`, ...codexFooter], {}],
  ])('%s', (_name, lines, wanted) => {
    expect(of(codex.classify(lines))).toEqual(wanted);
  });
});

const ocPrompt = ['  ┃', '  ┃', '  ┃', '  ┃  Build · Mock Model Mock', `  ╹${'▀'.repeat(70)}`, '   ⬝⬝■■■■■■  esc interrupt                    tab agents  ctrl+p commands'];

describe('OpenCode rows on hand-made screens', () => {
  test.each<[string, string[], ReturnType<typeof of>]>([
    [
      'two spinner rows over the hint',
      ['  ┃  survey the project', '', "     I'll hand the survey to two subagents.", '', '     ⠋ General Task — List the docs folder', '', '     ⠹ Explore Task — Count the test files', '', '     ctrl+x down view subagents', '', '     ▣  Build · Mock Model', ...ocPrompt],
      { running: ['General List the docs folder', 'Explore Count the test files'] },
    ],
    [
      'one ended (✓ and its time): the other runs',
      ["     I'll hand the survey to two subagents.", '', '     ✓ General Task — List the docs folder', '       ↳ 8.5s', '', '     ⠹ Explore Task — Count the test files', '', '     ctrl+x down view subagents', ...ocPrompt],
      { running: ['Explore Count the test files'] },
    ],
    [
      'the sidebar (200 columns) writes on the block\'s blank rows',
      [`     I'll hand the survey to two subagents.${' '.repeat(100)}0% used`, `${' '.repeat(150)}$0.00 spent`, `     ⠋ General Task — List the docs folder${' '.repeat(120)}`, `${' '.repeat(150)}LSP`, `     ⠋ Explore Task — Count the test files${' '.repeat(110)}LSPs are disabled`, '', '     ctrl+x down view subagents', ...ocPrompt],
      { running: ['General List the docs folder', 'Explore Count the test files'] },
    ],
    [
      'a running subagent\'s `↳ Read <path>` row (its rest wrapped), and a background task',
      ['  ┃  survey the project', '', '     ⠙ General Task — List the docs folder', '       ↳ Read tmp/osf7501-opencode-AWCFZV/project/a-very-long-folder-name/and-more/', '         README.md', '', '     ⠙ Explore Task (background) — Count the test files', '', '     ctrl+x down view subagents · ctrl+b background', ...ocPrompt],
      { running: ['General List the docs folder', 'Explore Count the test files'] },
    ],
    ['all ended: none runs', ["     I'll hand the survey to two subagents.", '', '     ✓ General Task — List the docs folder', '       ↳ 8.5s', '', '     ✓ Explore Task — Count the test files', '       ↳ 13.4s', '', '     ctrl+x down view subagents', '', '     Both are done.', ...ocPrompt], { running: [] }],
    ['the rows without their hint (scrolled, or not drawn yet): nothing told', ['     ⠋ General Task — List the docs folder', '', ...ocPrompt], {}],
    [
      'the block\'s top scrolled away (60x15: a spinner beside a wrapped path\'s end on the top row): nothing told',
      ['     ⠴ md', '', '     ⠹ Explore Task — Count the test files', '', '     ctrl+x down view subagents', '', '     ▣  Build · Mock Model', ...ocPrompt],
      {},
    ],
    [
      'the same at the screen\'s top row, the first task row first: it may be cut, nothing told',
      ['     ⠋ General Task — List the docs folder', '', '     ⠋ Explore Task — Count the test files', '', '     ctrl+x down view subagents', ...ocPrompt],
      {},
    ],
  ])('%s', (_name, lines, wanted) => {
    expect(of(opencode.classify(lines))).toEqual(wanted);
  });
});
