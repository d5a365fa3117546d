// Scenario scripts for recording Codex CLI, Gemini CLI and OpenCode (test/tools/record-agent.mjs).
// What the mock model answers is in agent-turns.mjs (picked by the prompt); here is what the driver types
// and presses, and which state it expects on screen afterwards.
//
// A scenario:
//   name      file name stem (fixtures/<app>/<version>/<name>-<cols>x<rows>.cast)
//   options   passed to the agent's setup() in agents.mjs (trusted: false, signIn: true, auth: 'dialog', …),
//             plus `start: false` (the recorder does not wait for the idle prompt first: a start-up dialog)
//             and `leave: [steps]` (how to leave when the agent cannot take its exit command there)
//   drive     driver steps, as in record-claude.mjs (both run them with drive-session.mjs):
//               { wait: /re/, timeout?, optional? }  { waitGone: /re/ }  { type: 'text' }  { key: 'enter'|… }
//               { resize: [cols, rows] }  { sleep: ms }  { label: 'state', kind?, msg?, note? }
//             and `{ idle: true, timeout? }`: wait until the agent's idle screen shows (idle and not working).
//             Any step may carry if: /re/ or unless: /re/.
//
// The step builders below are the moves every agent's scenarios share (submit a prompt, answer a dialog,
// interrupt, a start-up dialog, end on a label); each agent's own turn ends and dialogs are in its function.
// Agents whose dialogs take the place of the input box and whose scenarios are the same list (Copilot CLI,
// Factory Droid, Continue CLI, Grok CLI) get it from footerDialogScenarios, with their texts and moves as parameters.

import { LONG_COMMAND } from './agent-turns.mjs';

// ------------------------------------------------------------------------------------ shared step builders

/** Types a prompt, presses Enter, and labels `working` once the agent's working hint shows (if it does). */
const submit = (agent, text) => [
  { type: text },
  { sleep: 300 },
  { key: 'enter' },
  { wait: agent.working, timeout: agent.submitTimeout ?? 5000, optional: true },
  { label: 'working', note: 'prompt submitted', if: agent.working },
];

/** Labels `state` (`more`: kind, msg, note) and lets the screen sit 1.5 s before the next turn or the exit. */
const settle = (state, more) => [{ label: state, ...more }, { sleep: 1500 }];

/** A dialog is up: label it blocked (kind, msg), pause as a person would, press `key`. */
const answerDialog = (kind, msg, key) => [{ label: 'blocked', kind, msg }, { sleep: 800 }, { key }];

/** Asks for a long streamed answer and presses Esc once `point` shows; the agent's own steps follow. */
const interruptAt = (agent, point, timeout) => [
  ...submit(agent, 'write a long essay'),
  { wait: point, timeout },
  { sleep: 600 },
  { key: 'esc' },
];

/**
 * A dialog before the first prompt (`options.start: false`): wait for it, label it blocked (`blocked`: kind,
 * msg, note), press `key`, then `ready` (the agent's wait for its prompt) and label idle.
 */
const startupDialog = (dialog, blocked, key, ready) => [
  { wait: dialog, timeout: 30000 },
  { label: 'blocked', ...blocked },
  { sleep: 1000 },
  { key },
  ...ready,
  ...settle('idle'),
];

/** A start-up screen the agent stays at (sign-in): blocked once it shows; the scenario's `leave` gets out. */
const startupScreen = (screen, blocked) => [{ wait: screen, timeout: 30000 }, ...settle('blocked', blocked)];

const idleStart = () => ({ name: 'idle-start', drive: [{ sleep: 1500 }] });

/**
 * Issue 28: the turns that fail (each API's own shape: an exhausted quota, a usage limit with a reset time, a
 * context-length error, a server error retried until the agent gives up, a connection cut mid-answer), driven
 * as the agent's api-error (`error(prompt, timeout)`), with long waits: an agent retries before it gives up.
 * `flaky-server` fails twice, then answers: the retry shows and the turn ends done (`done(reply)`).
 */
const RETRIES = { retries: 3 }; // Codex: request_max_retries and stream_max_retries (0 in the other recordings)
const failureScenarios = (error, done) => [
  { name: 'quota-error', drive: error('trigger a quota error', 120000) },
  { name: 'usage-limit', drive: error('trigger a usage limit', 120000) },
  { name: 'context-error', drive: error('trigger a context overflow', 120000) },
  { name: 'server-error', options: RETRIES, drive: error('trigger a server error', 240000) },
  { name: 'dropped-connection', options: RETRIES, drive: error('trigger a dropped connection', 240000) },
  ...(done ? [{ name: 'flaky-server', options: RETRIES, drive: done('trigger a flaky server', /came through after the retries/) }] : []),
];

/** Issue 28: a three-step plan the agent updates as it works (agent-turns.mjs), then a closing text. */
const planScenario = (submitted, done, approve = []) => ({
  name: 'plan-progress',
  options: { planTool: true }, // Codex: tools.update_plan.enabled; Gemini: a Gemini 2 model; Qwen: no tool search
  drive: [...submitted('make a three step plan'), ...approve, { wait: /All three steps are done\./, timeout: 120000 }, ...done],
});
const exitScenario = () => ({ name: 'exit', drive: [{ sleep: 500 }] });

/**
 * The scenarios of an agent whose dialogs take the place of its input (Copilot CLI, Factory Droid, Continue
 * CLI, Grok CLI): the same prompts, turns and order for each, with the agent's own texts and moves as parameters:
 *   working, idle, approval   what the screen shows while a turn runs, at rest, while a dialog waits
 *   submitTimeout, long       how long to wait for the working hint after Enter, and for a turn's text (ms)
 *   submit                    (agent, text) → steps, when the agent needs its own way to send a prompt
 *   shell, write              the labels' msg: the prefix before a shell command (`approve Bash:`), a write's msg
 *   writeDeny, longCommand    whether there are write-deny and long-command scenarios
 *   denied                    what the agent shows after Esc at a dialog (waited for, optional)
 *   question                  { dialog, gone }: its question dialog, and what goes once it is answered (none: no
 *                             question scenario, the agent has no question tool)
 *   interrupt                 (submitted) → steps after an essay was asked for (`submitted(text)` sends it)
 *   startup                   the scenarios of its start-up screens (trust, sign-in, first run)
 *   errors                    { api, auth }: the text a failed turn shows for a 400 and a 401
 */
function footerDialogScenarios(p) {
  const a = { working: p.working, submitTimeout: p.submitTimeout };
  const send = p.submit ?? submit;
  const submitted = (text) => send(a, text);
  const LONG = p.long;
  const done = [{ waitGone: p.working, timeout: LONG }, { wait: p.idle, timeout: 10000 }, ...settle('done')];
  const approve = (prompt, msg, answer) => [
    ...submitted(prompt),
    { wait: p.approval, timeout: LONG },
    ...answerDialog('permission', msg, 'enter'),
    { waitGone: p.approval, timeout: 30000 },
    { label: 'working', note: 'approved' },
    { wait: answer, timeout: LONG },
    ...done,
  ];
  const deny = (prompt, msg) => [
    ...submitted(prompt),
    { wait: p.approval, timeout: LONG },
    ...answerDialog('permission', msg, 'esc'),
    { waitGone: p.approval, timeout: 30000 },
    { wait: p.denied, timeout: 30000, optional: true },
    { waitGone: p.working, timeout: 30000 },
    { wait: p.idle, timeout: 10000 },
    ...settle('idle', { note: 'denied' }),
  ];
  const error = (prompt, text) => [...submitted(prompt), { wait: text, timeout: LONG }, { waitGone: p.working, timeout: 30000 }, ...settle('error')];
  const build = () => approve('prepare the build folder', `${p.shell} ${LONG_BUILD}`, /build\/logs holds build\.log/);
  const test = () => deny('run the full test suite', `${p.shell} ${LONG_TEST}`);
  return [
    idleStart(),
    { name: 'slow-answer', drive: [...submitted('summarize this repo slowly'), { wait: /stands\s+out\.[\s\S]*stands\s+out\./, timeout: LONG }, ...done] },
    { name: 'long-answer', drive: [...submitted('list every file'), { wait: /That is the whole list\./, timeout: LONG }, ...done] },
    { name: 'shell-approve', drive: build() },
    ...(p.longCommand ? [{ name: 'long-command', drive: approve('prepare the nightly report folder', `${p.shell} ${LONG_COMMAND}`, /summary\.log is in place/) }] : []),
    { name: 'shell-deny', drive: test() },
    { name: 'approve-then-deny', drive: [...build(), ...test()] },
    { name: 'write-approve', drive: approve('create notes.txt', p.write, /Wrote notes\.txt with one line\./) },
    ...(p.writeDeny ? [{ name: 'write-deny', drive: deny('create notes.txt', p.write) }] : []),
    ...(p.question === undefined ? [] : [question(p.question)]),
    { name: 'prose-question', drive: [...submitted('explain the bug briefly'), { wait: /regression\s+test\?/, timeout: LONG }, ...done] },
    { name: 'interrupt', drive: p.interrupt(submitted) },
    ...p.startup,
    { name: 'api-error', drive: error('trigger a bad request', p.errors.api) },
    { name: 'auth-error', drive: error('trigger an auth failure', p.errors.auth) },
    exitScenario(),
  ];
  function question({ dialog, gone }) {
    return {
      name: 'question',
      drive: [
        ...submitted('pick a database'),
        { wait: dialog, timeout: LONG },
        ...answerDialog('question', 'answer: Which database should the project use?', 'enter'),
        { waitGone: gone, timeout: 30000 },
        { label: 'working', note: 'answered' },
        { wait: /Noted: the project will use/, timeout: LONG },
        ...done,
      ],
    };
  }
}

/** The commands of `prepare the build folder` and `run the full test suite` (agent-turns.mjs): 97 characters, they wrap at 80 columns. */
const LONG_BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const LONG_TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';

// ----------------------------------------------------------------------------------------------- Codex

/** The status row's hint; a narrow pane cuts the row short (`• Working (0s • esc to interr…` at 30 columns). */
const CODEX_WORKING = /esc to interrupt|^[ \t]*• [^\n]*\(\d+s\b/m;
/** The separator Codex draws under a finished turn. */
const CODEX_DONE = /Worked for (?:<)?\d/;
/** An approval's question or footer; a narrow pane wraps them (`Would you like to run the` | `following command?`). */
const CODEX_APPROVAL = /Would you like to run the following\s+command\?|Would you like to make the following\s+edits\?|Press enter to confirm\s+or\s+esc to cancel/;

/** Shift+Tab into Plan mode; Codex sometimes drops the first one right after start-up, so try thrice. */
const enterPlanMode = [1, 2, 3].flatMap(() => [
  { sleep: 500 },
  { key: 'shift-tab', unless: /Plan mode \(shift\+tab/ },
  { wait: /Plan mode \(shift\+tab/, timeout: 2000, optional: true },
]);

/** Codex CLI (0.171.0): scenarios. */
export function codexScenarios() {
  const a = { working: CODEX_WORKING };
  /** The turn is over once Codex draws `Worked for` under it. */
  const done = (timeout = 10000) => [{ wait: CODEX_DONE, timeout }, ...settle('done')];
  /** Esc at a dialog or mid-answer: `■ Conversation interrupted`, and Codex is idle. */
  const interrupted = [{ wait: /Conversation interrupted/, timeout: 10000 }, ...settle('idle')];
  /** A turn that stops at `dialog` (labelled blocked: kind, msg); Enter accepts, and the turn goes on to `reply`. */
  const accept = (prompt, dialog, kind, msg, reply) => [
    ...submit(a, prompt),
    { wait: dialog },
    ...answerDialog(kind, msg, 'enter'),
    { label: 'working' },
    { wait: reply },
    ...done(),
  ];
  const approve = (prompt, msg, reply) => accept(prompt, CODEX_APPROVAL, 'permission', msg, reply);
  /** A turn that stops at an approval (`dialog` on screen); Esc denies it. */
  const deny = (prompt, msg, dialog = CODEX_APPROVAL) => [
    ...submit(a, prompt),
    { wait: dialog },
    ...answerDialog('permission', msg, 'esc'),
    { waitGone: CODEX_APPROVAL },
    ...interrupted,
  ];
  const error = (prompt, timeout = 20000) => [...submit(a, prompt), { waitGone: CODEX_WORKING, timeout }, ...settle('error')];
  const answered = (prompt, reply) => [...submit(a, prompt), { wait: reply, timeout: 120000 }, ...done(30000)];
  return [
    idleStart(),
    {
      name: 'slow-answer',
      // Codex hides its `Working` line while the answer streams: the turn ends when `Worked for` shows.
      drive: [...submit(a, 'summarize this repo slowly'), ...done(30000)],
    },
    { name: 'long-answer', drive: [...submit(a, 'list every file'), ...done(30000)] },
    { name: 'shell-approve', drive: approve('make a build log', 'approve shell: touch build.log', /README\.md\s+and\s+package\.json\./) },
    { name: 'long-command', drive: approve('prepare the nightly report folder', `approve shell: ${LONG_COMMAND}`, /summary\.log is in place/) },
    { name: 'shell-deny', drive: deny('run the tests', 'approve shell: npm test') },
    {
      // Both turns in one session: approve, done, then deny — the order the issue asks for.
      name: 'approve-then-deny',
      drive: [
        ...approve('make a build log', 'approve shell: touch build.log', /README\.md and package\.json\./),
        ...deny('run the tests', 'approve shell: npm test', /Would you like to run the following command\?[\s\S]*npm test/),
      ],
    },
    { name: 'prose-question', drive: [...submit(a, 'explain the bug briefly'), { wait: /add a regression test\?/ }, ...done()] },
    { name: 'interrupt', drive: [...interruptAt(a, /Point 30:/, 20000), ...interrupted] },
    {
      // request_user_input is offered in Plan mode only (shift+tab cycles into it).
      name: 'question',
      drive: [
        ...enterPlanMode,
        { sleep: 500 },
        ...accept(
          'pick a database',
          /Which database should the project use\?/,
          'question',
          'answer: Which database should the project use?',
          /Noted: the project will use/,
        ),
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
        ...settle('done', { note: 'plan chooser dismissed: the turn had ended' }),
      ],
    },
    {
      name: 'trust-dialog',
      options: { trusted: false, start: false },
      drive: startupDialog(/Trust this folder\?/, { kind: 'permission', msg: 'trust this folder', note: 'trust dialog' }, 'enter', [
        { idle: true, timeout: 30000 },
        { sleep: 400 },
      ]),
    },
    {
      // A newer version is known (CODEX_HOME/version.json): the update chooser blocks the start.
      name: 'update-prompt',
      options: { updatePrompt: true, start: false },
      drive: startupDialog(
        /Update available/,
        { kind: 'question', msg: 'update Codex: 0.171.0 → 0.999.0', note: 'update chooser' },
        '2',
        [{ idle: true, timeout: 30000 }, { sleep: 400 }],
      ),
    },
    {
      name: 'sign-in',
      options: { signIn: true, start: false, leave: [{ key: 'ctrl-c' }, { sleep: 500 }, { key: 'ctrl-c', if: /Sign in/ }] },
      drive: startupScreen(/Sign in with ChatGPT/, { kind: 'auth', msg: 'sign in to Codex', note: 'sign-in screen' }),
    },
    { name: 'api-error', drive: error('trigger a bad request') },
    { name: 'auth-error', drive: error('trigger an auth failure') },
    ...failureScenarios(error, answered),
    planScenario((t) => submit(a, t), done(30000)),
    {
      // Issue 28: two sub-agents spawned in one reply (spawn_agent), waited on (wait_agent), then a closing text.
      name: 'subagents',
      // Codex draws no Working row while it waits on them: `• Waiting for 2 agents` is what says the turn goes on.
      drive: [
        ...submit(a, 'split the survey between two helpers'),
        { wait: /Waiting for 2 agents/, timeout: 60000 },
        { label: 'working', note: 'waiting for 2 agents' },
        { wait: /• Waiting for [0-9a-f]{8}-/, timeout: 60000 },
        { label: 'working', note: 'one agent finished, waiting for the other' },
        { wait: /Both helpers are done/, timeout: 120000 },
        ...done(30000),
      ],
    },
    {
      // Issue 28: the turn ends while both sub-agents still run; what Codex shows when each of them ends.
      name: 'subagents-unwaited',
      drive: [
        ...submit(a, 'start two helpers and carry on'),
        { wait: /report back when they are done/, timeout: 60000 },
        ...done(30000),
        { sleep: 15000 },
      ],
    },
    exitScenario(),
  ];
}

// ---------------------------------------------------------------------------------------------- Gemini

const GEMINI_WORKING = /esc to cancel/;
const GEMINI_APPROVAL = /Allow execution of|Apply this change\?|Allow execution\?|Do you want to proceed\?/;
const GEMINI_IDLE = /Type your message/;

/** Gemini CLI (0.61.0): scenarios. */
export function geminiScenarios() {
  const a = { working: GEMINI_WORKING };
  /** The turn is over once Gemini's working hint goes. */
  const done = [{ waitGone: GEMINI_WORKING, timeout: 10000 }, ...settle('done')];
  const approve = (prompt, msg, answer) => [
    ...submit(a, prompt),
    { wait: GEMINI_APPROVAL, timeout: 20000 },
    ...answerDialog('permission', msg, 'enter'),
    { label: 'working' },
    { wait: answer, timeout: 20000 },
    ...done,
  ];
  const deny = (prompt, msg) => [
    ...submit(a, prompt),
    { wait: GEMINI_APPROVAL, timeout: 20000 },
    ...answerDialog('permission', msg, 'esc'),
    { waitGone: GEMINI_APPROVAL },
    { wait: /Request cancelled/, timeout: 10000, optional: true },
    ...settle('idle'),
  ];
  const error = (prompt, timeout = 30000) => [...submit(a, prompt), { waitGone: GEMINI_WORKING, timeout }, ...settle('error')];
  const answered = (prompt, reply) => [...submit(a, prompt), { wait: reply, timeout: 240000 }, ...done];
  return [
    idleStart(),
    {
      name: 'slow-answer',
      drive: [...submit(a, 'summarize this repo slowly'), { wait: /stands\s+out\.[\s\S]*stands\s+out\./, timeout: 30000 }, ...done],
    },
    { name: 'shell-approve', drive: approve('make a build log', 'approve shell: touch build.log', /README\.md and package\.json\./) },
    { name: 'long-command', drive: approve('prepare the nightly report folder', `approve shell: ${LONG_COMMAND}`, /summary\.log is in place/) },
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
        ...answerDialog('question', 'answer: Which database should the project use?', 'enter'),
        { sleep: 300 },
        { key: 'enter', if: /Which database should the project use\?/ },
        { label: 'working' },
        { wait: /Noted: the project will use/, timeout: 20000 },
        ...done,
      ],
    },
    { name: 'prose-question', drive: [...submit(a, 'explain the bug briefly'), { wait: /add a regression test\?/ }, ...done] },
    {
      name: 'interrupt',
      // Gemini redraws its whole inline area for every streamed chunk: stop early to keep the cast small.
      drive: [...interruptAt(a, /Point 8:/, 20000), { waitGone: GEMINI_WORKING, timeout: 10000 }, ...settle('idle')],
    },
    {
      name: 'trust-dialog',
      options: { trusted: false, start: false },
      // Once answered, Gemini CLI restarts: `Gemini CLI is restarting to apply the trust changes...` is drawn
      // below the answered dialog for several seconds before the new prompt: working, not blocked.
      drive: startupDialog(
        /Do you trust (?:this folder|the files)/i,
        { kind: 'permission', msg: 'trust this folder', note: 'trust dialog' },
        'enter',
        [
          { wait: /restarting to apply the trust changes/, timeout: 10000, optional: true },
          { label: 'working', note: 'restarting', if: /restarting to apply the trust changes/, unless: GEMINI_IDLE },
          { wait: GEMINI_IDLE, timeout: 30000 },
          { label: 'idle', note: 'restarted' },
          { sleep: 600 },
        ],
      ),
    },
    {
      name: 'auth-dialog',
      options: { auth: 'dialog', start: false, leave: [{ key: 'ctrl-c' }, { sleep: 500 }, { key: 'ctrl-c' }] },
      drive: startupScreen(/How would you like to authenticate|Get started/i, { kind: 'auth', msg: 'choose how to sign in', note: 'auth dialog' }),
    },
    { name: 'api-error', drive: error('trigger a bad request') },
    { name: 'auth-error', drive: error('trigger an auth failure') },
    ...failureScenarios(error, answered),
    // Gemini CLI asks before its first WriteTodos (`?  WriteTodos Set 3 todo(s)` … `Do you want to proceed?`):
    // allowed for the session, the later updates run at once.
    planScenario((t) => submit(a, t), done, [
      { wait: /WriteTodos/, timeout: 60000 },
      { wait: GEMINI_APPROVAL, timeout: 10000 },
      { label: 'blocked', kind: 'permission', note: 'WriteTodos' },
      { sleep: 800 },
      { key: '2' },
      { waitGone: GEMINI_APPROVAL, timeout: 10000 },
      { label: 'working', note: 'allowed for this session' },
    ]),
    exitScenario(),
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
const OC_DONE = /▣ +(?:Build|Code) · Mock Model · (?:\d+m ?)?\d+(?:\.\d+)?m?s/;

/**
 * OpenCode (1.18.33): scenarios. The recorder waits for OpenCode's start-up CPU burst to end before the first
 * step (AGENTS.opencode.quiet); the first turn of a session still takes long (tens of seconds on a busy
 * machine) before its first request, so the first waits are long. Every key is sent only once the screen
 * shows what it answers.
 */
/**
 * The scenarios OpenCode and its fork Kilo Code share (the same composer, approval dialog and footer), and the
 * helpers to write more: p.first is the first wait's timeout (the first screen is slow), p.replyTimeout a reply's,
 * p.shellDone the shell-approve answer, p.afterDeny(msg) the steps after Esc at the approval (Kilo asks again),
 * p.more(h) the agent's own scenarios, put before `exit`.
 */
function openCodeFamilyScenarios(p) {
  const a = { working: OC_WORKING, submitTimeout: 60000 };
  /** The turn is over once the reply's footer shows its duration and the working hint is gone. */
  const done = [{ wait: OC_DONE, timeout: p.replyTimeout }, { waitGone: OC_WORKING, timeout: 30000 }, ...settle('done')];
  /** The turn stopped (rejected, interrupted, failed): the working hint gone, a moment for the footer, then `state`. */
  const stopped = (state, note, timeout = 30000) => [{ waitGone: OC_WORKING, timeout }, { sleep: 300 }, ...settle(state, note && { note })];
  const approvalShown = [
    { wait: OC_APPROVAL, timeout: p.first },
    { wait: OC_APPROVAL_FILLED, timeout: 10000 },
  ];
  const approve = (prompt, msg, answer) => [
    ...submit(a, prompt),
    ...approvalShown,
    ...answerDialog('permission', msg, 'enter'),
    { waitGone: OC_APPROVAL, timeout: 30000 },
    { label: 'working', note: 'allowed once' },
    { wait: answer, timeout: p.replyTimeout },
    ...done,
  ];
  const deny = (prompt, msg) => [
    ...submit(a, prompt),
    ...approvalShown,
    ...answerDialog('permission', msg, 'esc'),
    ...p.afterDeny(msg),
    ...stopped('idle', 'rejected'),
  ];
  return [
    idleStart(),
    {
      name: 'slow-answer',
      drive: [...submit(a, 'summarize this repo slowly'), { wait: /stands\s+out\.[\s\S]*stands\s+out\./, timeout: p.first }, ...done],
    },
    { name: 'shell-approve', drive: approve('make a build log', 'approve shell: touch build.log', p.shellDone) },
    { name: 'long-command', drive: approve('prepare the nightly report folder', `approve shell: ${LONG_COMMAND}`, /summary\.log is in place/) },
    { name: 'shell-deny', drive: deny('run the tests', 'approve shell: npm test') },
    {
      name: 'approve-then-deny',
      drive: [
        ...approve('make a build log', 'approve shell: touch build.log', /README\.md and package\.json\./),
        ...deny('run the tests', 'approve shell: npm test'),
      ],
    },
    ...p.more({ a, done, stopped, approve }),
    exitScenario(),
  ];
}

export function opencodeScenarios() {
  const FIRST = 150000;
  return openCodeFamilyScenarios({
    first: FIRST,
    replyTimeout: 60000,
    shellDone: /README\.md\s+and\s+package\.json\./,
    afterDeny: () => [{ waitGone: OC_APPROVAL, timeout: 30000 }],
    more: ({ a, done, stopped, approve }) => {
      const error = (prompt, timeout = FIRST) => [...submit(a, prompt), ...stopped('error', undefined, Math.max(timeout, FIRST))];
      const answered = (prompt, reply) => [...submit(a, prompt), { wait: reply, timeout: 240000 }, ...done];
      return [
        { name: 'write-approve', drive: approve('create notes.txt', 'approve edit: notes.txt', /Wrote notes\.txt with one line\./) },
        {
          name: 'question',
          drive: [
            ...submit(a, 'pick a database'),
            { wait: OC_QUESTION, timeout: FIRST },
            { wait: OC_QUESTION_DIALOG },
            ...answerDialog('question', 'answer: Which database should the project use?', 'enter'),
            { waitGone: OC_QUESTION_DIALOG, timeout: 30000 },
            { label: 'working', note: 'answered' },
            { wait: /Noted: the project will use/, timeout: 60000 },
            ...done,
          ],
        },
        { name: 'prose-question', drive: [...submit(a, 'explain the bug briefly'), { wait: /regression\s+test\?/, timeout: FIRST }, ...done] },
        {
          name: 'interrupt',
          drive: [
            ...interruptAt(a, /Point 20:/, FIRST),
            { wait: /esc again to interrupt/, timeout: 10000, optional: true },
            { key: 'esc', if: OC_WORKING },
            ...stopped('idle', 'interrupted'),
          ],
        },
        { name: 'api-error', drive: error('trigger a bad request') },
        { name: 'auth-error', drive: error('trigger an auth failure') },
        ...failureScenarios(error, answered),
        planScenario((t) => submit(a, t), done),
        {
          // Issue 28: two task calls in one reply (a `general` and an `explore` subagent), then a closing text.
          name: 'subagents',
          // While they run: `⠹ General Task — List the docs folder` (a spinner), `✓ …` and `↳ 12.0s` once one ends.
          drive: [
            ...submit(a, 'survey the project with two subagents'),
            { wait: /Explore Task — Count the test files/, timeout: FIRST },
            { label: 'working', note: 'two subagents running' },
            // (At 60x15 the `↳ Read …` row is never in view: the wait ends when the subagent's end row shows.)
            { wait: /↳ Read |↳ 1 toolcall · /, timeout: 30000, optional: true },
            { label: 'working', note: "a subagent's tool row", if: /↳ Read / },
            // At 60x15 the `✓ General Task` row has scrolled out of view by then: its `↳ 1 toolcall · 9.7s` row is what shows.
            { wait: /✓ General Task — List the docs folder|↳ 1 toolcall · /, timeout: 60000 },
            { label: 'working', note: 'one subagent finished, the other running', unless: /✓ Explore Task/ },
            { wait: /Both helpers are done/, timeout: 60000 },
            ...done,
          ],
        },
      ];
    },
  });
}

// --------------------------------------------------------------------------- i18a: GitHub Copilot CLI

/** The footer while a turn runs: a spinner glyph, `Working` (`· 96 B` once text streams), `esc esc interrupt`. */
const COP_WORKING = /^ \S (?:Working|Cancelling)\b/m;
/** The footer at rest (`Interactive · Manual Approval · / commands`). */
const COP_IDLE = /Interactive · /;
/** The approval dialog's question: a shell command, a file to create or edit, a URL… */
const COP_APPROVAL = /Do you want to (?:run this command|create|edit|fetch|allow)\b[^\n]*\?/;

/**
 * GitHub Copilot CLI (1.0.102): scenarios. Copilot is slow on a loaded machine (a turn can take ten seconds
 * to start): every wait is long, and every key is sent only once the screen shows what it answers.
 */
export function copilotScenarios() {
  const LONG = 90000;
  // Issue 28: the failures of failureScenarios, each ending once the working footer is gone and the prompt is back.
  const failed = (prompt, timeout) => [
    ...submit({ working: COP_WORKING, submitTimeout: 30000 }, prompt),
    { waitGone: COP_WORKING, timeout },
    { wait: COP_IDLE, timeout: 10000 },
    ...settle('error'),
  ];
  return [...copilotBase(LONG), ...failureScenarios(failed)];
}

function copilotBase(LONG) {
  return footerDialogScenarios({
    working: COP_WORKING,
    idle: COP_IDLE,
    approval: COP_APPROVAL,
    submitTimeout: 30000,
    long: LONG,
    shell: 'approve shell:',
    write: 'approve create: notes.txt',
    writeDeny: false,
    longCommand: true,
    /** Esc at the dialog: `Operation cancelled by user`, and the turn stops. */
    denied: /Operation cancelled by user/,
    question: { dialog: /Copilot needs information\.[\s\S]*enter accept/, gone: /Copilot needs information\./ },
    // The footer says `esc esc interrupt`, but two Esc presses while the answer streamed never stopped it in
    // these runs; Ctrl+C once does (a second one would exit).
    interrupt: (submitted) => [
      ...submitted('write a long essay'),
      { wait: /Point 6:/, timeout: LONG },
      { sleep: 300 },
      { key: 'ctrl-c' },
      { waitGone: COP_WORKING, timeout: 30000 },
      { wait: COP_IDLE, timeout: 10000 },
      ...settle('idle', { note: 'interrupted' }),
    ],
    startup: [
      {
        // Copilot takes up to a minute to draw its first screen on a loaded machine: longer waits than startupDialog's.
        name: 'trust-dialog',
        options: { trusted: false, start: false },
        drive: [
          { wait: /Do you trust the files in this folder\?[\s\S]*esc to cancel/, timeout: LONG },
          { label: 'blocked', kind: 'permission', msg: 'trust this folder', note: 'trust dialog' },
          { sleep: 1000 },
          { key: 'enter' },
          { wait: COP_IDLE, timeout: LONG },
          { sleep: 600 },
          ...settle('idle'),
        ],
      },
      {
        // No provider and no GitHub sign-in (the network is a closed local port): Copilot asks for /login.
        name: 'sign-in',
        options: { signIn: true, start: false },
        drive: [{ wait: /Please use \/login to sign in/, timeout: LONG }, ...settle('blocked', { kind: 'auth', msg: 'Please use /login to sign in to use Copilot', note: 'sign-in notice' })],
      },
    ],
    errors: { api: /mock 400/, auth: /Authentication failed/ },
  });
}

// ---------------------------------------------------------------------------------- i18a: Qwen Code

const QWEN_WORKING = /esc to cancel/;
const QWEN_APPROVAL = /Allow execution of\b[^\n]*\?|Apply this change\?|Do you want to proceed\?|Allow\b[^\n]*\?/;
const QWEN_OPTIONS = /1\. (?:Yes, allow once|Allow once)/;
const QWEN_IDLE = /Type your message/;

/** Qwen Code (0.24.4): scenarios (its screens are Gemini CLI's, from which it was forked; with no auth type it opens `Connect a Provider`). */
export function qwenScenarios() {
  const a = { working: QWEN_WORKING, submitTimeout: 20000 };
  const LONG = 90000;
  /** The turn is over once the working hint goes. */
  const done = [{ waitGone: QWEN_WORKING, timeout: LONG }, ...settle('done')];
  const dialog = [{ wait: QWEN_APPROVAL, timeout: LONG }, { wait: QWEN_OPTIONS, timeout: 10000 }];
  const approve = (prompt, msg, answer) => [
    ...submit(a, prompt),
    ...dialog,
    ...answerDialog('permission', msg, 'enter'),
    { waitGone: QWEN_OPTIONS, timeout: 30000 },
    { label: 'working', note: 'approved' },
    { wait: answer, timeout: LONG },
    ...done,
  ];
  const deny = (prompt, msg) => [
    ...submit(a, prompt),
    ...dialog,
    ...answerDialog('permission', msg, 'esc'),
    { waitGone: QWEN_OPTIONS, timeout: 30000 },
    { waitGone: QWEN_WORKING, timeout: 30000 },
    ...settle('idle', { note: 'denied' }),
  ];
  /** The `✕ [API Error: …]` block, then the spinner gone (Qwen repaints the whole screen between the two). */
  const failed = (timeout) => [{ wait: /✕ (?:\[API Error:|Quota exhausted:)/, timeout }, { waitGone: QWEN_WORKING, timeout: 30000 }, ...settle('error')];
  const error = (prompt, timeout = LONG) => [...submit(a, prompt), ...failed(timeout)];
  const answered = (prompt, reply) => [...submit(a, prompt), { wait: reply, timeout: 240000 }, ...done];
  /**
   * Issue 28: a 429 rate limit with a Retry-After answered to every request is retried every Retry-After
   * seconds with nothing but the spinner on screen, and no end in sight (2.5 min measured): still working 20 s in,
   * then the recorder's exit (Esc would put the prompt back in the input, where the exit keys would join it). A
   * rate limit inside the stream shows a countdown under the turn (`Retrying in 4s… (attempt 1/2)`): working,
   * then the answer.
   */
  const silentRetry = (prompt) => [
    ...submit(a, prompt),
    { sleep: 20000 },
    { wait: QWEN_WORKING, timeout: 1000 },
    { label: 'working', note: 'retried without a word' },
    { sleep: 1500 },
  ];
  const countdown = (prompt, reply) => [
    ...submit(a, prompt),
    { wait: /Retrying in \d+s/, timeout: LONG },
    { label: 'working', note: 'retry countdown' },
    { wait: reply, timeout: 240000 },
    ...done,
  ];
  return [
    idleStart(),
    {
      name: 'slow-answer',
      drive: [...submit(a, 'summarize this repo slowly'), { wait: /stands\s+out\.[\s\S]*stands\s+out\./, timeout: LONG }, ...done],
    },
    { name: 'shell-approve', drive: approve('prepare the build folder', `approve shell: ${LONG_BUILD}`, /build\/logs holds build\.log/) },
    { name: 'shell-deny', drive: deny('run the full test suite', `approve shell: ${LONG_TEST}`) },
    {
      name: 'approve-then-deny',
      drive: [
        ...approve('prepare the build folder', `approve shell: ${LONG_BUILD}`, /build\/logs holds build\.log/),
        ...deny('run the full test suite', `approve shell: ${LONG_TEST}`),
      ],
    },
    { name: 'long-command', drive: approve('prepare the nightly report folder', `approve shell: ${LONG_COMMAND}`, /summary\.log is in place/) },
    { name: 'write-approve', drive: approve('create notes.txt', 'approve write: notes.txt', /Wrote notes\.txt with one line\./) },
    {
      name: 'question',
      drive: [
        ...submit(a, 'pick a database'),
        { wait: /Which database should the project use\?/, timeout: LONG },
        { wait: /PostgreSQL/, timeout: 10000 },
        ...answerDialog('question', 'answer: Which database should the project use?', 'enter'),
        { sleep: 500 },
        { key: 'enter', if: /Which database should the project use\?[\s\S]*(?:Submit|Review|enter to)/i },
        { label: 'working', note: 'answered' },
        { wait: /Noted: the project will use/, timeout: LONG },
        ...done,
      ],
    },
    { name: 'prose-question', drive: [...submit(a, 'explain the bug briefly'), { wait: /regression\s+test\?/, timeout: LONG }, ...done] },
    {
      name: 'interrupt',
      drive: [
        ...interruptAt(a, /Point 8:/, LONG),
        { wait: /Request cancelled\./, timeout: 30000 },
        { waitGone: QWEN_WORKING, timeout: 30000 },
        ...settle('idle', { note: 'interrupted' }),
      ],
    },
    {
      name: 'trust-dialog',
      options: { trusted: false, start: false },
      drive: startupDialog(
        /Do you trust (?:this folder|the files)/i,
        { kind: 'permission', msg: 'trust this folder', note: 'trust dialog' },
        'enter',
        [{ wait: QWEN_IDLE, timeout: 60000 }, { sleep: 1000 }],
      ),
    },
    {
      name: 'auth-dialog',
      options: { auth: 'dialog', start: false, leave: [{ key: 'ctrl-c' }, { sleep: 500 }, { key: 'ctrl-c' }] },
      drive: startupScreen(/Connect a Provider/, { kind: 'auth', msg: 'connect a provider', note: 'provider chooser' }),
    },
    {
      // Issue 31: the first run's provider set-up, Custom Provider picked: `Custom Provider · Step 1/7 · Protocol`.
      // Qwen Code takes no prompt until it is done (or left with Esc).
      name: 'provider-setup',
      options: { auth: 'dialog', start: false, leave: [{ key: 'ctrl-c' }, { sleep: 500 }, { key: 'ctrl-c' }] },
      drive: [
        ...startupScreen(/Connect a Provider/, { kind: 'auth', msg: 'connect a provider', note: 'provider chooser' }),
        { key: 'down' }, { sleep: 800 }, { key: 'down', unless: /› Custom Provider/ }, { sleep: 800 }, { key: 'down', unless: /› Custom Provider/ },
        { wait: /› Custom Provider/, timeout: 5000 }, { sleep: 500 }, { key: 'enter' },
        { wait: /Step 1\/\d+/, timeout: 10000 },
        ...settle('blocked', { kind: 'auth', msg: 'Custom Provider · Step 1/7 · Protocol', note: 'provider set-up' }),
      ],
    },
    { name: 'api-error', drive: error('trigger a bad request') },
    { name: 'auth-error', drive: error('trigger an auth failure') },
    ...failureScenarios(error, answered),
    { name: 'rate-limit', drive: silentRetry('trigger a rate limit') },
    { name: 'quota-reset', drive: error('trigger a quota with a reset') },
    { name: 'stream-rate-limit', drive: countdown('trigger a limit mid-answer', /came through after the rate limit/) },
    {
      name: 'stream-rate-limit-spent',
      drive: [
        ...submit(a, 'trigger a lasting limit mid-answer'),
        { wait: /Retrying in \d+s/, timeout: LONG },
        { label: 'working', note: 'retry countdown' },
        { wait: /attempt 2\/2/, timeout: 60000 },
        { label: 'working', note: 'last retry' },
        // The `✕ [API Error: …]` row is up all through the countdown: the end is its `(Press Ctrl+Y to retry)`.
        { wait: /Press\s+Ctrl\+Y\s+to\s+retry/, timeout: 120000 },
        { waitGone: QWEN_WORKING, timeout: 30000 },
        ...settle('error'),
      ],
    },
    planScenario((t) => submit(a, t), done),
    exitScenario(),
  ];
}
// ---- i18b: Pi (issue 18) -----------------------------------------------------------------------------

/** Pi's loader above the editor while a turn runs (`⠦ Working...`). */
const PI_WORKING = /Working\.\.\./;
/** The permission-gate example extension's dialog: `Allow?` over its choices and `↑↓ navigate  enter select …`. */
const PI_GATE = /Allow\?[\s\S]*enter select/;
/** What the gate's dialog reads: its title (a colon: what follows is part of it), the command, the question. */
const PI_GATE_MSG = 'Dangerous command: rm -rf build Allow?';

/**
 * Pi (0.73.1): scenarios. Pi asks no permission (it says so: "No permission popups"): its bash, write and edit
 * tools run at once, so its states are the prompt, the loader, the turn's end, an interrupted turn
 * (`Operation aborted`), an error under the transcript, and the start without any model (`No models
 * available`), which waits for `/login`.
 */
export function piScenarios() {
  const a = { working: PI_WORKING };
  /** The turn is over once `reply` shows and the loader is gone. */
  const done = (reply, timeout = 20000) => [{ wait: reply, timeout }, { waitGone: PI_WORKING, timeout: 10000 }, ...settle('done')];
  const error = (prompt, text) => [...submit(a, prompt), { wait: text, timeout: 30000 }, { waitGone: PI_WORKING, timeout: 10000 }, ...settle('error')];
  return [
    idleStart(),
    { name: 'slow-answer', drive: [...submit(a, 'summarize this repo slowly'), ...done(/stands\s+out\.[\s\S]*stands\s+out\./, 30000)] },
    { name: 'long-answer', drive: [...submit(a, 'list every file'), ...done(/That is the whole list\./, 30000)] },
    { name: 'shell-run', drive: [...submit(a, 'make a build log'), ...done(/README\.md and package\.json\./)] },
    // Pi asks no permission: the long command runs at once, the screen reads working, then done.
    { name: 'long-command', drive: [...submit(a, 'prepare the nightly report folder'), ...done(/summary\.log is in place/)] },
    { name: 'write-run', drive: [...submit(a, 'create notes.txt'), ...done(/Wrote notes\.txt with one line\./)] },
    { name: 'prose-question', drive: [...submit(a, 'explain the bug briefly'), ...done(/regression\s+test\?/)] },
    {
      name: 'interrupt',
      drive: [...interruptAt(a, /Point 12:/, 20000), { wait: /Operation aborted/, timeout: 10000 }, { waitGone: PI_WORKING }, ...settle('idle')],
    },
    { name: 'api-error', drive: error('trigger a bad request', /Error: 400\b/) },
    { name: 'auth-error', drive: error('trigger an auth failure', /Error: 401\b/) },
    {
      // No models.json: Pi starts, warns `No models available. Use /login …` and waits for a sign-in.
      name: 'no-model',
      options: { noModels: true, start: false, leave: [{ key: '\x04' }] },
      drive: startupScreen(/No models available/, { kind: 'auth', msg: 'Warning: No models available. Use /login to log into a provider via OAuth or API key. See:', note: 'no model configured' }),
    },
    // Pi's bundled example extension permission-gate asks before a dangerous command (`rm -rf`): its select
    // dialog (`⚠️ Dangerous command:` / the command / `Allow?` / `→ Yes` / `No` / `↑↓ navigate …`) takes the
    // editor's place between the two rules, while the loader (`⠼ Working...`) keeps turning above it.
    {
      name: 'gate-allow',
      options: { example: 'permission-gate' },
      drive: [...submit(a, 'clear out the build folder'), { wait: PI_GATE, timeout: 30000 }, ...answerDialog('permission', PI_GATE_MSG, 'enter'), { waitGone: PI_GATE }, { label: 'working', note: 'allowed' }, ...done(/build folder is gone/)],
    },
    {
      name: 'gate-deny',
      options: { example: 'permission-gate' },
      drive: [...submit(a, 'clear out the build folder'), { wait: PI_GATE, timeout: 30000 }, ...answerDialog('permission', PI_GATE_MSG, 'esc'), { waitGone: PI_GATE }, { label: 'working', note: 'denied' }, ...done(/build folder is gone/)],
    },
    exitScenario(),
  ];
}
// ---- end i18b: Pi -------------------------------------------------------------------------------------

// ---- i18b: Cline (issue 18) --------------------------------------------------------------------------

const CLINE_WORKING = /\(esc to cancel\)/;
/** The tool approval: `Cline needs permission`, `Approve tool call?`, the tool and its input, `[y] Approve   [n] Deny`. */
const CLINE_APPROVAL = /\[y\] Approve +\[n\] Deny/;
const CLINE_QUESTION = /Cline is asking a question/;
/** A transcript block still led by a spinner frame: an answer streaming or a tool running. */
const CLINE_SPINNER_BLOCK = /^ ?[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \S/m;

/**
 * Cline (3.0.65), run with `--auto-approve false` so that it asks before each tool. A denied tool does not end
 * the turn: Cline sends the refusal back to the model, which answers (here `Understood, I will not run the
 * tests.`), so a denial is followed by working and done.
 */
export function clineScenarios() {
  const a = { working: CLINE_WORKING, submitTimeout: 30000 };
  const FIRST = 60000;
  /** The turn is over once `reply` shows and `(esc to cancel)` is gone. */
  const done = (reply, timeout = 30000) => [{ wait: reply, timeout }, { waitGone: CLINE_WORKING, timeout: 15000 }, ...settle('done')];
  const answer = (prompt, dialog, kind, msg, key, reply) => [
    ...submit(a, prompt),
    { wait: dialog, timeout: FIRST },
    ...answerDialog(kind, msg, key),
    { waitGone: dialog, timeout: 15000 },
    { label: 'working', note: 'answered' },
    ...done(reply),
  ];
  const approve = (prompt, msg, reply) => answer(prompt, CLINE_APPROVAL, 'permission', msg, 'enter', reply);
  const deny = (prompt, msg) => answer(prompt, CLINE_APPROVAL, 'permission', msg, 'esc', /I will not run the tests\./);
  const error = (prompt) => [...submit(a, prompt), { waitGone: CLINE_WORKING, timeout: FIRST }, ...settle('error')];
  return [
    idleStart(),
    { name: 'slow-answer', drive: [...submit(a, 'summarize this repo slowly'), ...done(/stands\s+out\.[\s\S]*stands\s+out\./, FIRST)] },
    { name: 'shell-approve', drive: approve('make a build log', 'approve run_commands: touch build.log', /README\.md and package\.json\./) },
    { name: 'shell-deny', drive: deny('run the tests', 'approve run_commands: npm test') },
    {
      name: 'approve-then-deny',
      drive: [
        ...approve('make a build log', 'approve run_commands: touch build.log', /README\.md and package\.json\./),
        ...deny('run the tests', 'approve run_commands: npm test'),
      ],
    },
    { name: 'write-approve', drive: approve('create notes.txt', 'approve editor: notes.txt', /Wrote notes\.txt with one line\./) },
    // A command long enough to wrap at 80 columns in the dialog.
    { name: 'long-command', drive: approve('prepare the build folder', `approve run_commands: ${LONG_BUILD}`, /build\/logs holds build\.log/) },
    {
      name: 'question',
      drive: answer('pick a database', CLINE_QUESTION, 'question', 'answer: Which database should the project use?', 'enter', /Noted: the project will use/),
    },
    { name: 'prose-question', drive: [...submit(a, 'explain the bug briefly'), ...done(/regression\s+test\?/, FIRST)] },
    {
      name: 'interrupt',
      // After Esc the cut answer's spinner frame goes on for ~0.8 s (Cline is still cancelling), then the block
      // reads ` * Point 1: …` like a finished one: label idle once it does.
      drive: [
        ...interruptAt(a, /Point 12:/, FIRST),
        { waitGone: CLINE_WORKING, timeout: 15000 },
        { waitGone: CLINE_SPINNER_BLOCK, timeout: 15000 },
        ...settle('idle', { note: 'interrupted' }),
      ],
    },
    { name: 'api-error', drive: error('trigger a bad request') },
    { name: 'auth-error', drive: error('trigger an auth failure') },
    exitScenario(),
  ];
}
// ---- end i18b: Cline ----------------------------------------------------------------------------------

// ---- agents-a: Kilo Code (issue 18) -------------------------------------------------------------------

/** Kilo's second dialog after Esc at a permission: `△ Reject permission`, a feedback box, `enter confirm  esc cancel`. */
const KILO_REJECT = /△ Reject permission/;

/**
 * Kilo Code (7.7.7), an OpenCode fork: OpenCode's screens (its agent is `Code` where OpenCode's is `Build`) and
 * its slow start (the recorder waits for the process to go quiet first), but Esc at a permission opens a second
 * dialog, `△ Reject permission` (feedback for the model, optional): Enter there rejects with no feedback.
 */
export function kiloScenarios() {
  return openCodeFamilyScenarios({
    first: 240000,
    replyTimeout: 90000,
    shellDone: /README\.md and package\.json\./,
    // Esc opens `△ Reject permission`, answered with Enter.
    afterDeny: (msg) => [
      { wait: KILO_REJECT, timeout: 30000 },
      ...answerDialog('permission', `reject: ${msg.replace(/^approve (?:shell: )?/, '')}`, 'enter'),
      { waitGone: KILO_REJECT, timeout: 30000 },
    ],
    more: () => [],
  });
}
// ---- end agents-a: Kilo Code ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------- i18c: Factory Droid

const DROID_WORKING = /\(Press ESC to stop\)/;
const DROID_IDLE = /\? for help/;
/** A permission dialog: the three choices in a box and its footer. */
const DROID_APPROVAL = /Yes, allow[\s\S]*No, cancel[\s\S]*Esc cancel/;

/**
 * Factory Droid (0.215.0, air-gapped, a custom model): scenarios. Droid elides the middle of a command too long
 * for its dialog's row (`mkdir -p build/logs && touch bui...o "build started" > …` at 80 columns; long-command at
 * every size): the labels' msg names the whole command, the screen shows less (fixtures/droid/README.md).
 */
export function droidScenarios() {
  const LONG = 60000;
  return footerDialogScenarios({
    working: DROID_WORKING,
    idle: DROID_IDLE,
    approval: DROID_APPROVAL,
    submitTimeout: 20000,
    long: LONG,
    shell: 'approve Execute:',
    write: 'approve Create: notes.txt',
    writeDeny: true,
    longCommand: true,
    /** Esc at the dialog: the tool's entry reads `⎿ Interrupted` and the turn ends. */
    denied: /⎿ Interrupted/,
    question: { dialog: /Which database should the project use\?[\s\S]*ESC stop agent/, gone: /ESC stop agent/ },
    interrupt: (submitted) => [
      // Droid shows a streamed answer only once it is complete (13 s here): Esc while `Streaming...` shows.
      ...submitted('write a long essay'),
      { sleep: 4000 },
      { key: 'esc' },
      // `⠇ Cancelling tools...  (Please wait)` for a moment, then `●  Request cancelled by user`.
      { wait: /Request cancelled by user/, timeout: 30000, optional: true },
      { waitGone: /\((?:Press ESC to stop|Please wait)\)/, timeout: 30000 },
      { wait: DROID_IDLE, timeout: 10000 },
      ...settle('idle', { note: 'interrupted' }),
    ],
    startup: [
      {
        name: 'trust-dialog',
        options: { trusted: false, start: false },
        drive: [
          { wait: /Trust this folder\?[\s\S]*Enter to confirm · Esc to exit/, timeout: LONG },
          { label: 'blocked', kind: 'permission', msg: 'trust this folder', note: 'trust dialog' },
          { sleep: 1000 },
          { key: 'enter' },
          { wait: DROID_IDLE, timeout: LONG },
          { sleep: 3000 },
          ...settle('idle'),
        ],
      },
      {
        // Not air-gapped: Droid wants a Factory account even with a custom model (the network is a closed port).
        name: 'sign-in',
        // Ctrl+C does not leave this screen: its `Exit` choice does.
        options: { signIn: true, start: false, leave: [{ key: 'down' }, { sleep: 500 }, { key: 'enter' }] },
        drive: [
          { wait: /Please login with your Factory account to continue\.[\s\S]*Exit/, timeout: LONG },
          ...settle('blocked', { kind: 'auth', msg: 'log in to Factory', note: 'login screen' }),
        ],
      },
    ],
    errors: { api: /BYOK Error: 400[\s\S]*Upstream error/, auth: /BYOK Error: 401[\s\S]*Upstream error/ },
  });
}

// ---------------------------------------------------------------------------- i18c: Continue CLI

const CN_WORKING = /esc to interrupt \)/;
const CN_IDLE = /Ask anything, @ for context/;
/** A permission dialog: `Would you like to continue?` over `> Continue (tab)`. */
const CN_APPROVAL = /Would you like to continue\?[\s\S]*Continue \(tab\)[\s\S]*\(esc\)/;

/** Continue CLI (1.5.47, a local config): scenarios. */
export function continueScenarios() {
  /**
   * On a loaded machine Continue sometimes took the Enter after a typed prompt as a new line in the input
   * (the text stayed, with an empty row under it): press Enter again if no turn has started.
   */
  const submit = (agent, text) => [
    { type: text },
    { sleep: 800 },
    { key: 'enter' },
    { wait: CN_WORKING, timeout: 8000, optional: true },
    { key: 'enter', unless: /esc to interrupt \)|Would you like to continue\?|Enter select/ },
    { wait: CN_WORKING, timeout: agent.submitTimeout, optional: true },
    { label: 'working', note: 'prompt submitted', if: CN_WORKING },
  ];
  const LONG = 60000;
  return footerDialogScenarios({
    working: CN_WORKING,
    idle: CN_IDLE,
    approval: CN_APPROVAL,
    submitTimeout: 20000,
    submit,
    long: LONG,
    shell: 'approve Bash:',
    write: 'approve Write: notes.txt',
    writeDeny: true,
    longCommand: true,
    /** Esc at the dialog: `Permission denied by user`, `[Tool canceled - please tell Continue what to do differently]`. */
    denied: /Tool canceled/,
    question: { dialog: /Which database should the project use\?[\s\S]*Enter select/, gone: /Enter select/ },
    interrupt: (submitted) => [
      ...submitted('write a long essay'),
      { sleep: 4000 }, // Continue draws the streamed answer only once it is complete, as Droid does
      { sleep: 300 },
      { key: 'esc' },
      { waitGone: CN_WORKING, timeout: 30000 },
      { wait: CN_IDLE, timeout: 10000, optional: true },
      ...settle('idle', { note: 'interrupted' }),
    ],
    startup: [
      {
        // No config and no --config: Continue's first run asks for an Anthropic API key.
        name: 'first-run',
        // The key prompt draws nothing more until a key comes: type one (echoed) before Ctrl+C, so a replay of the
        // recording runs on past the prompt.
        options: { noConfig: true, start: false, leave: [{ type: 'x' }, { sleep: 500 }, { key: 'ctrl-c' }] },
        drive: [{ wait: /Anthropic API key/, timeout: LONG }, ...settle('blocked', { kind: 'auth', msg: 'enter an Anthropic API key', note: 'onboarding' })],
      },
    ],
    errors: { api: /mock\s+400/, auth: /mock\s+401|401/ },
  });
}

// ---------------------------------------------------------------------------------------- wrap7: Grok CLI

/** The row above the input while a turn runs: `/ Thinking... (3s · ↑ 120 tokens · esc to interrupt)`. */
const GROK_WORKING = /esc to interrupt\)/;
/** The input box's placeholder (shown while a turn runs too: wait for the working row to go first). */
const GROK_IDLE = /Ask me anything\.\.\./;
/** A confirmation: `Do you want to proceed with this operation?`, `1. Yes` … `4. No, with feedback`, its key hints. */
const GROK_APPROVAL = /Do you want to proceed with this operation\?[\s\S]*Esc cancel/;

/**
 * Grok CLI (0.0.34, the mock through GROK_BASE_URL): scenarios. Grok has no question tool and no start-up
 * screen (no trust dialog; without a key it exits before drawing anything).
 */
export function grokScenarios() {
  const LONG = 60000;
  return footerDialogScenarios({
    working: GROK_WORKING,
    idle: GROK_IDLE,
    approval: GROK_APPROVAL,
    submitTimeout: 20000,
    long: LONG,
    shell: 'approve bash:',
    write: 'approve Write: notes.txt',
    writeDeny: true,
    longCommand: true,
    /** Esc at the dialog: the tool's result reads `Operation cancelled by user (pressed Escape)`. */
    denied: /cancelled by user/,
    question: undefined,
    interrupt: (submitted) => [
      ...submitted('write a long essay'),
      { wait: /Point\s+3:/, timeout: LONG }, // Ink may wrap between `Point` and `3:`
      { sleep: 300 },
      { key: 'esc' },
      { waitGone: GROK_WORKING, timeout: 30000 },
      { wait: GROK_IDLE, timeout: 10000 },
      ...settle('idle', { note: 'interrupted' }),
    ],
    startup: [],
    errors: { api: /mock 400/, auth: /mock 401/ },
  });
}

export const SCENARIOS = {
  codex: codexScenarios,
  gemini: geminiScenarios,
  opencode: opencodeScenarios,
  copilot: copilotScenarios,
  qwen: qwenScenarios,
  pi: piScenarios,
  cline: clineScenarios,
  kilo: kiloScenarios,
  droid: droidScenarios,
  continue: continueScenarios,
  grok: grokScenarios,
};
