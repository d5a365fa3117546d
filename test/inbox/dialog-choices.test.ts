// What a blocked session's dialog offers, read from its screen for `osf7501 watch`'s `a`: real recorded
// agent screens (fixtures/…/*.screens.txt, at their first `blocked` label) and the test children's dialogs.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { dialogChoices } from '../../src/inbox/dialog-choices.js';

/** The screen a `.screens.txt` shows at its first driver label that starts with `label`. */
function screenAt(file: string, label: string): string[] {
  const text = readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8');
  const section = text
    .split(/^=== /mu)
    .slice(1)
    .find((s) => s.startsWith('t=') && s.split('\n')[0]?.includes(` driver ${label}`));
  if (section === undefined) throw new Error(`${file} has no ${label} screen`);
  return section.split('\n').slice(1, -1).map((row) => row.trimEnd());
}

describe('the choices of the dialog on screen', () => {
  test.each([
    [
      'claude-code/2.1.332/bash-approve-80x24.screens.txt',
      {
        choices: [
          '1. Yes',
          '2. Yes, and always allow access to /tmp/osf7501-rec-0rvtN1/project from this project',
          '3. Yes, and switch to auto mode · auto mode handles these prompts for you',
          '4. No',
        ],
        keys: ['Esc to cancel · Tab to amend'],
      },
    ],
    [
      'codex/0.171.0/approve-then-deny-80x24.screens.txt',
      {
        choices: ['1. Yes, proceed (y)', "2. Yes, and don't ask again for commands that start with `touch build.log` (p)", '3. No, and tell Codex what to do differently (esc)'],
        keys: ['Press enter to confirm or esc to cancel'],
      },
    ],
    ['gemini-cli/0.61.0/shell-approve-80x24.screens.txt', { choices: ['1. Allow once', '2. Allow for this session', '3. No, suggest changes (esc)'], keys: [] }],
    // Above Cline's status bar (its widest row: the screen's width is not known here): the key hint row.
    ['cline/3.0.65/shell-approve-80x24.screens.txt', { choices: [], keys: ['[y] Approve [n] Deny'] }],
    ['cline/3.0.65/shell-approve-200x50.screens.txt', { choices: [], keys: ['[y] Approve [n] Deny'] }],
    // Unmarked options under a marked one are a choice each (they were glued into one).
    ['claude-code/2.1.332/trust-dialog-80x24.screens.txt', { choices: ['No, exit', 'Yes, I trust this folder'], keys: ['Enter to confirm · Esc to cancel'] }],
    [
      'continue/1.5.47/shell-approve-80x24.screens.txt',
      { choices: ['Continue (tab)', "Continue + don't ask again (shift+tab)", 'No, and tell Continue what to do differently (esc)'], keys: [] },
    ],
    [
      'copilot/1.0.102/question-80x24.screens.txt',
      { choices: ['PostgreSQL (Recommended)', 'SQLite', 'Other (type your answer)'], keys: ['↑/↓ select · enter accept · ctrl+d decline · esc cancel'] },
    ],
    ['droid/0.215.0/sign-in-80x24.screens.txt', { choices: ['Login', 'Exit'], keys: [] }],
    // Cline's scroll thumb (`▀`) at the right edge is not part of the option.
    ['cline/3.0.65/question-80x24.screens.txt', { choices: ['PostgreSQL (Recommended)', 'SQLite'], keys: [] }],
    // Options in pairs set apart by blank rows: each an option and its description.
    [
      'qwen-code/0.24.4/auth-dialog-120x32.screens.txt',
      {
        choices: [
          'Alibaba ModelStudio Official recommended setup: Coding Plan, Token Plan, or Standard API Key',
          'Third-party Providers Choose a built-in provider and connect with an API key',
          'Custom Provider Manually connect a local server, proxy, or unsupported provider',
        ],
        keys: [],
      },
    ],
    // The dialog's heading rows above the options are no choice, even when they look like list items.
    [
      'qwen-code/0.24.4/question-80x24.screens.txt',
      {
        choices: ['1. PostgreSQL (Recommended) A full SQL server.', '2. SQLite A single file, no server.', '3. Type something...'],
        keys: ['↑/↓: Navigate | Enter: Select | Esc: Cancel'],
      },
    ],
    // An option the matcher reads as the hint under the list (`(Esc to stop)`) is still a choice; the row an
    // option wraps onto in its own column, right above the next option, is part of it.
    [
      'copilot/1.0.102/shell-approve-80x24.screens.txt',
      {
        choices: [
          '1. Yes',
          "2. Yes, and don't ask again for `mkdir` and `touch` in this directory (/tmp/osf7501-copilot-lPbqJ3/project)",
          '3. No, and tell Copilot what to do differently (Esc to stop)',
        ],
        keys: ['↑/↓ to navigate · enter to select · esc to cancel'],
      },
    ],
    // The folder a status bar shows far to the right under the last option is not part of it.
    [
      'opencode/1.18.33/question-200x50.screens.txt',
      {
        choices: ['1. PostgreSQL (Recommended) A full SQL server.', '2. SQLite A single file, no server.', '3. Type your own answer'],
        keys: ['↑↓ select enter submit esc dismiss'],
      },
    ],
  ])('%s', (file, expected) => {
    expect(dialogChoices(screenAt(file, 'blocked'))).toEqual(expected);
  });

  test('a dialog without numbers (test/children/menu.py, marked with ❯)', () => {
    const screen = ['Deploy tool 0.1', '', 'Run migration 0042 on production?', '', '❯ 1. Yes, run it now', '  2. Yes, and skip the smoke tests', '  3. No', '', 'Enter to select · Esc to cancel'];
    expect(dialogChoices(screen)).toEqual({ choices: ['1. Yes, run it now', '2. Yes, and skip the smoke tests', '3. No'], keys: ['Enter to select · Esc to cancel'] });
  });

  test('a yes/no prompt on the last row: its hint, no numbered choices', () => {
    expect(dialogChoices(['copying…', 'Overwrite build.log? [Y/n]', '', ''])).toEqual({ choices: [], keys: ['Overwrite build.log? [Y/n]'] });
  });

  test('a screen without a dialog (a transcript, an idle prompt): nothing', () => {
    expect(dialogChoices(screenAt('claude-code/2.1.332/bash-approve-80x24.screens.txt', 'idle'))).toBeUndefined();
    expect(dialogChoices(['Steps:', '1. install', '2. build', '$ '])).toBeUndefined();
  });

  test('screen text is sanitized: no control characters reach the inbox', () => {
    const found = dialogChoices(['Proceed?', '❯ 1. Yes\x07\x1b]2;x', '  2. No', '', 'Esc to cancel']);
    expect(found?.choices.join('')).not.toMatch(/[\x00-\x1f\x7f]/u);
  });
});
