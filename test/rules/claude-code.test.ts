// rules/claude-code.toml on hand-made screens imitating Claude Code's layout, drawn through the
// real ShadowScreen at 80×24 and 200×50.
import { describe, expect, test } from 'vitest';
import type { Classification } from '../../src/rules/types.js';
import { boxed, dashed, promptBox, rule, transcript } from './helpers/claude-layout.js';
import { bundledRules, renderLines, SIZES } from './helpers/screens.js';

const claude = bundledRules('claude-code.toml');

type Screen = (cols: number) => string[];

const bashDialog = (cols: number, cursorOn = 1): string[] => [
  ...transcript(4),
  '❯ run the unit tests',
  '',
  '⏺ Bash(npm test -- --run)',
  '  ⎿  Waiting…',
  '',
  rule(cols),
  ' Bash command',
  '',
  '   npm test -- --run',
  '   Run the unit test suite',
  '',
  ' Do you want to proceed?',
  `${cursorOn === 1 ? ' ❯' : '  '} 1. Yes`,
  `${cursorOn === 2 ? ' ❯' : '  '} 2. Yes, and don't ask again for npm test commands in /home/dev/shop`,
  `${cursorOn === 3 ? ' ❯' : '  '} 3. No, and tell Claude what to do differently (esc)`,
  '',
  ' Esc to cancel · Tab to amend · ctrl+e to explain',
];

const blockedScreens: [string, Screen, Classification][] = [
  [
    'Bash permission, the command as msg',
    (cols) => bashDialog(cols),
    { state: 'blocked', kind: 'permission', rule: 'permission-bash', msg: 'approve Bash: npm test -- --run' },
  ],
  [
    'Bash permission with the cursor moved to option 2',
    (cols) => bashDialog(cols, 2),
    { state: 'blocked', kind: 'permission', rule: 'permission-bash', msg: 'approve Bash: npm test -- --run' },
  ],
  [
    'Bash permission in the 2.1.3xx layout: a two-row command inside the ╌ box',
    (cols) => [
      ...transcript(3),
      '● Bash(npm run build && npm test)',
      '  ⎿  Waiting…',
      '',
      rule(cols),
      ' Bash command',
      ' Tip: auto mode handles these prompts for you — choose "switch to auto mode"',
      ' below',
      ' Build, then run the tests',
      dashed(cols),
      ' npm run build &&',
      ' npm test',
      dashed(cols),
      ' This command requires approval',
      '',
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      '   2. Yes, and don’t ask again for: npm run build *',
      '   3. Yes, and switch to auto mode · auto mode handles these prompts for you',
      '   4. No',
      '',
      ' Esc to cancel · Tab to amend',
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission-bash', msg: 'approve Bash: npm run build && npm test' },
  ],
  [
    'a permission dialog while the spinner row above still says esc to interrupt',
    (cols) => [
      ...transcript(3),
      '✶ Running… (4s · ↓ 120 tokens · esc to interrupt)',
      '',
      rule(cols),
      ' Bash command',
      '',
      '   rm -rf dist',
      '   Remove the build output',
      '',
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      '   2. No, and tell Claude what to do differently (esc)',
      '',
      ' esc to interrupt',
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission-bash', msg: 'approve Bash: rm -rf dist' },
  ],
  [
    'file edit (shown as Update), the path under the title as msg',
    (cols) => [
      ...transcript(3),
      '⏺ Update(src/cart.ts)',
      '',
      rule(cols),
      ' Edit file',
      ' src/cart.ts',
      dashed(cols),
      '  12 -  return total;',
      '  12 +  return total + shipping;',
      dashed(cols),
      ' Do you want to make this edit to cart.ts?',
      ' ❯ 1. Yes',
      '   2. Yes, allow all edits during this session (shift+tab)',
      '   3. No, and tell Claude what to do differently (esc)',
      '',
      ' Esc to cancel · Tab to amend',
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission-edit', msg: 'approve Update: src/cart.ts' },
  ],
  [
    'file create, the path under the title as msg',
    (cols) => [
      ...transcript(3),
      '⏺ Write(notes/plan.md)',
      '',
      rule(cols),
      ' Create file',
      ' notes/plan.md',
      dashed(cols),
      '  1 # Plan',
      '  2 ---',
      dashed(cols),
      ' Do you want to create plan.md?',
      ' ❯ 1. Yes',
      '   2. Yes, allow all edits during this session (shift+tab)',
      '   3. No',
      '',
      ' Esc to cancel · Tab to amend',
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission-write', msg: 'approve Write: notes/plan.md' },
  ],
  [
    'web fetch, the URL as msg',
    (cols) => [
      ...transcript(3),
      rule(cols),
      ' Fetch',
      '',
      '   https://example.com/docs/api',
      '   Claude wants to fetch content from example.com',
      '',
      ' Do you want to allow Claude to fetch this content?',
      ' ❯ 1. Yes',
      "   2. Yes, and don't ask again for example.com",
      '   3. No, and tell Claude what to do differently (esc)',
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission-fetch', msg: 'approve Fetch: https://example.com/docs/api' },
  ],
  [
    'an MCP tool',
    (cols) => [
      ...transcript(3),
      rule(cols),
      ' Tool use',
      '',
      '   github - create_issue(title: "Cart rounds down") (MCP)',
      '',
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      "   2. Yes, and don't ask again for github - create_issue commands in /home/dev/shop",
      '   3. No, and tell Claude what to do differently (esc)',
      '',
      ' Esc to cancel · Tab to amend',
    ],
    {
      state: 'blocked',
      kind: 'permission',
      rule: 'permission-mcp',
      msg: 'approve github - create_issue(title: "Cart rounds down") (MCP)',
    },
  ],
  [
    'another tool: the dialog title as msg',
    (cols) => [
      ...transcript(3),
      rule(cols),
      ' Read file',
      '',
      '   Read(/etc/hosts)',
      '',
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      '   2. Yes, allow reading from etc/ during this session',
      '   3. No',
      '',
      ' Esc to cancel · Tab to amend',
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission', msg: 'approve Read file' },
  ],
  [
    'plan approval (2.x wording wrapped over two rows)',
    (cols) => [
      ...transcript(2),
      rule(cols),
      ' Ready to code?',
      '',
      " Here is Claude's plan:",
      dashed(cols),
      ' Plan',
      ' Add a README describing the folder.',
      dashed(cols),
      '',
      rule(cols),
      ' Claude has written up a plan and is ready to execute. Would you like to',
      ' proceed?',
      '',
      ' ❯ 1. Yes, and use auto mode',
      '   2. Yes, manually approve edits',
      '   3. Tell Claude what to change',
      '      shift+tab to approve with this feedback',
      '',
      ' ctrl+g to edit in  VS Code  · ~/.claude/plans/robust-scribbling-blum.md',
    ],
    { state: 'blocked', kind: 'permission', rule: 'plan-approval', msg: 'approve plan' },
  ],
  [
    'exit plan mode with no plan written (2.1.332: `Exit plan mode?`)',
    (cols) => [
      ...transcript(2),
      '❯ leave plan mode now',
      '',
      '● Nothing to plan; leaving plan mode.',
      '',
      rule(cols),
      ' Exit plan mode?',
      '',
      ' Claude wants to exit plan mode',
      '',
      ' ❯ 1. Yes, and switch to default (ask each time) for this session',
      '   2. No',
    ],
    { state: 'blocked', kind: 'permission', rule: 'plan-exit', msg: 'approve plan' },
  ],
  [
    "auto mode's notice that it cannot check actions (2.1.332)",
    (cols) => [
      ...transcript(2),
      '● Bash(rm -rf build)',
      '  ⎿  Waiting…',
      '',
      rule(cols),
      " Auto mode can't check actions in this session",
      '',
      " Auto mode's safety check runs on the server, and it isn't running for this session.",
      '',
      ' You can stay in auto mode and approve each action that needs the check yourself.',
      '',
      ' Enter to stay in auto mode · shift+Tab to leave for accept edits · Esc to cancel',
    ],
    {
      state: 'blocked',
      kind: 'question',
      rule: 'auto-mode-unchecked',
      msg: 'dialog open',
    },
  ],
  [
    "auto mode's notice with its hint wrapped at 80 columns and its title scrolled off",
    (cols) => [
      rule(cols),
      '  yourself.',
      '',
      '  Or you can leave for accept edits mode, which has no safety check, and auto',
      '  mode stays off. This turn stops, so its waiting actions don\'t run.',
      '',
      '  Enter to stay in auto mode · shift+Tab to leave for accept edits mode and',
      '  stop · Esc to cancel',
    ],
    { state: 'blocked', kind: 'question', rule: 'auto-mode-unchecked', msg: 'dialog open' },
  ],
  [
    'a Bash dialog in auto mode: unnumbered options, `No` first and selected (2.1.332)',
    (cols) => [
      ...transcript(2),
      '● Bash(rm -rf build)',
      '  ⎿  Waiting…',
      '',
      rule(cols),
      ' Bash command',
      ' Clean',
      dashed(cols),
      ' rm -rf build',
      dashed(cols),
      " │ Auto mode can't check actions in this session, so this one needs your",
      ' │ approval',
      '',
      ' Do you want to proceed?',
      ' ❯ No',
      '   Yes',
      '',
      ' Esc to cancel · Tab to amend',
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission-bash', msg: 'approve Bash: rm -rf build' },
  ],
  [
    'plan approval in the 1.x box (no full rule: the wording carries it)',
    (cols) => [
      ...transcript(2),
      ...boxed(Math.min(cols, 78), [
        'Ready to code?',
        '',
        "Here is Claude's plan:",
        ' 1. Add the field',
        ' 2. Write tests',
        '',
        'Would you like to proceed?',
        '',
        '❯ 1. Yes, and auto-accept edits',
        '  2. Yes, and manually approve edits',
        '  3. No, keep planning',
      ]),
    ],
    { state: 'blocked', kind: 'permission', rule: 'plan-approval', msg: 'approve plan' },
  ],
  [
    'a Bash permission in the 1.x box',
    (cols) => [
      ...transcript(2),
      ...boxed(Math.min(cols, 78), [
        'Bash command',
        '',
        '  git push origin main',
        '  Push to the remote',
        '',
        'Do you want to proceed?',
        '❯ 1. Yes',
        "  2. Yes, and don't ask again for git push commands",
        '  3. No, and tell Claude what to do differently (esc)',
      ]),
    ],
    { state: 'blocked', kind: 'permission', rule: 'permission-bash', msg: 'approve Bash: git push origin main' },
  ],
  [
    'AskUserQuestion, the question as msg',
    (cols) => [
      ...transcript(2),
      "❯ Ask me which colour the banner should be, with options 'Teal' and 'Orange'.",
      rule(cols),
      ' ☐ Banner color',
      '',
      'Which color should the banner be?',
      '',
      '❯ 1. Teal',
      '     matches brand',
      '  2. Orange',
      '     high contrast',
      '  3. Type something.',
      rule(cols),
      '  4. Chat about this',
      '',
      'Enter to select · ↑/↓ to navigate · Esc to cancel',
    ],
    { state: 'blocked', kind: 'question', rule: 'question', msg: 'answer: Which color should the banner be?' },
  ],
  [
    'trust screen (current wording; Claude Code reports it as permission)',
    (cols) => [
      rule(cols),
      ' Accessing workspace:',
      '',
      ' /home/dev/shop',
      '',
      ' Quick safety check: Is this a project you created or one you trust? (Like your own',
      ' code, a well-known open source project, or work from your team).',
      '',
      " Claude Code'll be able to read, edit, and execute files here.",
      '',
      ' ❯ 1. Yes, I trust this folder',
      '   2. No, exit',
      '',
      ' Enter to confirm · Esc to cancel',
    ],
    { state: 'blocked', kind: 'permission', rule: 'trust-folder', msg: 'trust this folder' },
  ],
  [
    'trust screen (older wording)',
    (cols) =>
      boxed(Math.min(cols, 78), [
        'Do you trust the files in this folder?',
        '',
        '/home/dev/shop',
        '',
        'Claude Code may read files in this folder.',
        '',
        '❯ 1. Yes, proceed',
        '  2. No, exit',
      ]),
    { state: 'blocked', kind: 'permission', rule: 'trust-folder', msg: 'trust this folder' },
  ],
  [
    'login method',
    () => [
      ' Claude Code can be used with your Claude subscription or billed based on API usage',
      ' through your Console account.',
      '',
      ' Select login method:',
      '',
      ' ❯ 1. Claude account with subscription · Pro, Max, Team, or Enterprise',
      '',
      '   2. Anthropic Console account · API usage billing',
    ],
    { state: 'blocked', kind: 'auth', rule: 'login-method', msg: 'select login method' },
  ],
  [
    'API key approval',
    () => [
      ' Detected a custom API key in your environment',
      '',
      ' ANTHROPIC_API_KEY: sk-ant-...abcd',
      '',
      ' Do you want to use this API key?',
      '',
      '   1. Yes',
      ' ❯ 2. No (recommended)',
    ],
    { state: 'blocked', kind: 'auth', rule: 'api-key', msg: 'use the API key from the environment' },
  ],
  [
    'a failed API key: the error right above the prompt box',
    (cols) => [
      ...transcript(3),
      '❯ trigger a bad key',
      '  ⎿  Invalid API key · Fix external API key',
      '',
      ...promptBox(cols, ['  ⏸ manual mode on · ? for shortcuts'], 'Once fixed, resend your message'),
    ],
    { state: 'blocked', kind: 'auth', rule: 'auth-error', msg: 'Invalid API key · Fix external API key' },
  ],
  [
    'any other dialog with Enter to confirm (the fullscreen upsell)',
    (cols) => [
      rule(cols),
      '  Try the new fullscreen renderer?',
      '',
      '  · Flicker-free output: no more flashing during long responses',
      '',
      '  ❯ 1. Yes, try it',
      '    2. Not now',
      '',
      '  Enter to confirm · Esc to cancel',
    ],
    { state: 'blocked', kind: 'question', rule: 'dialog', msg: 'dialog open' },
  ],
];

const workingScreens: [string, Screen, Classification][] = [
  [
    'the spinner row alone right above the prompt box, esc to interrupt nowhere (issue 16)',
    (cols) => [...transcript(4), '❯ think it over', '', '✽ Tempering…', '', ...promptBox(cols, ['  ⏸ manual mode on · ← for agents'])],
    { state: 'working', rule: 'spinner' },
  ],
  [
    'background agents still running after the reply (2.1.332)',
    (cols) => [
      ...transcript(2),
      '● Both surveys are running in the background.',
      '',
      '✻ Waiting for 2 background agents to finish',
      '',
      ...promptBox(cols, ['  ⏵⏵ accept edits on (shift+tab to cycle) · ↓ to manage']),
    ],
    { state: 'working', rule: 'background-agents' },
  ],
  [
    'a background command still running after the reply (2.1.332)',
    (cols) => [
      ...transcript(2),
      '● The watcher runs in the background.',
      '',
      '✻ Crunched for 2s · done 4:23 AM · 1 shell still running',
      '',
      ...promptBox(cols, ['  ⏸ manual mode on · 1 shell · ← for agents · ↓ to manage']),
    ],
    { state: 'working', rule: 'background-shells', msg: '1 shell still running' },
  ],
  [
    'the spinner with esc to interrupt',
    (cols) => [...transcript(4), '✻ Thinking… (esc to interrupt)', '', ...promptBox(cols)],
    { state: 'working', rule: 'spinner' },
  ],
  [
    'the spinner with a timer and tokens, under a permanent mode footer',
    (cols) => [
      ...transcript(4),
      '✽ Grooving… (3m 34s · ↓ 2.1k tokens · thinking)',
      '',
      ...promptBox(cols, ['  ⏵⏵ accept edits on (shift+tab to cycle)']),
    ],
    { state: 'working', rule: 'spinner' },
  ],
  [
    'the spinner showing a todo, with the todo list under it',
    (cols) => [
      ...transcript(3),
      '· Running the test suite… (12s · ↑ 300 tokens · esc to interrupt · ctrl+t to hide todos)',
      '  ⎿  ☒ Read the cart module',
      '     ☐ Run the test suite',
      '     ☐ Fix the rounding',
      '',
      ...promptBox(cols),
    ],
    { state: 'working', rule: 'spinner' },
  ],
  [
    'esc to interrupt in the footer under the prompt box',
    (cols) => [...transcript(4), '⏺ Streaming an answer', '', ...promptBox(cols, ['  esc to interrupt'])],
    { state: 'working', rule: 'interrupt-footer' },
  ],
  [
    'an API error being retried (the turn goes on)',
    (cols) => [
      ...transcript(3),
      '❯ summarize the repo',
      '  ⎿  API Error (529 Overloaded) · Retrying in 4 seconds… (attempt 2/10)',
      '',
      '✻ API error · retrying in 4s · attempt 2/10',
      '',
      ...promptBox(cols, ['  ⏸ manual mode on · esc to interrupt']),
    ],
    { state: 'working', rule: 'retrying', msg: 'API error · retrying in 4s · attempt 2/10' },
  ],
];

const errorScreens: [string, Screen, Classification][] = [
  [
    'an API error ends the turn',
    (cols) => [
      ...transcript(3),
      '❯ trigger a bad request',
      '',
      '● API Error: 400 messages: this request is invalid',
      '',
      ...promptBox(cols),
    ],
    { state: 'error', rule: 'api-error', msg: 'API Error: 400 messages: this request is invalid' },
  ],
  [
    'a long API error wrapped over rows, then the done marker',
    (cols) => [
      ...transcript(3),
      '❯ go',
      '  ⎿  API Error: 500 {"type":"error","error":{"type":"api_error","message":',
      '     "Internal server error"}}',
      '✻ Worked for 0s',
      '',
      ...promptBox(cols),
    ],
    {
      state: 'error',
      rule: 'api-error',
      msg: 'API Error: 500 {"type":"error","error":{"type":"api_error","message": "Internal server error"}}',
    },
  ],
  [
    'a usage limit (a subscription: the words of 2.1.332\'s binary) with its reset time',
    (cols) => [...transcript(3), '❯ keep going', '  ⎿  You\'ve hit your session limit · resets 3:45pm', '', ...promptBox(cols)],
    { state: 'error', rule: 'turn-failed', msg: "You've hit your session limit · resets 3:45pm" },
  ],
  [
    'the context window is full (2.0.77, 2.1.150), the done marker under it',
    (cols) => [...transcript(3), '❯ overflow the context', '  ⎿  Context limit reached · /compact or /clear to continue', '✻ Worked for 0s', '', ...promptBox(cols)],
    { state: 'error', rule: 'turn-failed', msg: 'Context limit reached' },
  ],
];

const retryScreens: [string, Screen, Classification][] = [
  [
    'a retry under the spinner (2.1.150): working, msg the retry',
    (cols) => [...transcript(3), '❯ ride out a flaky server', '  ⎿  Retrying in 5s · attempt 2/10', '✻ Lollygagging…', '', ...promptBox(cols, ['  esc to interrupt'])],
    { state: 'working', rule: 'retrying', msg: 'Retrying in 5s · attempt 2/10' },
  ],
  [
    'the retry in the spinner row (2.1.332)',
    (cols) => [...transcript(3), '❯ ride out a flaky server', '', '✻ API error · retrying in 5s · attempt 2/10', '', ...promptBox(cols, ['  esc to interrupt'])],
    { state: 'working', rule: 'retrying', msg: 'API error · retrying in 5s · attempt 2/10' },
  ],
];

const idleScreens: [string, Screen, Classification][] = [
  [
    'background agents that finished: their waiting row is left in the transcript (2.1.332)',
    (cols) => [
      '✻ Waiting for 1 background agent to finish',
      '',
      '● Agent "Survey the tests" finished · 14s',
      '',
      '● Done.',
      '',
      '✻ Churned for 16s · done 4:22 AM',
      '',
      ...promptBox(cols, ['  ⏵⏵ accept edits on (shift+tab to cycle) · /tasks to see subagents']),
    ],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'the /theme picker the user opened (2.1.332): Claude Code stays idle',
    (cols) => [
      '',
      rule(cols),
      '  Theme',
      '',
      '  Choose the text style that looks best with your terminal',
      '',
      '      Auto (match terminal)',
      '  ❯ ✔ Dark mode',
      '      Light mode',
      '      Dark mode (colorblind-friendly)',
      '    ↓ 2 more',
      '',
      '   Syntax theme: Monokai Extended (ctrl+t to disable)',
      '',
      '  Enter to select · Esc to cancel',
    ],
    { state: 'idle' },
  ],
  [
    'the /model picker the user opened (2.1.332): Claude Code stays idle',
    (cols) => [
      '❯ /model',
      '',
      rule(cols),
      '  Select model',
      '  Your pick is the default for new sessions. For other models, use --model.',
      '',
      '  ❯ 1. Default (recommended) ✔  Use the default model (currently Opus 5.5)',
      '    2. Opus                     Opus 5.5 · Best for everyday, complex tasks',
      '    3. Sonnet                   Sonnet 5.5 · Efficient for routine tasks',
      '',
      '  s to use this session only · Enter to save · Esc to cancel',
    ],
    { state: 'idle' },
  ],
  [
    'a prompt typed into the box over the auto-mode footer: not a dialog',
    (cols) => [...transcript(3), ...promptBox(cols, ['  ⏵⏵ auto mode on (shift+tab to cycle)'], 'clean the bu')],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'the prompt box after a finished turn',
    (cols) => [...transcript(4), ...promptBox(cols)],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    "prose asking 'Would you like me to add a regression test?'",
    (cols) => [
      ...transcript(3),
      '⏺ The rounding bug is fixed and the cart tests pass.',
      '',
      '  Would you like me to add a regression test?',
      '',
      '✻ Cooked for 41s',
      '',
      ...promptBox(cols),
    ],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    "prose ending in 'Would you like to proceed?' with a numbered list",
    (cols) => [
      ...transcript(3),
      '⏺ Here is what I would change:',
      '',
      '  1. Yes, rename the module',
      '  2. Update the imports',
      '',
      '  Would you like to proceed?',
      '',
      ...promptBox(cols),
    ],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    "prose 'Do you want to proceed?' and the user typing '1. Yes' in the prompt box",
    (cols) => [
      ...transcript(3),
      '⏺ This deletes the cache. Do you want to proceed?',
      '',
      ...promptBox(cols, ['  ? for shortcuts'], '1. Yes, go ahead'),
    ],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'a permission dialog quoted in the transcript above the prompt box',
    (cols) => [
      '⏺ The dialog looked like this:',
      '',
      '   Bash command',
      '',
      '     touch /tmp/x',
      '',
      '   Do you want to proceed?',
      '   ❯ 1. Yes',
      '     2. No',
      '',
      '   Esc to cancel · Tab to amend · ctrl+e to explain',
      '   Enter to select · ↑/↓ to navigate · Esc to cancel',
      '',
      '✻ Crunched for 8s',
      '',
      ...promptBox(cols, ['  ⏸ plan mode on (shift+tab to cycle) · ← for agents']),
    ],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'the permanent footer ⏵⏵ auto mode on',
    (cols) => [...transcript(4), ...promptBox(cols, ['  ⏵⏵ auto mode on · 1 shell · ← for agents'])],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'the permanent footer ⏸ manual mode on',
    (cols) => [...transcript(4), ...promptBox(cols, ['  ⏸ manual mode on · ? for shortcuts'])],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'an old thinking block (glyph and ellipsis, no timer) in the transcript',
    (cols) => [...transcript(3), '✻ Thinking…', '', '  The user wants a fix.', '', ...promptBox(cols)],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'an old API error followed by a turn that finished',
    (cols) => [
      '● API Error: 400 messages: this request is invalid',
      '',
      '❯ try again',
      '',
      '⏺ Done this time.',
      '',
      '✻ Baked for 3s',
      '',
      ...promptBox(cols),
    ],
    { state: 'idle', rule: 'prompt' },
  ],
  [
    'an interrupted turn',
    (cols) => [
      ...transcript(4),
      '❯ refactor the cart',
      '  ⎿  Interrupted · What should Claude do instead?',
      '',
      ...promptBox(cols),
    ],
    { state: 'idle', rule: 'interrupted', interrupted: true },
  ],
  [
    'an old interrupt notice followed by a finished turn',
    (cols) => [
      '❯ refactor the cart',
      '  ⎿  Interrupted · What should Claude do instead?',
      '',
      '❯ just fix the rounding then',
      '',
      '⏺ Fixed: totals now round half up.',
      '',
      '✻ Baked for 20s',
      '',
      ...promptBox(cols),
    ],
    { state: 'idle', rule: 'prompt' },
  ],
];

const pick = (c: Classification): Classification => {
  const picked: Classification = { state: c.state };
  for (const key of ['kind', 'rule', 'msg', 'interrupted'] as const) {
    if (c[key] !== undefined) Object.assign(picked, { [key]: c[key] });
  }
  return picked;
};

const table = (screens: [string, Screen, Classification][]): [string, string, Screen, Classification][] =>
  screens.flatMap(([name, screen, expected]) =>
    SIZES.map((size): [string, string, Screen, Classification] => [name, `${size.cols}×${size.rows}`, screen, expected]),
  );

async function classifyAt(screen: Screen, sizeName: string): Promise<Classification> {
  const size = SIZES.find((s) => `${s.cols}×${s.rows}` === sizeName);
  if (size === undefined) throw new Error(sizeName);
  return claude.classify(await renderLines(screen(size.cols), size));
}

describe('claude-code rules: blocked', () => {
  test.each(table(blockedScreens))('%s at %s', async (_name, size, screen, expected) => {
    expect(pick(await classifyAt(screen, size))).toEqual(expected);
  });
});

describe('claude-code rules: working', () => {
  test.each(table(workingScreens))('%s at %s', async (_name, size, screen, expected) => {
    expect(pick(await classifyAt(screen, size))).toEqual(expected);
  });
});

describe('claude-code rules: a retry stays working and says so', () => {
  test.each(table(retryScreens))('%s at %s', async (_name, size, screen, expected) => {
    expect(pick(await classifyAt(screen, size))).toEqual(expected);
  });
});

describe('claude-code rules: error', () => {
  test.each(table(errorScreens))('%s at %s', async (_name, size, screen, expected) => {
    expect(pick(await classifyAt(screen, size))).toEqual(expected);
  });
});

describe('claude-code rules: idle, and what must not count as blocked or working', () => {
  test.each(table(idleScreens))('%s at %s', async (_name, size, screen, expected) => {
    expect(pick(await classifyAt(screen, size))).toEqual(expected);
  });
});
