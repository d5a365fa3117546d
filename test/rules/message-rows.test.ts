// Messages joined across the rows a program wrapped them over: a box's inner width, a gutter column, a
// hanging indent; box sides, scrollbars and markers left out. Real screens from fixtures/ and hand-made
// ones drawn through the real ShadowScreen at 80x24 and 200x50.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compileRuleFile } from '../../src/rules/compile.js';
import { estimateWidth, rowText } from '../../src/rules/message-rows.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { drawBytes, renderScreen, SIZES, type Size } from './helpers/screens.js';

const set = (rules: string): RuleSet => compileRuleFile(`app = "t"\n${rules}`, 'rules/t.toml');

/** The screen a `.screens.txt` shows at its first driver label that starts with `label`. */
function screenAt(file: string, label: string): string[] {
  const text = readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8');
  const sections = text.split(/^=== /mu).slice(1);
  const section = sections.find((s) => s.startsWith('t=') && s.split('\n')[0]?.includes(` driver ${label}`));
  if (section === undefined) throw new Error(`${file} has no ${label} screen`);
  return section.split('\n').slice(1, -1).map((row) => row.trimEnd());
}

/** A rule that takes the message from one row and leaves the rest to the joiner. */
const oneRow = (pattern: string): RuleSet =>
  set(`[[rules]]\nname = "cmd"\nstate = "blocked"\nkind = "permission"\nany = ['${pattern}']\nmsg_template = "approve shell: {msg}"\n`);

const LONG_PATH = 'build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';
/** As in test/tools/agent-turns.mjs: the command the long-command recordings ask for (221 characters). */
const LONG_COMMAND = `mkdir -p ${LONG_PATH.slice(0, LONG_PATH.lastIndexOf('/'))} && touch ${LONG_PATH}`;

/** `text` wrapped the way a TUI does: at spaces, a word longer than the room cut where the row ends. */
function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    let rest = row === '' ? word : ` ${word}`;
    if (row.length + rest.length > width && row !== '' && word.length <= width) {
      rows.push(row);
      row = '';
      rest = word;
    }
    while (row.length + rest.length > width) {
      const room = width - row.length;
      rows.push(row + rest.slice(0, room));
      row = '';
      rest = rest.slice(room);
    }
    row += rest;
  }
  rows.push(row);
  return rows;
}

/** `text` wrapped the way OpenCode does: after a space, a hyphen or a slash, as much as fits on each row. */
function wrapAtBreaks(text: string, width: number): string[] {
  const pieces = text.match(/[^ /-]*(?:[/-]+|(?: |$))/gu)?.filter((p) => p !== '') ?? [];
  const rows: string[] = [];
  let row = '';
  for (const piece of pieces) {
    if ((row + piece).trimEnd().length > width && row !== '') {
      rows.push(row.trimEnd());
      row = '';
    }
    row += piece;
  }
  rows.push(row.trimEnd());
  return rows;
}

describe('real screens', () => {
  test('Copilot 1.0.102 at 80x24: the command wrapped in its inner box reads whole from its first row', () => {
    const screen = screenAt('copilot/1.0.102/shell-approve-80x24.screens.txt', 'blocked');
    const rules = oneRow(String.raw`^[ \t]*│[ \t]+╭─+╮[ \t│]*\n[ \t]*│[ \t]+│[ \t]*(?<msg>\S[^\n]*?)[ \t│]*$`);
    expect(rules.classify(screen, undefined, { width: 80 }).msg).toBe(
      'approve shell: mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt',
    );
  });

  test('Copilot 1.0.102 at 80x24: the command row in the transcript, cut with an ellipsis, is not joined with the dialog', () => {
    const screen = screenAt('copilot/1.0.102/shell-approve-80x24.screens.txt', 'blocked');
    const rules = oneRow(String.raw`^[ \t]*\$ Shell[^\n]*\n[ \t]*(?<msg>\S[^\n]*?)[ \t┃]*$`);
    expect(rules.classify(screen, undefined, { width: 80 }).msg).toBe('approve shell: mkdir -p build/logs && touch build/logs/build.log && echo "build started" …');
  });

  test('Claude Code 2.1.332 at 200x50: a row holding one whole path, short of the row end, keeps its space before the next', () => {
    // long-utf8-command: `… && cp` | `"build/…/résumé-du-rapport.txt"` (113 columns, alone on its row because the
    // next path did not fit after it) | `"build/…/dernière-exécution.txt" && echo …`.
    const screen = screenAt('claude-code/2.1.332/long-utf8-command-200x50.screens.txt', 'blocked');
    const rules = oneRow(String.raw`^[ \t]*╌{3,}[ \t]*\n[ \t]*│[ \t]*(?<msg>mkdir[^\n]*?)[ \t]*$`);
    const msg = rules.classify(screen, undefined, 200).msg ?? '';
    expect(msg).toContain('/résumé-du-rapport.txt" "build/rapports/');
    expect(msg).toMatch(/ && echo "terminé ✓ — le rapport est prêt"$/u);
  });

  test('Copilot 1.0.102 at 200x50: the same command on one row is left as it is', () => {
    const screen = screenAt('copilot/1.0.102/approve-then-deny-200x50.screens.txt', 'blocked');
    const rules = oneRow(String.raw`^[ \t]*│[ \t]+╭─+╮[ \t│]*\n[ \t]*│[ \t]+│[ \t]*(?<msg>\S[^\n]*?)[ \t│]*$`);
    expect(rules.classify(screen, undefined, { width: 200 }).msg).toBe(
      'approve shell: mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt',
    );
  });
});

describe.each(SIZES)('hand-made screens at $cols x $rows', (size: Size) => {
  /** The rows drawn from the top of a cleared screen, classified with the screen's width and soft wraps. */
  const classify = async (rules: RuleSet, lines: readonly string[]): Promise<string | undefined> => {
    const { lines: rows, softWrapped } = await renderScreen(`\x1b[H\x1b[2J${drawBytes(lines)}`, size);
    return rules.classify(rows, undefined, { width: size.cols, softWrapped }).msg;
  };

  test("a box's inner width: rows between │ sides join, the path cut inside a word runs on without a space", async () => {
    const inner = size.cols - 6;
    const rows = wrap(LONG_COMMAND, inner - 1).map((r) => `│ │ ${r.padEnd(inner - 1)}│ │`);
    const edge = '─'.repeat(size.cols - 2);
    const screen = [`╭${edge}╮`, `│ ╭${'─'.repeat(size.cols - 6)}╮ │`, ...rows, `│ ╰${'─'.repeat(size.cols - 6)}╯ │`, `│ Run it?${' '.repeat(size.cols - 10)}│`, `╰${edge}╯`];
    const rules = oneRow(String.raw`^│ ╭─+╮ │\n│ │ (?<msg>\S[^\n]*?)[ \t│]*$`);
    expect(await classify(rules, screen)).toBe(`approve shell: ${LONG_COMMAND}`);
  });

  test('a gutter column: rows behind the same ┃ join, a scrollbar at the right edge is left out', async () => {
    const rows = wrap(LONG_COMMAND, size.cols - 8).map((r, i) => `  ┃  ${i === 0 ? '$ ' : '  '}${r}`.padEnd(size.cols - 1) + '█');
    const screen = ['  ┃  △ Permission required', '  ┃', ...rows, '  ┃', '  ┃  Allow once   Reject'];
    const rules = oneRow(String.raw`^[ \t┃]*\$ (?<msg>\S[^\n]*?)[ \t┃█]*$`);
    expect(await classify(rules, screen)).toBe(`approve shell: ${LONG_COMMAND}`);
  });

  test('a hanging indent: rows under the command text join, the options below do not', async () => {
    const rows = wrap(LONG_COMMAND, size.cols - 4).map((r, i) => `${i === 0 ? '  $ ' : '    '}${r}`);
    const screen = ['  Would you like to run the following command?', '', ...rows, '', '› 1. Yes, proceed (y)', '  2. No (esc)'];
    const rules = oneRow(String.raw`^[ \t]*\$ (?<msg>\S[^\n]*)`);
    expect(await classify(rules, screen)).toBe(`approve shell: ${LONG_COMMAND}`);
  });

  test('a marker drawn through a wrapped row (← at its end) is left out', async () => {
    const rows = wrap(LONG_COMMAND, size.cols - 8).map((r, i) => `  ${i === 0 ? '$ ' : '  '}${r}`.padEnd(size.cols - 3) + (i === 0 ? '←' : ''));
    const rules = oneRow(String.raw`^[ \t]*\$ (?<msg>\S[^\n]*?)[ \t←]*$`);
    expect(await classify(rules, ['? Run this command', ...rows, '', '  Enter to confirm'])).toBe(`approve shell: ${LONG_COMMAND}`);
  });

  test('a command wrapped at any character behind a │ gutter (Claude Code 2.1.332): every row full, words cut anywhere', async () => {
    const chars = [...LONG_COMMAND];
    // Full up to the next-to-last column, as long-command-80x24 shows it (79 of 80 cells).
    const room = size.cols - 4;
    const rows: string[] = [];
    for (let i = 0; i < chars.length; i += room) rows.push(` │ ${chars.slice(i, i + room).join('')}`);
    const rule = '╌'.repeat(size.cols);
    const rules = oneRow(String.raw`^╌+\n[ │]*(?<msg>\S[^\n]*)$`);
    expect(await classify(rules, [' Bash command', rule, ...rows, rule, ' Do you want to proceed?'])).toBe(`approve shell: ${LONG_COMMAND}`);
  });

  test('a command broken after hyphens and slashes, short of the row end (OpenCode 1.18.33)', async () => {
    // At 80 columns the rows OpenCode drew; wider, the same breaks at the panel's width.
    const rows = wrapAtBreaks(`$ ${LONG_COMMAND}`, size.cols - 8);
    const rules = oneRow(String.raw`^[ ┃]*\$ (?<msg>\S[^\n]*)$`);
    expect(await classify(rules, ['  ┃  △ Permission required', '  ┃', ...rows.map((r) => `  ┃  ${r}`), '  ┃', '  ┃   Allow once   Reject'])).toBe(
      `approve shell: ${LONG_COMMAND}`,
    );
  });

  test("a path broken after its file name's dot, the extension on the next row (Kilo Code 7.7.7 at 120 columns)", async () => {
    // The row ends `…/summary.` two columns short of the gutter's width; `log` would not have fitted after it.
    const head = `touch ${'d/'.repeat((size.cols - 20) / 2 - 1)}summary.`;
    const rules = oneRow(String.raw`^[ ┃]*\$ (?<msg>\S[^\n]*)$`);
    expect(await classify(rules, ['  ┃  △ Permission required', '  ┃', `  ┃  $ ${head}`, '  ┃  log', '  ┃', '  ┃   Allow once   Reject'])).toBe(
      `approve shell: ${head}log`,
    );
  });

  test('a sentence that ends at a path, the next one on the next row: the space stays', async () => {
    const head = `Saved the report to ${'d/'.repeat((size.cols - 34) / 2 - 1)}summary.`;
    const rules = oneRow(String.raw`^[ ┃]*# (?<msg>\S[^\n]*)$`);
    expect(await classify(rules, ['  ┃  △ Notice', '  ┃', `  ┃  # ${head}`, '  ┃  Review it before the release.', '  ┃', '  ┃   Allow once   Reject'])).toBe(
      `approve shell: ${head} Review it before the release.`,
    );
  });

  test('a row broken inside a word goes on further out (Cline 3.0.65 at 200 columns: the rest at the box edge)', async () => {
    const cut = LONG_COMMAND.lastIndexOf('-', size.cols - 9) + 1;
    const rules = oneRow(String.raw`^[ \t]*\$ (?<msg>\S[^\n]*)$`);
    expect(await classify(rules, [' run_commands', '', `   $ ${LONG_COMMAND.slice(0, cut)}`, ` ${LONG_COMMAND.slice(cut)}`, '  [y] Approve   [n] Deny'])).toBe(
      `approve shell: ${LONG_COMMAND}`,
    );
  });

  test('options with a space before them are not a cut: `npm test --` then `--coverage` keeps its space', async () => {
    const rules = oneRow(String.raw`^  \$ (?<msg>\S[^\n]*)$`);
    const head = `npm test ${'x'.repeat(size.cols - 20)} --`;
    expect(await classify(rules, [`  $ ${head}`, '    --coverage', '', '› 1. Yes'])).toBe(`approve shell: ${head} --coverage`);
  });

  test('a short command is not joined with the description under it', async () => {
    const rules = oneRow(String.raw`^ Bash command\n(?<msg>[^\n]+)$`);
    expect(await classify(rules, [' Bash command', '   touch build.log', '   Create an empty build log', ' Do you want to proceed?'])).toBe(
      'approve shell: touch build.log',
    );
  });

  test('a command the terminal wrapped (written as one line past the last column) reads whole, cut where the terminal cut it', async () => {
    // One write, no newline: xterm wraps it at the last column, inside words or at a space.
    const rules = oneRow(String.raw`^ +↳ (?<msg>\S[^\n]*)`);
    expect(await classify(rules, ['  Command to approve', `  ↳ ${LONG_COMMAND}`, '', '  Enter select'])).toBe(`approve shell: ${LONG_COMMAND}`);
  });

  test('where the terminal wrapped, a space at the break stays and a word cut at the edge is whole again (xterm isWrapped)', async () => {
    // The first wrap falls on a space (the last cell of row 1 is blank), the second inside the short word
    // `split`: row lengths alone would read the second as a wrap at a space (`sp lit`).
    const text = `${'a'.repeat(size.cols - 5)} ${'b'.repeat(size.cols - 3)} split here`;
    const rules = oneRow(String.raw`^ +↳ (?<msg>\S[^\n]*)`);
    expect(await classify(rules, ['  Command to approve', `  ↳ ${text}`, '', '  Enter select'])).toBe(`approve shell: ${text}`);
  });

  test('a row the program filled to the last cell, its next row at the same column: not joined (Droid 0.215.0 elides to fit)', async () => {
    const shown = `${LONG_COMMAND.slice(0, size.cols - 40)}...${LONG_COMMAND.slice(-33)}`;
    const rules = oneRow(String.raw`^ +↳ (?<msg>\S[^\n]*)`);
    const screen = ['  Command to approve · medium risk', `  ↳ ${shown}`, '  Why this needs approval: It changes files in the project folder only.', '╭──╮'];
    expect([...`  ↳ ${shown}`].length).toBe(size.cols);
    expect(await classify(rules, screen)).toBe(`approve shell: ${shown}`);
  });

  test('a full row followed by a row that starts left of the message is a new line', async () => {
    const first = `x${'y'.repeat(size.cols - 10)} end`;
    const rules = oneRow(String.raw`^ +\$ (?<msg>\S[^\n]*)`);
    expect(await classify(rules, [`  $ ${first}`, 'next paragraph'])).toBe(`approve shell: ${first}`);
  });
});

describe('row anatomy', () => {
  test('a row inside nested boxes: the text, its columns and the inner side as its limit', () => {
    expect(rowText('│ │ npm test     │ │', 80)).toEqual({ text: 'npm test', start: 4, limit: 17, edge: false, gutter: '│@0 │@2', lineStart: 4 });
  });

  test('a row with no side on its right reaches the screen width', () => {
    expect(rowText('    rest of it', 80)).toMatchObject({ text: 'rest of it', start: 4, limit: 80, edge: true, gutter: '' });
  });

  test('the width shows only in a frame row drawn across the screen; text rows tell nothing sure', () => {
    expect(estimateWidth(['─'.repeat(80), 'short'])).toBe(80);
    expect(estimateWidth(['Q: which one?', 'Enter to select'])).toBe(0);
  });
});
