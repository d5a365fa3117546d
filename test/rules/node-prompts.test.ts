// rules/generic.toml on node prompt libraries in raw mode (clack, terkelg/prompts, inquirer, npm init's `read`):
// hand-made screens beside the recordings (test/rules/programs-recordings.test.ts), for the shapes and the screens
// that must not read blocked — an answered prompt, a cancelled one, a spinner after the last answer, a footer.
import { describe, expect, test } from 'vitest';
import { bundledRules, renderBytes } from './helpers/screens.js';

const generic = bundledRules('generic.toml');
const rows = (...lines: string[]): string => lines.join('\r\n');
type Want = { state: string; kind?: string; msg?: string; rule?: string };

const cases: [string, string, Want][] = [
  // ---- clack
  ['clack text input with its placeholder', rows('│', '◆  Project name:', '│  vite-project', '└'), { state: 'blocked', kind: 'question', msg: 'Project name: vite-project', rule: 'clack-text' }],
  ['clack text input, invalid (▲, the error on the footer)', rows('│', '▲  Project name:', '│  my app█', '└  Invalid name'), { state: 'blocked', kind: 'question', msg: 'Project name:', rule: 'clack-prompt' }],
  ['clack select with a wrapped title', rows('◇  Project name:', '│  my-app', '│', '◆  Detected package managers. Which one should we use to install', '│  dependencies?', '│  ● None', '│  ○ npm', '└'), { state: 'blocked', kind: 'question', msg: 'Detected package managers. Which one should we use to install dependencies?', rule: 'clack-select' }],
  ['clack confirm', rows('◆  Install with npm and start now?', '│  ● Yes / ○ No', '└'), { state: 'blocked', kind: 'question', msg: 'Install with npm and start now?', rule: 'clack-select' }],
  ['clack multi-select', rows('◆  Pick add-ons:', '│  ◼ prettier', '│  ◻ eslint', '└'), { state: 'blocked', kind: 'question', msg: 'Pick add-ons:', rule: 'clack-select' }],
  ['clack select that removes files', rows('◆  Target directory "app" is not empty. Please choose how to proceed:', '│  ● Cancel operation', '│  ○ Remove existing files and continue', '│  ↑/↓ to navigate • Enter: confirm', '└'), { state: 'blocked', kind: 'permission', msg: 'Target directory "app" is not empty. Please choose how to proceed:', rule: 'clack-permission' }],
  ['clack: a removal answered above the asking prompt is not its word', rows('◇  Target directory "app" is not empty.', '│  Remove existing files and continue', '│', '◆  Select a framework:', '│  ● Vanilla', '│  ○ Vue', '└'), { state: 'blocked', kind: 'question', msg: 'Select a framework:' }],
  ['clack: every prompt answered, a spinner under them', rows('◇  Project name:', '│  my-app', '│', '◇  Installing dependencies with npm...', '⠹'), { state: 'idle' }],
  ['clack: cancelled', rows('■  Project name:', '│  my-app', '│', '└  Operation cancelled.'), { state: 'idle' }],
  ['clack: the outro after the last answer', rows('◇  Install with npm and start now?', '│  No', '│', '└  Done. Now run: cd my-app'), { state: 'idle' }],
  ['clack: a dead frame under a shell prompt', rows('◆  Project name:', '│  vite-project', '└', 'dev@box:~/src$'), { state: 'idle' }],
  // ---- terkelg/prompts
  ['prompts text input', rows('? What is your project named? › my-app'), { state: 'blocked', kind: 'question', msg: 'What is your project named?', rule: 'prompts-question' }],
  ['prompts toggle under answered ones', rows('✔ What is your project named? … my-app', '? Would you like to use TypeScript? › No / Yes'), { state: 'blocked', kind: 'question', msg: 'Would you like to use TypeScript?' }],
  ['prompts select, its hint on the next row', rows('? Which linter would you like to use? ›', '- Use arrow-keys. Return to submit.', '❯   ESLint', '    Biome'), { state: 'blocked', kind: 'question', msg: 'Which linter would you like to use?' }],
  ['prompts multiselect', rows('? Pick features › - Space to select. Return to submit', '◉   TypeScript', '◯   ESLint'), { state: 'blocked', kind: 'question', msg: 'Pick features' }],
  ['prompts confirm that overwrites', rows('? Overwrite the existing folder? › (y/N)'), { state: 'blocked', kind: 'permission', msg: 'Overwrite the existing folder?', rule: 'node-prompt-permission' }],
  ['prompts: answered, then output', rows('✔ Would you like to use TypeScript? … No / Yes', 'Creating a new Next.js app in /tmp/my-app.'), { state: 'idle' }],
  ['prompts: cancelled', rows('✖ What is your project named? › my-app'), { state: 'idle' }],
  // ---- inquirer
  ['inquirer input with a default', rows('? Project name: (my-app)'), { state: 'blocked', kind: 'question', msg: 'Project name: (my-app)', rule: 'inquirer-input' }],
  ['inquirer input, typed text left out', rows('? Project name: demo'), { state: 'blocked', kind: 'question', msg: 'Project name:' }],
  ['inquirer confirm', rows('✔ Project name: my-app', '? Install dependencies now? (Y/n)'), { state: 'blocked', kind: 'question', msg: 'Install dependencies now? (Y/n)' }],
  ['inquirer confirm that deletes, y typed', rows('? Delete the old build folder? (y/N) y'), { state: 'blocked', kind: 'permission', msg: 'Delete the old build folder? (y/N)' }],
  ['inquirer list, (Use arrow keys)', rows('? Project name: my-app', '? Pick a framework (Use arrow keys)', '❯ React', '  Vue'), { state: 'blocked', kind: 'question', msg: 'Pick a framework', rule: 'inquirer-list' }],
  ['inquirer select, the second choice marked, hints under it', rows('? Pick a framework', '  React', '❯ Vue', '', '↑↓ navigate • ⏎ select'), { state: 'blocked', kind: 'question', msg: 'Pick a framework' }],
  ['inquirer rawlist', rows('? Package manager', '  1) npm', '  2) pnpm', '  Answer: 2'), { state: 'blocked', kind: 'question', msg: 'Package manager', rule: 'inquirer-rawlist' }],
  ['inquirer: answered (✔), then output', rows('✔ Project name: my-app', '✔ Pick a framework Vue', 'Installing dependencies…'), { state: 'idle' }],
  ['legacy inquirer: answered (`?` too), then output', rows('? Project name: my-app', '? Pick a framework Vue', 'Installing dependencies…'), { state: 'idle' }],
  ['an agent footer `? for help`', rows('> ', '? for help                                  IDE ◌'), { state: 'idle' }],
  ['inquirer: a dead prompt under a shell prompt', rows('? Project name: (my-app)', 'dev@box:~$'), { state: 'idle' }],
  // ---- npm init
  ['npm init, a field with its default', rows('Press ^C at any time to quit.', 'package name: (my-pkg)'), { state: 'blocked', kind: 'question', msg: 'package name: (my-pkg)', rule: 'npm-init-field' }],
  ['npm init, typed text left out', rows('package name: (my-pkg)', 'version: (1.0.0) 2.0.0'), { state: 'blocked', kind: 'question', msg: 'version: (1.0.0)' }],
  ['npm init, the last question', rows('}', '', 'Is this OK? (yes)'), { state: 'blocked', kind: 'question', msg: 'Is this OK? (yes)' }],
  ['a field name in output above later rows', rows('description: a demo', 'Wrote to /tmp/package.json'), { state: 'idle' }],
];

describe.each([
  { cols: 80, rows: 24 },
  { cols: 200, rows: 50 },
])('node prompts at $cols x $rows (rules/generic.toml)', (size) => {
  test.each(cases)('%s', async (_name, bytes, want) => {
    const result = generic.classify(await renderBytes(bytes, size));
    const got: Want = { state: result.state, ...(result.kind ? { kind: result.kind } : {}), ...(result.msg ? { msg: result.msg } : {}), ...(want.rule ? { rule: result.rule } : {}) };
    expect(got).toEqual(want);
  });
});
