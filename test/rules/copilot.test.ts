// rules/copilot.toml on hand-made GitHub Copilot CLI screens (drawn through the real ShadowScreen at 80×24 and
// 200×50, laid out as 1.0.102 lays them out): live dialogs, and the look-alikes that must not be blocked — a
// dialog's words in the model's prose, an old error or notice above a newer turn.
import { describe, expect, test } from 'vitest';
import { bundledRules, renderLines, SIZES, type Size } from './helpers/screens.js';

const rules = bundledRules('copilot.toml');

const rule = (size: Size): string => '─'.repeat(size.cols);
/** The bottom of every screen but a dialog's: folder row, the input between two rules, the footer. */
const inputAndFooter = (size: Size, footer = ' ← open sidebar · Interactive · Manual Approval · / commands'): string[] => [
  ' /tmp/project',
  rule(size),
  '❯',
  rule(size),
  footer,
];
/** A ╭─╮ dialog box `size.cols` wide around `rows`. */
const box = (size: Size, rows: readonly string[]): string[] => [
  `╭${'─'.repeat(size.cols - 2)}╮`,
  ...rows.map((r) => `│ ${r.padEnd(size.cols - 4)} │`),
  `╰${'─'.repeat(size.cols - 2)}╯`,
];
const inner = (size: Size, rows: readonly string[]): string[] => [
  `╭${'─'.repeat(size.cols - 6)}╮`,
  ...rows.map((r) => `│ ${r.padEnd(size.cols - 8)} │`),
  `╰${'─'.repeat(size.cols - 6)}╯`,
];

async function verdict(lines: string[], size: Size): Promise<string> {
  const c = rules.classify(await renderLines(lines, size));
  return `${c.state}${c.kind ? `:${c.kind}` : ''} ${c.rule ?? '-'}${c.msg === undefined ? '' : ` "${c.msg}"`}`;
}

describe.each(SIZES)('copilot screens at $cols×$rows', (size) => {
  test('a shell approval gives the command from its inner box, every wrapped row of it', async () => {
    const screen = [
      ' ❯ clean up',
      '',
      ...box(size, [
        'Remove the build folder',
        '─'.repeat(size.cols - 4),
        ...inner(size, ['rm -rf build dist coverage && git clean -fdx --', 'exclude=node_modules']),
        '',
        'Do you want to run this command?',
        '',
        '❯ 1. Yes',
        "  2. Yes, and don't ask again for `rm` in this directory",
        '  3. No, and tell Copilot what to do differently (Esc to stop)',
        '',
        '↑/↓ to navigate · enter to select · esc to cancel',
      ]),
    ];
    expect(await verdict(screen, size)).toBe(
      'blocked:permission approve-shell "approve shell: rm -rf build dist coverage && git clean -fdx -- exclude=node_modules"',
    );
  });

  test("the dialog's words in the model's answer, with the input below, are not a dialog", async () => {
    const screen = [
      ' ❯ what does the approval look like?',
      '',
      ' ● It asks:',
      '│ Do you want to run this command?',
      '│ ❯ 1. Yes',
      '│ ↑/↓ to navigate · enter to select · esc to cancel',
      '   Copilot needs information.',
      '   ↑/↓ select · enter accept · ctrl+d decline · esc cancel',
      '',
      ...inputAndFooter(size),
    ];
    expect(await verdict(screen, size)).toBe('idle prompt');
  });

  test('an old error and an old sign-in notice above a newer finished turn are neither error nor blocked', async () => {
    const screen = [
      'Please use /login to sign in to use Copilot',
      ' ✗ 400 The model does not accept this request.',
      '',
      ' ❯ say hello',
      '',
      ' ● Hello. Want me to add a test?',
      '',
      ...inputAndFooter(size),
    ];
    expect(await verdict(screen, size)).toBe('idle prompt');
  });

  test('the last entry an error: error with its text; the same with the denial notice: interrupted', async () => {
    const error = [' ❯ go', '', ' ✗ 400 The model does not accept this request.', '', ...inputAndFooter(size)];
    expect(await verdict(error, size)).toBe('error error "400 The model does not accept this request."');
    const denied = [' ❯ go', '', ' ● Operation cancelled by user', '', ...inputAndFooter(size)];
    expect(await verdict(denied, size)).toBe('idle interrupted');
  });

  test('the footer while a turn runs is working, whatever the transcript says', async () => {
    const screen = [' ❯ go', '', ' ● Operation cancelled by user', '', ...inputAndFooter(size, ' ◎ Working · 96 B esc esc interrupt')];
    expect(await verdict(screen, size)).toBe('working working-footer');
  });
});
