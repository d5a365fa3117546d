// Scenario scripts for recording Codex CLI, Gemini CLI and OpenCode (test/harness/record-agent.mjs).
// What the mock model answers is in agent-turns.mjs (picked by the prompt); here is what the driver types
// and presses, and which state it expects on screen afterwards.
//
// A scenario:
//   name      file name stem (fixtures/<app>/<version>/<name>-<cols>x<rows>.cast)
//   options   passed to the agent's setup() in agents.mjs (trusted: false, signIn: true, auth: 'dialog', …),
//             plus `start: false` (the recorder does not wait for the idle prompt first: a start-up dialog)
//             and `leave: [steps]` (how to leave when the agent cannot take its exit command there)
//   drive     driver steps, as in record-claude.mjs:
//               { wait: /re/, timeout?, optional? }  { waitGone: /re/ }  { type: 'text' }  { key: 'enter'|… }
//               { resize: [cols, rows] }  { sleep: ms }  { label: 'state', kind?, note? }  { idle: true }
//             and `{ idle: true, timeout? }`: wait until the agent's idle screen shows (idle and not working).
//             Any step may carry if: /re/ or unless: /re/.

const submit = (agent, text) => [
  { type: text },
  { sleep: 300 },
  { key: 'enter' },
  { wait: agent.working, timeout: agent.submitTimeout ?? 5000, optional: true },
  { label: 'working', note: 'prompt submitted', if: agent.working },
];

// ----------------------------------------------------------------------------------------------- Codex

const CODEX_WORKING = /esc to interrupt/;
/** The separator Codex draws under a finished turn. */
const CODEX_DONE = /Worked for (?:<)?\d/;
const CODEX_APPROVAL = /Would you like to run the following command\?|Would you like to make the following edits\?|Press enter to confirm or esc to cancel/;

/** Shift+Tab into Plan mode; Codex sometimes drops the first one right after start-up, so try thrice. */
const enterPlanMode = [1, 2, 3].flatMap(() => [
  { sleep: 500 },
  { key: 'shift-tab', unless: /Plan mode \(shift\+tab/ },
  { wait: /Plan mode \(shift\+tab/, timeout: 2000, optional: true },
]);

/** Codex CLI (0.171.0): scenarios. */
export function codexScenarios() {
  const a = { working: CODEX_WORKING };
  return [
    { name: 'idle-start', drive: [{ sleep: 1500 }] },
    {
      name: 'slow-answer',
      // Codex hides its `Working` line while the answer streams: the turn ends when `Worked for` shows.
      drive: [...submit(a, 'summarize this repo slowly'), { wait: CODEX_DONE, timeout: 30000 }, { label: 'done' }, { sleep: 1500 }],
    },
    {
      name: 'long-answer',
      drive: [...submit(a, 'list every file'), { wait: CODEX_DONE, timeout: 30000 }, { label: 'done' }, { sleep: 1500 }],
    },
    {
      name: 'shell-approve',
      drive: [
        ...submit(a, 'make a build log'),
        { wait: CODEX_APPROVAL },
        { label: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log' },
        { sleep: 800 },
        { key: 'enter' },
        { label: 'working' },
        { wait: /README\.md and package\.json\./ },
        { wait: CODEX_DONE, timeout: 10000 },
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'shell-deny',
      drive: [
        ...submit(a, 'run the tests'),
        { wait: CODEX_APPROVAL },
        { label: 'blocked', kind: 'permission', msg: 'approve shell: npm test' },
        { sleep: 800 },
        { key: 'esc' },
        { waitGone: CODEX_APPROVAL },
        { wait: /Conversation interrupted/, timeout: 10000 },
        { label: 'idle' },
        { sleep: 1500 },
      ],
    },
    {
      // Both turns in one session: approve, done, then deny — the order the issue asks for.
      name: 'approve-then-deny',
      drive: [
        ...submit(a, 'make a build log'),
        { wait: CODEX_APPROVAL },
        { label: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log' },
        { sleep: 800 },
        { key: 'enter' },
        { label: 'working' },
        { wait: /README\.md and package\.json\./ },
        { wait: CODEX_DONE, timeout: 10000 },
        { label: 'done' },
        { sleep: 1500 },
        ...submit(a, 'run the tests'),
        { wait: /Would you like to run the following command\?[\s\S]*npm test/ },
        { label: 'blocked', kind: 'permission', msg: 'approve shell: npm test' },
        { sleep: 800 },
        { key: 'esc' },
        { waitGone: CODEX_APPROVAL },
        { wait: /Conversation interrupted/, timeout: 10000 },
        { label: 'idle' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'prose-question',
      drive: [
        ...submit(a, 'explain the bug briefly'),
        { wait: /add a regression test\?/ },
        { wait: CODEX_DONE, timeout: 10000 },
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'interrupt',
      drive: [
        ...submit(a, 'write a long essay'),
        { wait: /Point 30:/, timeout: 20000 },
        { sleep: 600 },
        { key: 'esc' },
        { wait: /Conversation interrupted/, timeout: 10000 },
        { label: 'idle' },
        { sleep: 1500 },
      ],
    },
    {
      // request_user_input is offered in Plan mode only (shift+tab cycles into it).
      name: 'question',
      drive: [
        ...enterPlanMode,
        { sleep: 500 },
        ...submit(a, 'pick a database'),
        { wait: /Which database should the project use\?/ },
        { label: 'blocked', kind: 'question', msg: 'answer: Which database should the project use?' },
        { sleep: 800 },
        { key: 'enter' },
        { label: 'working' },
        { wait: /Noted: the project will use/ },
        { wait: CODEX_DONE, timeout: 10000 },
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    {
      // A <proposed_plan> in Plan mode: Codex asks whether to implement it.
      name: 'plan-implement',
      drive: [
        ...enterPlanMode,
        { sleep: 500 },
        ...submit(a, 'plan the refactor'),
        { wait: /Implement this plan\?/, timeout: 15000 },
        { label: 'blocked', kind: 'permission', msg: 'approve plan', note: 'implement this plan?' },
        { sleep: 1500 },
        { key: 'esc' },
        { waitGone: /Implement this plan\?/ },
        { label: 'done', note: 'plan chooser dismissed: the turn had ended' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'trust-dialog',
      options: { trusted: false, start: false },
      drive: [
        { wait: /Trust this folder\?/, timeout: 30000 },
        { label: 'blocked', kind: 'permission', msg: 'trust this folder', note: 'trust dialog' },
        { sleep: 1000 },
        { key: 'enter' },
        { idle: true, timeout: 30000 },
        { sleep: 400 },
        { label: 'idle' },
        { sleep: 1500 },
      ],
    },
    {
      // A newer version is known (CODEX_HOME/version.json): the update chooser blocks the start.
      name: 'update-prompt',
      options: { updatePrompt: true, start: false },
      drive: [
        { wait: /Update available/, timeout: 30000 },
        { label: 'blocked', kind: 'question', msg: 'update Codex: 0.171.0 → 0.999.0', note: 'update chooser' },
        { sleep: 1000 },
        { key: '2' },
        { idle: true, timeout: 30000 },
        { sleep: 400 },
        { label: 'idle' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'sign-in',
      options: { signIn: true, start: false, leave: [{ key: 'ctrl-c' }, { sleep: 500 }, { key: 'ctrl-c', if: /Sign in/ }] },
      drive: [
        { wait: /Sign in with ChatGPT/, timeout: 30000 },
        { label: 'blocked', kind: 'auth', msg: 'sign in to Codex', note: 'sign-in screen' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'api-error',
      drive: [
        ...submit(a, 'trigger a bad request'),
        { waitGone: CODEX_WORKING, timeout: 20000 },
        { label: 'error' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'auth-error',
      drive: [
        ...submit(a, 'trigger an auth failure'),
        { waitGone: CODEX_WORKING, timeout: 20000 },
        { label: 'error' },
        { sleep: 1500 },
      ],
    },
    { name: 'exit', drive: [{ sleep: 500 }] },
  ];
}

// ---------------------------------------------------------------------------------------------- Gemini

const GEMINI_WORKING = /esc to cancel/;
const GEMINI_APPROVAL = /Allow execution of|Apply this change\?|Allow execution\?|Do you want to proceed\?/;
const GEMINI_IDLE = /Type your message/;

/** Gemini CLI (0.61.0): scenarios. */
export function geminiScenarios() {
  const a = { working: GEMINI_WORKING };
  const approve = (prompt, msg, answer) => [
    ...submit(a, prompt),
    { wait: GEMINI_APPROVAL, timeout: 20000 },
    { label: 'blocked', kind: 'permission', msg },
    { sleep: 800 },
    { key: 'enter' },
    { label: 'working' },
    { wait: answer, timeout: 20000 },
    { waitGone: GEMINI_WORKING, timeout: 10000 },
    { label: 'done' },
    { sleep: 1500 },
  ];
  const deny = (prompt, msg) => [
    ...submit(a, prompt),
    { wait: GEMINI_APPROVAL, timeout: 20000 },
    { label: 'blocked', kind: 'permission', msg },
    { sleep: 800 },
    { key: 'esc' },
    { waitGone: GEMINI_APPROVAL },
    { wait: /Request cancelled/, timeout: 10000, optional: true },
    { label: 'idle' },
    { sleep: 1500 },
  ];
  return [
    { name: 'idle-start', drive: [{ sleep: 1500 }] },
    {
      name: 'slow-answer',
      drive: [
        ...submit(a, 'summarize this repo slowly'),
        { wait: /stands\s+out\.[\s\S]*stands\s+out\./, timeout: 30000 },
        { waitGone: GEMINI_WORKING, timeout: 10000 },
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    { name: 'shell-approve', drive: approve('make a build log', 'approve shell: touch build.log', /README\.md and package\.json\./) },
    { name: 'shell-deny', drive: deny('run the tests', 'approve shell: npm test') },
    {
      name: 'approve-then-deny',
      drive: [
        ...approve('make a build log', 'approve shell: touch build.log', /README\.md and package\.json\./),
        ...deny('run the tests', 'approve shell: npm test'),
      ],
    },
    { name: 'write-approve', drive: approve('create notes.txt', 'approve write: notes.txt', /Wrote notes\.txt with one line\./) },
    {
      name: 'question',
      drive: [
        ...submit(a, 'pick a database'),
        { wait: /Which database should the project use\?/, timeout: 20000 },
        { label: 'blocked', kind: 'question', msg: 'answer: Which database should the project use?' },
        { sleep: 800 },
        { key: 'enter' },
        { sleep: 300 },
        { key: 'enter', if: /Which database should the project use\?/ },
        { label: 'working' },
        { wait: /Noted: the project will use/, timeout: 20000 },
        { waitGone: GEMINI_WORKING, timeout: 10000 },
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'prose-question',
      drive: [
        ...submit(a, 'explain the bug briefly'),
        { wait: /add a regression test\?/ },
        { waitGone: GEMINI_WORKING, timeout: 10000 },
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'interrupt',
      drive: [
        // Gemini redraws its whole inline area for every streamed chunk: stop early to keep the cast small.
        ...submit(a, 'write a long essay'),
        { wait: /Point 8:/, timeout: 20000 },
        { sleep: 600 },
        { key: 'esc' },
        { waitGone: GEMINI_WORKING, timeout: 10000 },
        { label: 'idle' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'trust-dialog',
      options: { trusted: false, start: false },
      drive: [
        { wait: /Do you trust (?:this folder|the files)/i, timeout: 30000 },
        { label: 'blocked', kind: 'permission', msg: 'trust this folder', note: 'trust dialog' },
        { sleep: 1000 },
        { key: 'enter' },
        { wait: GEMINI_IDLE, timeout: 30000 },
        { sleep: 600 },
        { label: 'idle' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'auth-dialog',
      options: { auth: 'dialog', start: false, leave: [{ key: 'ctrl-c' }, { sleep: 500 }, { key: 'ctrl-c' }] },
      drive: [
        { wait: /How would you like to authenticate|Get started/i, timeout: 30000 },
        { label: 'blocked', kind: 'auth', msg: 'choose how to sign in', note: 'auth dialog' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'api-error',
      drive: [...submit(a, 'trigger a bad request'), { waitGone: GEMINI_WORKING, timeout: 30000 }, { label: 'error' }, { sleep: 1500 }],
    },
    {
      name: 'auth-error',
      drive: [...submit(a, 'trigger an auth failure'), { waitGone: GEMINI_WORKING, timeout: 30000 }, { label: 'error' }, { sleep: 1500 }],
    },
    { name: 'exit', drive: [{ sleep: 500 }] },
  ];
}

// -------------------------------------------------------------------------------------------- OpenCode

/** The footer hint while a turn runs (`⬝⬝⬝■■■  esc interrupt`); Esc once turns it into `esc again to interrupt`. */
const OC_WORKING = /esc (?:again to )?interrupt/;
const OC_APPROVAL = /△ Permission required/;
/** The dialog once its body is drawn: OpenCode paints the header and options ~0.3 s before the `$ command`. */
const OC_APPROVAL_FILLED = /△ Permission required *\n[ ┃]*\S[^\n]*\n(?:[ ┃]*\n)*[ ┃]*(?!Allow once)\S/;
const OC_QUESTION = /Which database should the project use\?/;
/** The question dialog's footer (the question itself stays in the transcript once answered). */
const OC_QUESTION_DIALOG = /enter submit +esc dismiss/;
/** The end of a turn: the reply's footer gets the turn's duration (`▣  Build · Mock Model · 26.7s`). */
const OC_DONE = /▣ +Build · Mock Model · (?:\d+m ?)?\d+(?:\.\d+)?m?s/;

/**
 * OpenCode (1.18.33): scenarios. The recorder waits for OpenCode's start-up CPU burst to end before the first
 * step (AGENTS.opencode.quiet); the first turn of a session still takes long (tens of seconds on a busy
 * machine) before its first request, so the first waits are long. Every key is sent only once the screen
 * shows what it answers.
 */
export function opencodeScenarios() {
  const a = { working: OC_WORKING, submitTimeout: 60000 };
  const FIRST = 150000;
  const turnEnd = [{ wait: OC_DONE, timeout: 60000 }, { waitGone: OC_WORKING, timeout: 30000 }];
  const approve = (prompt, msg, answer) => [
    ...submit(a, prompt),
    { wait: OC_APPROVAL, timeout: FIRST },
    { wait: OC_APPROVAL_FILLED, timeout: 10000 },
    { label: 'blocked', kind: 'permission', msg },
    { sleep: 800 },
    { key: 'enter' },
    { waitGone: OC_APPROVAL, timeout: 30000 },
    { label: 'working', note: 'allowed once' },
    { wait: answer, timeout: 60000 },
    ...turnEnd,
    { label: 'done' },
    { sleep: 1500 },
  ];
  const deny = (prompt, msg) => [
    ...submit(a, prompt),
    { wait: OC_APPROVAL, timeout: FIRST },
    { wait: OC_APPROVAL_FILLED, timeout: 10000 },
    { label: 'blocked', kind: 'permission', msg },
    { sleep: 800 },
    { key: 'esc' },
    { waitGone: OC_APPROVAL, timeout: 30000 },
    { waitGone: OC_WORKING, timeout: 30000 },
    { sleep: 300 },
    { label: 'idle', note: 'rejected' },
    { sleep: 1500 },
  ];
  return [
    { name: 'idle-start', drive: [{ sleep: 1500 }] },
    {
      name: 'slow-answer',
      drive: [
        ...submit(a, 'summarize this repo slowly'),
        { wait: /stands\s+out\.[\s\S]*stands\s+out\./, timeout: FIRST },
        ...turnEnd,
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    { name: 'shell-approve', drive: approve('make a build log', 'approve shell: touch build.log', /README\.md and package\.json\./) },
    { name: 'shell-deny', drive: deny('run the tests', 'approve shell: npm test') },
    {
      name: 'approve-then-deny',
      drive: [
        ...approve('make a build log', 'approve shell: touch build.log', /README\.md and package\.json\./),
        ...deny('run the tests', 'approve shell: npm test'),
      ],
    },
    { name: 'write-approve', drive: approve('create notes.txt', 'approve edit: notes.txt', /Wrote notes\.txt with one line\./) },
    {
      name: 'question',
      drive: [
        ...submit(a, 'pick a database'),
        { wait: OC_QUESTION, timeout: FIRST },
        { wait: OC_QUESTION_DIALOG },
        { label: 'blocked', kind: 'question', msg: 'answer: Which database should the project use?' },
        { sleep: 800 },
        { key: 'enter' },
        { waitGone: OC_QUESTION_DIALOG, timeout: 30000 },
        { label: 'working', note: 'answered' },
        { wait: /Noted: the project will use/, timeout: 60000 },
        ...turnEnd,
        { label: 'done' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'prose-question',
      drive: [...submit(a, 'explain the bug briefly'), { wait: /regression\s+test\?/, timeout: FIRST }, ...turnEnd, { label: 'done' }, { sleep: 1500 }],
    },
    {
      name: 'interrupt',
      drive: [
        ...submit(a, 'write a long essay'),
        { wait: /Point 20:/, timeout: FIRST },
        { sleep: 600 },
        { key: 'esc' },
        { wait: /esc again to interrupt/, timeout: 10000, optional: true },
        { key: 'esc', if: OC_WORKING },
        { waitGone: OC_WORKING, timeout: 30000 },
        { sleep: 300 },
        { label: 'idle', note: 'interrupted' },
        { sleep: 1500 },
      ],
    },
    {
      name: 'api-error',
      drive: [...submit(a, 'trigger a bad request'), { waitGone: OC_WORKING, timeout: FIRST }, { sleep: 300 }, { label: 'error' }, { sleep: 1500 }],
    },
    {
      name: 'auth-error',
      drive: [...submit(a, 'trigger an auth failure'), { waitGone: OC_WORKING, timeout: FIRST }, { sleep: 300 }, { label: 'error' }, { sleep: 1500 }],
    },
    { name: 'exit', drive: [{ sleep: 500 }] },
  ];
}

export const SCENARIOS = {
  codex: codexScenarios,
  gemini: geminiScenarios,
  opencode: opencodeScenarios,
};
