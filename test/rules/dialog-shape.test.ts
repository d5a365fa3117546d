// findDialog on hand-made screens drawn through the real ShadowScreen, at 80×24 and 200×50: dialogs of
// programs no rule file knows, and the screens that look like one and are not.
import { describe, expect, test } from 'vitest';
import { findDialog } from '../../src/rules/dialog.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRuleFile } from '../../src/rules/compile.js';
import { drawBytes, renderLines, renderScreen, SIZES } from './helpers/screens.js';

const RULE = '─'.repeat(70);
const dialogOn = async (lines: readonly string[], size: (typeof SIZES)[number]) => findDialog(await renderLines(lines, size));

describe.each(SIZES)('dialogs of programs without rules are found by their shape (%o)', (size) => {
  test.each([
    [
      'a boxed menu with its selection (whiptail-like)',
      ['Setting up foo ...', '┌────────── Configure foo ───────────┐', '│ Restart services during upgrades?  │', '│                                    │', '│   > 1. Yes                         │', '│     2. No                          │', '└────────────────────────────────────┘'],
      { kind: 'question', title: 'Configure foo', by: 'options' },
    ],
    [
      'a yes/no prompt on the last row',
      ['$ apt-get install foo', 'The following NEW packages will be installed: foo', 'Do you want to continue? [Y/n]'],
      { kind: 'question', title: 'Do you want to continue?', by: 'hint' },
    ],
    [
      'a numbered chooser with a marker and a key hint under a rule',
      ['log output', RULE, ' Allow the tool to write config.yml?', '', ' ❯ 1. Yes', '   2. Yes, for this session', '   3. No', '', ' Enter to select · Esc to cancel'],
      { kind: 'permission', title: 'Allow the tool to write config.yml?', by: 'options' },
    ],
    [
      'a notice whose only shape is its key hint (Claude Code auto mode)',
      ['● Done.', RULE, " Auto mode can't check actions in this session", ' Enter to stay in auto mode · shift+Tab to leave it · Esc to cancel'],
      { kind: 'question', title: "Auto mode can't check actions in this session", by: 'hint' },
    ],
    [
      'a sign-in chooser (auth from its words)',
      ['  Welcome', '', '> 1. Sign in with your browser', '  2. Paste an API key', '', '  Press enter to continue'],
      { kind: 'auth', title: 'Welcome', by: 'options' },
    ],
    [
      'a multi-question form (Codex: tab to add notes | enter to submit all)',
      ['› pick the stack', '', '  Question 2/2 (1 unanswered)', '  Which test runner?', '  › 1. vitest', '    2. jest', '', '  tab to add notes | enter to submit all | esc to interrupt'],
      { kind: 'question', title: 'Which test runner?', by: 'options' },
    ],
    [
      "an unnumbered list: the marked option and the ones aligned with it",
      [RULE, ' Accessing workspace:', ' /home/anon/project', '', ' ❯ No, exit', '   Yes, I trust this folder', '', ' Enter to confirm · Esc to cancel'],
      // A title that ends in a colon takes in the row it introduces.
      { kind: 'permission', title: 'Accessing workspace: /home/anon/project', by: 'options' },
    ],
    [
      'a title that ends in a colon takes in the rows it introduces, up to its question (an extension dialog between rules)',
      [RULE, ' ⚠️ Dangerous command:', '', '   rm -rf build', '', ' Allow?', '', ' → Yes', '   No', '', ' ↑↓ navigate  enter select  escape/ctrl+c cancel'],
      { kind: 'permission', title: 'Dangerous command: rm -rf build Allow?', by: 'options' },
    ],
    [
      'a title wrapped over two rows is one line',
      ['─'.repeat(80), ' Claude has written up a plan and is ready to execute. Would you like to', ' proceed?', ' ❯ 1. Yes', '   2. No'],
      { kind: 'permission', title: 'Claude has written up a plan and is ready to execute. Would you like to proceed?' },
    ],
    [
      'a narrow pane: a scroll arrow under the options, the key hint wrapped (Codex at 40 columns)',
      ['  Would you like to run the following', '  command?', '', '  $ touch build.log', '', '› 1. Yes, proceed (y)', '  2. Yes, and don\'t ask again', '  3. No, and tell Codex what to do', '↓', '  Press enter to confirm or esc to', '  cancel'],
      { kind: 'permission', title: 'Would you like to run the following command?', by: 'options' },
    ],
    [
      'key letters in brackets (`[y] Approve   [n] Deny`)',
      [' ❯ deploy it', '', ' Tool needs permission', '', ' Approve tool call?', '   $ make deploy', '  [y] Approve   [n] Deny'],
      { kind: 'permission', title: 'Approve tool call?', by: 'hint' },
    ],
    [
      'options in a box without a marker and the key hint under the box: the text above the box is the title',
      ['  Command to approve · high risk', '  ↳ rm -rf build', '╭────────────────────────────────────╮', '│  Yes, allow                        │', '│  No, cancel                        │', '╰────────────────────────────────────╯', '  ↑↓ navigate   Enter select   Esc cancel'],
      { kind: 'permission', title: 'Command to approve · high risk', by: 'hint' },
    ],
    [
      'a boxed question with its numbered choices under the box',
      ['╭────────────────────────────────────╮', '│ Trust this folder?                 │', '│ /home/anon/project                 │', '╰────────────────────────────────────╯', '', '> 1. Trust this folder', '  2. Exit without trusting', '', 'Enter to confirm · Esc to exit'],
      { kind: 'permission', title: 'Trust this folder?', by: 'options' },
    ],
    [
      'a boxed chooser whose options have descriptions at their own column',
      ['╭────────────────────────────────────╮', '│ Connect a Provider                 │', '│                                    │', '│ › Hosted                           │', '│   Sign in with your account        │', '│   Local server                     │', '│   Use a model on this machine      │', '╰────────────────────────────────────╯'],
      { kind: 'auth', title: 'Connect a Provider', by: 'options' },
    ],
    [
      "a program saying it waits for the user's confirmation under its choices",
      ['  ? Shell make deploy', '   Allow execution of: \'make\'?', '', '   › 1. Yes, allow once', '     2. No, suggest changes (esc)', '', '  ⠏ Waiting for user confirmation...'],
      { kind: 'permission', title: "Allow execution of: 'make'?", by: 'options' },
    ],
  ])('%s', async (_name, lines, expected) => {
    expect(await dialogOn(lines, size)).toMatchObject(expected);
  });

  test.each([
    ['a numbered list in prose above a shell prompt', ['Steps:', '1. Build it.', '2. Test it.', '3. Ship it.', '$ ']],
    [
      "a numbered list in an agent's answer above its prompt box",
      ['● Here is the plan:', '  1. Split the parser.', '  2. Add tests.', '', RULE, '❯ ', RULE, '  ? for shortcuts'],
    ],
    [
      'a transcript quoting a dialog, with the prompt box under it',
      ['● The dialog looks like this:', '  Do you want to proceed?', '  ❯ 1. Yes', '    2. No', '  Esc to cancel · Tab to amend', '', RULE, '❯ ', RULE, '  ? for shortcuts'],
    ],
    [
      'an answered dialog with newer output drawn below it',
      ['╭──────────────────────────────────────╮', '│ Do you trust the files in this folder? │', '│ ● 1. Trust folder                      │', '│   2. Don\'t trust                        │', '╰──────────────────────────────────────╯', 'Gemini CLI is restarting to apply the trust changes...'],
    ],
    [
      'a box whose top corner is drawn and its bottom not yet (still being drawn)',
      ['✦ Hello', '╭──────────────────────────────────────╮', '│ Allow execution of [Shell]?           │', '│ ● 1. Allow once                       │', '│   2. No                               │'],
    ],
    [
      'history redrawn after a restart: the answered dialog drawn again under its first copy',
      ['│ Do you trust the files in this folder? │', '│ ● 1. Trust folder                      │', '╰──────────────────────────────────────╯', 'ℹ Skipping project agents.', '╭──────────────────────────────────────╮', '│ Do you trust the files in this folder? │', '│ ● 1. Trust folder                      │', '│   2. Don\'t trust                        │', '╰──────────────────────────────────────╯'],
    ],
    [
      'a theme picker the user opened',
      [RULE, ' Theme', ' Choose the text style that looks best with your terminal', ' ❯ 1. Dark mode ✔', '   2. Light mode', '', ' Enter to select · Esc to exit'],
    ],
    ['a model picker the user opened', [RULE, ' Select model', ' ❯ 1. Default (recommended)', '   2. Opus', '   3. Haiku', ' Enter to confirm · Esc to exit']],
    ['a slash-command palette', ['❯ /', RULE, '  /add-dir      Add a new working directory', '❯ /agents       Manage agent configurations', '  /bashes       List background tasks']],
    ['a running turn that names its key', ['● Working on it', '⠏ Thinking... (esc to cancel, 4s)']],
    ["a mode line that names a key with a modifier (Gemini's Shift+Tab to accept edits)", ['✦ Done.', RULE, ' Shift+Tab to accept edits']],
    ['a lone marked row (a prompt with text in it)', ['❯ 1. fix the bug']],
    ['a composer box with a typed prompt wrapped over rows (no title above the marker)', ['✦ Done.', '╭────────────────────────────────────╮', '│ > fix the parser and then run the  │', '│   tests again                      │', '╰────────────────────────────────────╯']],
    ['a transcript entry with its result under it', [' ● Tip: /skills', '   └ Manage skills for enhanced capabilities', '']],
    ['a tool call and its answer (`● Ask Question(…)` over `⎿  User selected…`)', ['● Ask Question(Which database?)', '  ⎿  User selected option 1: "PostgreSQL"']],
    ["an agent's answer half drawn above its composer (`> prompt` under prose)", ['  ◆ Point 1: the notes are plain text. Point 2:', '    the notes are plain text. Point 3: the notes', '    are plain text.', '  ● Request cancelled.', '', RULE, '> write a long essay', RULE]],
    ['a settings list the user opened, its title right above the options', ['  Settings', '   General  MCP  Skills', '', '   ▸ Provider              OpenAI', '     Model                 mock', '     Theme                 Auto', '', '   ←/→ switch tabs, ↑/↓ navigate, Tab/Enter select, Esc close']],
    ['an answered yes/no prompt with the next output under it (a short row at the prompt\'s indent)', ['ready', 'Continue? [y/n] y', 'thinking']],
    ["a program's wait notice alone (the dialog not drawn yet)", ['  ● I will run the tests.', '', '  ⠏ Waiting for user confirmation...']],
    ['a program still starting that lets Esc stop it (Codex: `Waiting for startup · esc cancel`)', ['  >_ Some CLI (v1.0)', '', '› prepare the report folder', '', '  Waiting for startup  · esc cancel']],
    [
      'a command palette under the composer where a slash command is being typed (its commands drawn without the slash)',
      ['  > summarize this repo', '  ◆ Done.', RULE, '> /qu', RULE, '  > quit                          exit the cli', '    qc-helper <question> [Skill]  Answer any question about usage'],
    ],
    [
      'a picker whose title stands more rows above its key hint than a title is looked for',
      [RULE, '  Select model', '  Your pick is the default for new sessions.', '', '  ❯ 1. Default (recommended)', ...Array.from({ length: 12 }, (_, i) => `                    description row ${i + 1}`), '', '  ◐ Medium effort (default) ←/→ to adjust', '', '  s to use this session only · Enter to save · Esc to cancel'],
    ],
    [
      "a composer's prompt row between its rules under a transcript (half drawn: no options)",
      ['  > run the full test suite', '  - Shell npm test -- --coverage', '     run lint (Run the full test suite)', '', RULE, '> /', RULE],
    ],
  ])('not a dialog: %s', async (_name, lines) => {
    expect(await dialogOn(lines, size)).toBeUndefined();
  });
});

describe.each(SIZES)('a dialog above the chrome a program keeps drawn under it (%o)', (size) => {
  // A status bar: text at the left and at the right edge (Cline's model and mode row, Continue's folder row).
  const bar = (left: string, right: string): string => `${left}${' '.repeat(size.cols - 1 - left.length - right.length)}${right}`;
  const status = [bar(' model-x (1,200) $0.00', '○ Plan ● Act (Tab)'), ' project', ' Auto-approve all disabled (Shift+Tab)'];
  const composer = ['─'.repeat(size.cols), '❯ Ask anything...', '─'.repeat(size.cols)];
  const dialogOver = async (lines: readonly string[]) => findDialog(await renderLines(lines, size), undefined, size.cols);

  test.each([
    [
      'a key hint, two blank rows, then the status bar (Cline\'s tool approval)',
      [' ❯ deploy it', '', ' Tool needs permission', '', ' Approve tool call?', ' run_commands', '   $ make deploy', '  [y] Approve   [n] Deny', '', '', ...status],
      { kind: 'permission', title: 'Approve tool call?', by: 'hint' },
    ],
    [
      'a question whose options stand right above the kept composer and the status bar (Cline\'s question)',
      [' ❯ pick a database', '', ' Tool is asking a question', '', ' Which database should the project use?', '', '  > PostgreSQL (Recommended)', '    SQLite', ...composer, ...status],
      { kind: 'question', title: 'Which database should the project use?', by: 'options' },
    ],
    [
      'the same under the running tool call that asked it (` ⠋ ask_question(…?)`): the question, not the call, is the title',
      [' ❯ pick a database', '', ' ⠋ ask_question(Which database should the project use?)', '', ' Tool is asking a question', '', ' Which database should the project use?', '', '  > PostgreSQL (Recommended)', '    SQLite', ...composer, ...status],
      { kind: 'question', title: 'Which database should the project use?', by: 'options' },
    ],
    [
      "a dialog box with the folder row under its bottom edge (Continue's tool approval)",
      ['● create notes.txt', '╭──────────────────────────────────────╮', '│  Write(notes.txt)                    │', '│  Would you like to continue?         │', '│  > Continue (tab)                    │', '│    No, and tell me what to do (esc)  │', '╰──────────────────────────────────────╯', bar('  /home/anon/project', '◉ Some CLI ')],
      { kind: 'permission', title: 'Write(notes.txt)', by: 'options' },
    ],
  ])('%s', async (_name, lines, expected) => {
    expect(await dialogOver(lines)).toMatchObject(expected);
  });

  test.each([
    ['the composer and the status bar under an answer', [' ❯ make a build log', ' * Created build.log.', ...composer, ...status]],
    [
      'a transcript entry quoting a dialog above the composer and the status bar',
      ['● The dialog looks like this:', '  Do you want to proceed?', '  ❯ 1. Yes', '    2. No', '  Esc to cancel · Tab to amend', ...composer, ...status],
    ],
    ['an answered prompt with the next output under it, the status bar below', ['ready', 'Continue? [y/n] y', 'thinking', '', ...status]],
    [
      'an answered dialog with a notice under it that is no status bar (no right-aligned part)',
      ['  Do you trust this folder?', '  ❯ 1. Yes', '    2. No', '', '  Restarting to apply the trust changes...', '  Skipping project agents.'],
    ],
    ['status rows glued to the text above them', ['  Do you want to proceed?', '  ❯ 1. Yes', '    2. No', ...status]],
    ['more status rows than a status bar has', ['  Do you want to proceed?', '  ❯ 1. Yes', '    2. No', '', ' one more row', ...status]],
    ['a slash palette above the composer', ['● Done.', '╭──────────────────────────────────────╮', '│ ❯ /settings     Modify configuration │', '│   /model        Switch model         │', '╰──────────────────────────────────────╯', ...composer, ...status]],
    ['a shell prompt drawn in the status bar\'s place (a dead frame)', ['  Do you want to proceed?', '  ❯ 1. Yes', '    2. No', '  Esc to cancel', '', bar('user@host:~/p$ ls', 'x')]],
  ])('not a dialog: %s', async (_name, lines) => {
    expect(await dialogOver(lines)).toBeUndefined();
  });
});

describe.each(SIZES)('a title the terminal wrapped (%o)', (size) => {
  test('joins where the terminal cut it, inside a short word too (xterm isWrapped)', async () => {
    // One row longer than the screen: xterm wraps it inside `split` (` sp` fills the last cells).
    const title = `Allow the tool to write ${'a'.repeat(size.cols - 28)} split.yml?`;
    const { lines, softWrapped } = await renderScreen(`\x1b[H\x1b[2J${drawBytes([RULE, ` ${title}`, ' ❯ 1. Yes', '   2. No', ' Esc to cancel'])}`, size);
    expect(lines[1]?.endsWith(' sp')).toBe(true);
    expect(findDialog(lines, softWrapped)?.title).toBe(title);
  });
});

describe('the structural rule in a rule set', () => {
  // The bundled generic rules: the structural rule comes last, after the specific prompts.
  const generic = compileRuleFile(readFileSync(fileURLToPath(new URL('../../rules/generic.toml', import.meta.url)), 'utf8'), 'rules/generic.toml');

  test('an unknown program\'s dialog is blocked with its kind and its title as the message', async () => {
    const lines = await renderLines([RULE, ' Run the migration on production?', ' ❯ 1. Yes', '   2. No', ' Esc to cancel'], SIZES[0] ?? { cols: 80, rows: 24 });
    expect(generic.classify(lines)).toMatchObject({
      state: 'blocked',
      kind: 'permission',
      rule: 'any-dialog',
      matcher: 'dialog',
      msg: 'Run the migration on production?',
    });
  });

  test('the generic file\'s specific prompts still come first', async () => {
    const lines = await renderLines(['Proceed with the upgrade? [y/N]'], SIZES[0] ?? { cols: 80, rows: 24 });
    expect(generic.classify(lines)).toMatchObject({ state: 'blocked', kind: 'question', rule: 'yes-no' });
  });

  test.each([
    ['killed at its dialog, a shell prompt drawn on the selected option\'s row', [RULE, ' Do you want to proceed?', ' bash-5.2$', '   2. No', '', ' Esc to cancel']],
    ['killed at its dialog, a shell prompt with a command typed drawn over its title', [RULE, 'user@host:~/project$ ls', ' Press enter to confirm or esc to cancel']],
    ['the same, zsh style', [RULE, 'host% ', ' Press enter to confirm or esc to cancel']],
  ])('a dead frame is no dialog: %s', async (_name, lines) => {
    const rendered = await renderLines(lines, SIZES[0] ?? { cols: 80, rows: 24 });
    expect(generic.classify(rendered).rule).toBeUndefined();
  });

  test('a command a dialog shows as `$ …` is no shell prompt: still blocked, the command its msg (dialog-command)', async () => {
    const lines = await renderLines([RULE, ' Allow this command?', '   $ touch build.log', ' ❯ 1. Yes', '   2. No', ' Esc to cancel'], SIZES[0] ?? { cols: 80, rows: 24 });
    expect(generic.classify(lines)).toMatchObject({ state: 'blocked', rule: 'dialog-command', msg: 'approve shell: touch build.log' });
  });

  test('explain names a screen without a dialog', () => {
    const trace = generic.explain(['hello', '$ ']).traces.find((t) => t.rule === 'any-dialog');
    expect(trace?.outcome).toBe('no-dialog');
  });
});
