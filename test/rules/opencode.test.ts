// rules/opencode.toml on hand-made OpenCode screens (drawn through the real ShadowScreen at 80×24 and 200×50,
// laid out as 1.18.33 lays them out): the question tool's form by its shape — options with or without
// `Type your own answer`, several picks (`[✓]`), the picked option's `✓` — and its look-alikes.
import { describe, expect, test } from 'vitest';
import { bundledRules, renderLines, SIZES, type Size } from './helpers/screens.js';

const rules = bundledRules('opencode.toml');

/** The transcript above a dialog: the prompt box, the tool call, the reply's `▣` row without a duration. */
const transcript = ['', '  ┃', '  ┃  pick a database', '  ┃', '', '     → Asked 1 question', '', '     ▣  Build · Mock Model', ''];
/** OpenCode's `┃` dialog at the bottom of the screen. */
const dialog = (rows: readonly string[]): string[] => ['  ┃', ...rows.map((r) => `  ┃  ${r}`), '  ┃'];

async function verdict(lines: string[], size: Size): Promise<string> {
  const c = rules.classify(await renderLines(lines, size));
  return `${c.state}${c.kind ? `:${c.kind}` : ''} ${c.rule ?? '-'}${c.msg === undefined ? '' : ` "${c.msg}"`}`;
}

describe.each(SIZES)('opencode question forms at $cols×$rows', (size) => {
  test.each([
    [
      'one pick, with its own-answer option',
      ['Which database should the project use?', '', '1. PostgreSQL (Recommended)', '   A full SQL server.', '2. SQLite', '3. Type your own answer', '', '↑↓ select  enter submit  esc dismiss'],
      'blocked:question question "answer: Which database should the project use?"',
    ],
    [
      'one pick, custom answers off (no `Type your own answer`), the picked one ticked',
      ['Which database should the project use?', '', '1. PostgreSQL ✓', '2. SQLite', '', '↑↓ select  enter submit  esc dismiss'],
      'blocked:question question "answer: Which database should the project use?"',
    ],
    [
      'several picks: `[✓]` boxes, `(select all that apply)` after the question, `enter toggle`',
      ['Which checks should run? (select all that apply)', '', '1. [✓] lint', '2. [ ] unit tests', '3. [ ] Type your own answer', '', '↑↓ select  enter toggle  esc dismiss'],
      'blocked:question question "answer: Which checks should run?"',
    ],
  ])('%s', async (_name, rows, expected) => {
    expect(await verdict([...transcript, ...dialog(rows)], size)).toBe(expected);
  });

  test('a numbered list in the model\'s answer, under a finished turn, is no question', async () => {
    const screen = ['', '     Pick one of these:', '', '     1. PostgreSQL', '     2. SQLite', '', '     ▣  Build · Mock Model · 3.2s', '', '  ┃  Ask anything...', '                         tab agents  ctrl+p commands'];
    expect(await verdict(screen, size)).toBe('idle turn-done');
  });
});

// Issue 28: OpenCode 1.18.33 retrying a failed request (a 429 with `retry-after: 20` from the mock), the footer's
// rows as recorded (the spinner drawn over the error's first cells): working, msg the retry in OpenCode's words —
// never the `error` a `┃` block above the reply's `▣` row would read without it.
describe.each(SIZES)('opencode retrying at $cols×$rows', (size) => {
  test('the footer says it retries: working, msg the retry', async () => {
    const lines = [
      '',
      '  ┃',
      '  ┃  trigger a quota error',
      '  ┃',
      '     ▣  Build · Mock Model',
      '  ┃',
      '  ┃',
      '  ┃',
      '  ┃  Build · Mock Model Mock',
      `  ╹${'▀'.repeat(size.cols - 5)}`,
      '   ⬝⬝You⬝exceeded your current quota, please check your plan and billing details',
      '     retrying in 19s attempt #1]',
    ];
    expect(await verdict(lines, size)).toBe('working retrying "retrying in 19s attempt #1"');
  });

  test.each([
    ['a 503', '   ⬝⬝⬝⬝⬝⬝⬝⬝ The server is overloaded (mock 503). [retrying in 2s attempt #1] e'],
    ['a connection cut mid-answer', '   ⬝⬝⬝■■■■■ Connection reset by server [retrying in 2s attempt #1] esc'],
  ])('%s, retried: working, msg the retry', async (_name, footer) => {
    const lines = ['', '  ┃', '  ┃  trigger a server error', '  ┃', '     ▣  Build · Mock Model', '  ┃', '  ┃  Build · Mock Model Mock', `  ╹${'▀'.repeat(size.cols - 5)}`, footer];
    expect(await verdict(lines, size)).toBe('working retrying "retrying in 2s attempt #1"');
  });

  test('the retry going out now (no wait left): working, msg the retry', async () => {
    const footer = '   ⬝⬝⬝⬝⬝⬝⬝⬝ The server is overloaded (mock 503). [retrying attempt #1] esc';
    const lines = ['', '  ┃', '  ┃  trigger a server error', '  ┃', '     ▣  Build · Mock Model', '  ┃', '  ┃  Build · Mock Model Mock', `  ╹${'▀'.repeat(size.cols - 5)}`, footer];
    expect(await verdict(lines, size)).toBe('working retrying "retrying attempt #1"');
  });
});
