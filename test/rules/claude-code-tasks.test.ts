// Issue 28 item 2 for Claude Code: its task list under the spinner row (`⎿  ✔ Read the parser` / `◼ Split the
// tokenizer out` / `◻ Run the tests`) gives working reports with progress = done/total and the msg
// `done/total · <task in progress>`. On real recordings (fixtures/claude-code/<version>/task-list-*, todo-list-*)
// replayed through the screen rules alone (--screen-only): the expected reports are what each screen shows, read by
// eye from the recordings' .screens.txt; where Claude Code reports progress itself (2.1.332), every value it
// reports is one the screen rules report too (it rounds 2/3 to 67, the rules round down to 66). And on hand-made
// screens: the list left in the transcript after a turn, and the list without a live spinner, give no progress.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rulesForRecording } from '../../src/cli/classify-rules.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import { promptBox, transcript } from './helpers/claude-layout.js';
import { readLabels } from './helpers/recording-check.js';
import { bundledRules, renderLines, SIZES } from './helpers/screens.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const claude = bundledRules('claude-code.toml');

interface Seen {
  state: string;
  msg?: string;
  progress?: number;
}

const TASKS: Seen[] = [
  { state: 'working', progress: 0, msg: '0/3 · Read the parser' },
  { state: 'working', progress: 33, msg: '1/3 · Split the tokenizer out' },
  { state: 'working', progress: 66, msg: '2/3 · Run the tests' },
  { state: 'working', progress: 100, msg: '3/3' },
  { state: 'done' },
];

/**
 * Nine tasks (2.1.332): at 80x24 and 120x40 alike the list shows five rows and folds the rest (`… +4 tasks (1 in progress, 3 open)`),
 * so once the task in progress is folded away the msg is the count alone.
 */
const LONG: Seen[] = [
  { state: 'working', progress: 33, msg: '3/9 · Run the unit tests' },
  { state: 'working', progress: 55, msg: '5/9' },
  { state: 'working', progress: 100, msg: '9/9' },
  { state: 'done' },
];

/** Recordings whose screen shows the task list: the reports expected in this order (others may come between). */
const LISTS: [string, Seen[]][] = [
  ...['2.1.150', '2.1.332'].flatMap((version) => ['80x24', '120x40'].map((size): [string, Seen[]] => [`claude-code/${version}/task-list-${size}`, TASKS])),
  ...['80x24', '120x40'].map((size): [string, Seen[]] => [`claude-code/2.1.332/task-list-long-${size}`, LONG]),
];

/** TodoWrite (CLAUDE_CODE_ENABLE_TASKS=0) draws no list in 2.1.150 or 2.1.332 (nor does 2.1.332 report progress): none. */
const NO_LIST = ['2.1.150', '2.1.332'].flatMap((version) => ['80x24', '120x40'].map((size) => `claude-code/${version}/todo-list-${size}`));

async function reportsOf(name: string): Promise<Seen[]> {
  const path = join(ROOT, 'fixtures', `${name}.cast`);
  expect(existsSync(path), path).toBe(true);
  const recording = loadRecording(path);
  const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
  const result = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle, screenOnly: true });
  return result.reports.map(({ report }) => ({
    state: report.state,
    ...(report.msg === undefined ? {} : { msg: report.msg }),
    ...(report.progress === undefined ? {} : { progress: report.progress }),
  }));
}

function subsequence(reports: readonly Seen[], wanted: readonly Seen[]): number {
  let i = 0;
  for (const r of reports) {
    const w = wanted[i];
    if (w === undefined) break;
    if (r.state === w.state && r.msg === w.msg && r.progress === w.progress) i++;
  }
  return i;
}

describe('Claude Code task lists on recordings', () => {
  test.each(LISTS)('%s', async (name, wanted) => {
    const reports = await reportsOf(name);
    const matched = subsequence(reports, wanted);
    expect(matched, `${name}: got ${JSON.stringify(reports)}; the first not seen: ${JSON.stringify(wanted[matched])}`).toBe(wanted.length);
  });

  test.each(LISTS.filter(([name]) => name.includes('/2.1.332/')))('%s: Claude Code’s own progress values are the screen’s', async (name) => {
    const native = readLabels(join(ROOT, 'fixtures', `${name}.labels.jsonl`))
      .filter((l) => l.source === 'native' && typeof (l as { progress?: unknown }).progress === 'number')
      .map((l) => (l as { progress: number }).progress);
    expect(native.length).toBeGreaterThanOrEqual(4);
    expect(native.at(-1)).toBe(100);
    const ours = (await reportsOf(name)).flatMap((r) => (r.progress === undefined ? [] : [r.progress]));
    for (const p of native) expect(ours.some((o) => Math.abs(o - p) <= 1), `${p} in ${JSON.stringify(ours)}`).toBe(true);
  });

  test.each(NO_LIST)('%s: no list on screen, no progress', async (name) => {
    const reports = await reportsOf(name);
    expect(reports.filter((r) => r.progress !== undefined)).toEqual([]);
    expect(subsequence(reports, [{ state: 'working' }, { state: 'done' }])).toBe(2);
  });
});

type Screen = (cols: number) => string[];

const rows = ['✔ Read the parser', '◼ Split the tokenizer out', '◻ Run the tests'];
const listUnder = (lead: string): string[] => [lead, `  ⎿  ${rows[0]}`, ...rows.slice(1).map((r) => `     ${r}`)];

const SCREENS: [string, Screen, { state: string; progress?: number; msg?: string }][] = [
  [
    'the list under the spinner row (2.1.150, 2.1.332)',
    (cols) => [...transcript(2), '❯ work through the parser tasks', '', '● Three tasks.', '', ...listUnder('✻ Splitting the tokenizer out… (11s · ↓ 180 tokens)'), '', ...promptBox(cols, ['  esc to interrupt · ctrl+t to hide tasks'])],
    { state: 'working', progress: 33, msg: '1/3 · Split the tokenizer out' },
  ],
  [
    'the list headed `3 tasks (1 done, 1 in progress, 1 open)` (2.1.150’s header, from its binary)',
    (cols) => [...transcript(2), '❯ work through the parser tasks', '', '✻ Splitting the tokenizer out… (11s · ↓ 180 tokens)', '', '  3 tasks (1 done, 1 in progress, 1 open)', ...rows.map((r) => `  ${r}`), '', ...promptBox(cols, ['  esc to interrupt · ctrl+t to hide tasks'])],
    { state: 'working', progress: 33, msg: '1/3 · Split the tokenizer out' },
  ],
  [
    'a long list folded: `… +4 tasks (open)` counts four (2.1.332 at 80x24)',
    (cols) => [
      '❯ work through the nine release tasks',
      '',
      '● Nine tasks.',
      '',
      '✻ Run the unit tests… (13s · ↓ 474 tokens)',
      '  ⎿  ✔ Bump the version',
      '     ✔ Update the changelog',
      '     ✔ Build the package',
      '     ◼ Run the unit tests',
      '     ◻ Run the e2e tests',
      '     … +4 tasks (open)',
      '',
      ...promptBox(cols, ['  esc to interrupt · ctrl+t to hide tasks']),
    ],
    { state: 'working', progress: 33, msg: '3/9 · Run the unit tests' },
  ],
  [
    'a long list folded with a count of each: `… +4 tasks (1 in progress, 1 open, 2 done)`',
    (cols) => [
      '✻ Sign the artifacts… (20s · ↓ 600 tokens)',
      '  ⎿  ✔ Bump the version',
      '     ✔ Update the changelog',
      '     ✔ Build the package',
      '     ✔ Run the unit tests',
      '     ◻ Publish to npm',
      '     … +4 tasks (1 in progress, 1 open, 2 done)',
      '',
      ...promptBox(cols, ['  esc to interrupt · ctrl+t to hide tasks']),
    ],
    { state: 'working', progress: 66, msg: '6/9' },
  ],
  [
    'a long list folded, all of the fold done: `… +4 tasks (done)`',
    (cols) => [
      '✻ Announcing it… (28s · ↓ 700 tokens)',
      '  ⎿  ✔ Sign the artifacts',
      '     ✔ Tag the release',
      '     ✔ Publish to npm',
      '     ◼ Announce it',
      '     … +4 tasks (done)',
      '',
      ...promptBox(cols, ['  esc to interrupt · ctrl+t to hide tasks']),
    ],
    { state: 'working', progress: 87, msg: '7/8 · Announce it' },
  ],
  [
    'a finished list left in the transcript while a later turn works: no progress',
    (cols) => [
      '● All three tasks are done.',
      '',
      '✻ Churned for 21s · done 11:40 PM',
      '',
      '  3/3 tasks done',
      '  ✔ Read the parser',
      '  ✔ Split the tokenizer out',
      '  ✔ Run the tests',
      '',
      '❯ now write the changelog',
      '',
      '✻ Pondering… (3s · ↓ 40 tokens)',
      '',
      ...promptBox(cols, ['  esc to interrupt']),
    ],
    { state: 'working' },
  ],
  [
    'the finished list after the turn: done, no progress',
    (cols) => ['● All three tasks are done.', '', '✻ Churned for 21s · done 11:40 PM', '', '  3/3 tasks done', ...rows.map((r) => `  ${r.replace(/^[◼◻]/u, '✔')}`), '', ...promptBox(cols, ['  ctrl+t to hide tasks'])],
    { state: 'idle' },
  ],
];

describe('Claude Code task lists on hand-made screens', () => {
  test.each(SCREENS.flatMap(([name, screen, want]) => SIZES.map((size) => [name, `${size.cols}×${size.rows}`, size, screen, want] as const)))(
    '%s at %s',
    async (_name, _at, size, screen, want) => {
      const c = claude.classify(await renderLines(screen(size.cols), size));
      expect({ state: c.state, ...(c.progress === undefined ? {} : { progress: c.progress }), ...(c.msg === undefined || want.msg === undefined ? {} : { msg: c.msg }) }).toEqual(want);
    },
  );
});
