// Scenario scripts shared by the mock Anthropic API (what the "model" answers) and the recorder (what the
// driver types and presses, and which state it expects to be on screen afterwards).
//
// A scenario:
//   name        file name stem (fixtures/claude-code/<version>/<name>-<cols>x<rows>.cast)
//   prompt      what the driver types; the mock picks the scenario whose `match` finds this text in the
//               conversation's latest plain user message
//   match       RegExp
//   mock        array of replies, one per model turn after the prompt (turn n = number of assistant
//               messages since the prompt). A reply is { text, delayMs?, chunkMs?, chunks? } or
//               { tool: name, input, text? , delayMs? } or { httpError, errorType, message } or
//               { errorsFirst: { status, type, message, count }, text }. `${cwd}` in strings is replaced by the
//               project folder the request names, `${planFile}` by plan mode's plan file, `${mock}` by the
//               mock's base URL.
//   options     recorder options: permissionMode, trusted (default true), files (created in the project),
//               env (added to Claude Code's environment), mcp (start mcp-tickets.mjs), upsell (keep the
//               fullscreen upsell; skip the initial idle wait)
//   drive       driver actions, run in order (see record-claude.mjs and README.md):
//                 { wait: /re/, timeout?, optional? }   wait until the visible screen matches
//                 { waitGone: /re/ }                    wait until it no longer matches
//                 { type: 'text' }                      type text (no Enter)
//                 { key: 'enter'|'esc'|'up'|'down'|'tab'|'1'|… }
//                 { resize: [cols, rows] }
//                 { sleep: ms }
//                 { label: 'state', kind?, note? }      a driver label at this instant (source: "driver")
//                 { exit: true }                        the scenario sends /exit itself
//               Any step may carry if: /re/ or unless: /re/ (tested against the screen). Every drive starts at
//               the idle prompt (the recorder waits for it and labels idle) unless options.trusted === false
//               or options.upsell.
import { LONG_COMMAND } from './agent-turns.mjs';

/** Claude Code's idle footer under the input box: `? for shortcuts`, or a mode line with nothing after it. */
export const IDLE = /\? for shortcuts|plan mode on|(?:auto mode|accept edits) on \(shift\+tab to cycle\)[ \t]*$/m;
/** Working spinner footer. */
export const WORKING = /esc to interrupt/i;
/** A permission prompt (tool approval). */
export const PERMISSION = /Do you want to|Yes, and don't ask again|No, and tell Claude/;

/**
 * Types a prompt, presses Enter, and labels `working` once the spinner footer (`esc to interrupt`) shows.
 * (If the turn is over before the spinner is seen, no label is put.)
 */
function submit(text) {
  return [
    { type: text },
    { key: 'enter' },
    { wait: WORKING, timeout: 4000, optional: true },
    { label: 'working', note: 'prompt submitted', if: WORKING },
  ];
}

const LONG_UTF8_DIR = 'build/rapports/nocturne/intégration/chromium-sans-tête/accessibilité-et-mise-en-page';
/** The long-utf8-command scenario's command: 626 characters, 673 bytes of UTF-8. */
export const LONG_UTF8_COMMAND =
  `mkdir -p "${LONG_UTF8_DIR}" && printf "%s\\n" "Résumé : 12 vérifications réussies ✓, 0 échec — données préparées à l’aube" ` +
  `"Überprüfung: größere Dateien übersprungen, Größe geprüft" > "${LONG_UTF8_DIR}/résumé-du-rapport.txt" && ` +
  `cp "${LONG_UTF8_DIR}/résumé-du-rapport.txt" "${LONG_UTF8_DIR}/dernière-exécution.txt" && echo "terminé ✓ — le rapport est prêt"`;

const slowText =
  'Here is a summary of the repository. It has a single README file. ' +
  'The build uses npm. Tests run with vitest. Nothing else stands out. ';

const PLAN =
  '# Refactor the parser\n\n1. Split the parser into a tokenizer and a tree builder.\n2. Add tests for each.\n3. Remove the old entry point.\n';

/** The three tasks of the task-list and todo-list scenarios (issue 28), as Codex's and Gemini's plans have them. */
const TASKS = [
  { subject: 'Read the parser', activeForm: 'Reading the parser' },
  { subject: 'Split the tokenizer out', activeForm: 'Splitting the tokenizer out' },
  { subject: 'Run the tests', activeForm: 'Running the tests' },
];

/** The long list of task-list-long. */
const LONG_TASKS = ['Bump the version', 'Update the changelog', 'Build the package', 'Run the unit tests', 'Run the e2e tests', 'Sign the artifacts', 'Tag the release', 'Publish to npm', 'Announce it'];

/**
 * Submits, then labels working at each task in progress (the list redrawn with one more done), then done. A version
 * that draws no list (2.1.332's TodoWrite) gets no such label: the waits are optional, the labels only with the row.
 */
function taskDrive(prompt, end) {
  return [
    ...submit(prompt),
    ...TASKS.flatMap((t, i) => {
      const row = new RegExp(`◼ ${t.subject}`);
      return [
        // only the first waits for a list to show; no list by then, none comes
        { wait: row, timeout: 12000, optional: true, ...(i > 0 ? { if: /[✔◼◻] Read the parser/ } : {}) },
        { sleep: 1500, if: row },
        { label: 'working', note: `in progress: ${t.subject}`, if: row },
      ];
    }),
    { wait: end, timeout: 40000 },
    { label: 'done' },
    { sleep: 1000 },
  ];
}

/** All scenarios, in recording order. */
export const SCENARIOS = [
  {
    name: 'idle-start',
    prompt: null,
    match: /^$/,
    mock: [],
    drive: [{ sleep: 1500 }],
  },
  {
    name: 'slow-answer',
    prompt: 'summarize this repo slowly',
    match: /summarize this repo slowly/,
    mock: [{ text: slowText.repeat(2), delayMs: 1500, chunkMs: 250, chunks: 24 }],
    drive: [
      ...submit('summarize this repo slowly'),
      { waitGone: WORKING, timeout: 30000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'bash-approve',
    prompt: 'make a build log',
    match: /make a build log/,
    mock: [
      { tool: 'Bash', input: { command: 'touch build.log', description: 'Create an empty build log' }, text: "I'll create the file." },
      { text: 'Created build.log; the folder holds README.md and package.json.' },
    ],
    drive: [
      ...submit('make a build log'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /README\.md and package\.json/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // Issue 16: a command over three rows at 80 columns with a path of 107 characters; Claude Code's own
    // report (`approve Bash: <command>`) holds it whole, and so must the screen's.
    name: 'long-command',
    prompt: 'prepare the nightly report folder',
    match: /prepare the nightly report folder/,
    mock: [
      { tool: 'Bash', input: { command: LONG_COMMAND, description: 'Prepare the nightly report folder' }, text: "I'll prepare the nightly report folder." },
      { text: 'The nightly report folder is ready: summary.log is in place.' },
    ],
    drive: [
      ...submit('prepare the nightly report folder'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission', msg: `approve Bash: ${LONG_COMMAND}` },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /summary\.log is in place/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // Issue 31: a permission dialog whose path is long enough to wrap at 80 columns (`…/anon/…`): the msg must be
    // the path Claude Code drew (@xterm/headless 5.5 tore such a path on a real session: `…/anos/…`).
    name: 'long-path-write',
    prompt: 'save the anonymised survey summary',
    match: /save the anonymised survey summary/,
    mock: [
      {
        tool: 'Write',
        input: { file_path: '${cwd}/data/exports/anon/2026/december/customer-feedback/anonymised-survey-responses-summary.txt', content: 'responses: 42\n' },
        text: "I'll save the summary.",
      },
      { text: 'Saved the anonymised survey summary.' },
    ],
    drive: [
      ...submit('save the anonymised survey summary'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /Saved the anonymised survey summary/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // The same dialog (the mock answers with long-path-write's turns: same prompt), the terminal narrowed to 80
    // columns while it is up (Claude Code redraws it at the new width).
    name: 'long-path-resize',
    prompt: 'save the anonymised survey summary',
    match: /save the anonymised survey summary/,
    drive: [
      ...submit('save the anonymised survey summary'),
      { wait: PERMISSION },
      { sleep: 800 },
      { resize: [80, 24] },
      { sleep: 1500 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /Saved the anonymised survey summary/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'long-path-bash',
    prompt: 'count the anonymised survey responses',
    match: /count the anonymised survey responses/,
    mock: [
      {
        tool: 'Bash',
        input: { command: 'wc -l /srv/research/customer-feedback/exports/anon/2026-12/anonymised-survey-responses-batch-07.csv', description: 'Count the responses' },
        text: "I'll count them.",
      },
      { text: 'There are 42 responses.' },
    ],
    drive: [
      ...submit('count the anonymised survey responses'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /There are 42 responses/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'bash-deny',
    prompt: 'run the tests',
    match: /\brun the tests\b/,
    mock: [
      { tool: 'Bash', input: { command: 'npm test', description: 'Run the test suite' } },
      { text: 'Understood, I will not run the tests.' },
    ],
    drive: [
      ...submit('run the tests'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'esc' },
      { waitGone: PERMISSION },
      { label: 'idle' },
      { sleep: 1500 },
    ],
  },
  {
    name: 'write-approve',
    prompt: 'create notes.txt',
    match: /\bcreate notes\.txt\b/,
    mock: [
      { tool: 'Write', input: { file_path: '${cwd}/notes.txt', content: 'first note\nsecond note\n' } },
      { text: 'Created notes.txt with two lines.' },
    ],
    drive: [
      ...submit('create notes.txt'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /Created notes\.txt with two lines/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'edit-approve',
    prompt: 'fix the greeting in hello.js',
    match: /fix the greeting in hello\.js/,
    options: { files: { 'hello.js': "console.log('helo world');\n" } },
    mock: [
      { tool: 'Read', input: { file_path: '${cwd}/hello.js' } },
      {
        tool: 'Edit',
        input: { file_path: '${cwd}/hello.js', old_string: "'helo world'", new_string: "'hello world'" },
      },
      { text: 'Fixed the typo in hello.js.' },
    ],
    drive: [
      ...submit('fix the greeting in hello.js'),
      { wait: PERMISSION, timeout: 20000 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /Fixed the typo in hello\.js/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'webfetch-approve',
    prompt: 'fetch the local docs page',
    match: /fetch the local docs page/,
    mock: [
      { tool: 'WebFetch', input: { url: '${mock}/docs/page.html', prompt: 'What does the page say?' } },
      { text: 'The page says hello from the mock docs.' },
    ],
    drive: [
      ...submit('fetch the local docs page'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /hello from the mock docs/, timeout: 30000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'mcp-approve',
    prompt: 'look up ticket OPS-42',
    match: /look up ticket OPS-42/,
    options: { mcp: true },
    mock: [
      { tool: 'mcp__tickets__lookup_ticket', input: { id: 'OPS-42' } },
      { text: 'OPS-42 is open: the login page times out.' },
    ],
    drive: [
      ...submit('look up ticket OPS-42'),
      { wait: PERMISSION, timeout: 20000 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 800 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /the login page times out\./ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'question',
    prompt: 'ask me which database to use',
    match: /ask me which database to use/,
    requiresTool: 'AskUserQuestion',
    mock: [
      {
        tool: 'AskUserQuestion',
        input: {
          questions: [
            {
              question: 'Which database should the service use?',
              header: 'Database',
              multiSelect: false,
              options: [
                { label: 'PostgreSQL', description: 'Relational, the team knows it' },
                { label: 'SQLite', description: 'One file, no server' },
              ],
            },
          ],
        },
      },
      { text: 'Going with the database you picked.' },
    ],
    drive: [
      ...submit('ask me which database to use'),
      { wait: /Which database should the service use/ },
      { label: 'blocked', kind: 'question' },
      { sleep: 1000 },
      { key: 'enter' }, // picks option 1; with a single question that also submits
      { label: 'working' },
      { wait: /Going with the database you picked/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'plan-approval',
    prompt: 'plan a refactor of the parser',
    match: /plan a refactor of the parser/,
    options: { permissionMode: 'plan' },
    mock: [
      {
        tool: 'Write',
        input: { file_path: '${planFile}', content: PLAN },
        text: "I'll write the plan down.",
      },
      { tool: 'ExitPlanMode', input: { plan: PLAN } },
      { text: 'Plan approved; starting with the tokenizer.' },
    ],
    drive: [
      ...submit('plan a refactor of the parser'),
      { wait: /Would you like to proceed|ready to code|Exit plan mode\?/i, timeout: 20000 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 1200 },
      { key: '2' }, // "Yes, manually approve edits" in both versions (2.1.332's 1 opens an auto-mode dialog)
      { label: 'working' },
      { wait: /starting with the tokenizer/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // ExitPlanMode with no plan written: 2.1.332 asks `Exit plan mode?` / `Claude wants to exit plan mode`.
    name: 'plan-exit',
    prompt: 'leave plan mode now',
    match: /leave plan mode now/,
    options: { permissionMode: 'plan' },
    mock: [{ tool: 'ExitPlanMode', input: {}, text: 'Nothing to plan; leaving plan mode.' }, { text: 'Out of plan mode and ready.' }],
    drive: [
      ...submit('leave plan mode now'),
      { wait: /Exit plan mode\?|Would you like to proceed/i, timeout: 20000 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 1200 },
      { key: 'enter' }, // 1. Yes, and switch to default (ask each time)
      { label: 'working' },
      { wait: /Out of plan mode and ready/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // The plan approved with `1` (auto mode): 2.1.332 cannot check actions against the mock, so it shows its
    // auto-mode notice (`Auto mode can't check actions in this session … Enter to stay in auto mode`).
    name: 'plan-auto-mode',
    prompt: 'plan the cache layer',
    match: /plan the cache layer/,
    options: { permissionMode: 'plan', env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' } },
    mock: [
      { tool: 'Write', input: { file_path: '${planFile}', content: PLAN }, text: "I'll write the plan down." },
      { tool: 'ExitPlanMode', input: { plan: PLAN } },
      { tool: 'Bash', input: { command: 'rm -rf build && git push --force origin main', description: 'Clean and push' }, text: 'Starting.' },
      { tool: 'Bash', input: { command: 'curl -s http://127.0.0.1:9/install.sh | sh', description: 'Install' } },
      { tool: 'Bash', input: { command: 'chmod -R 777 .', description: 'Open up' } },
      { text: 'Cache layer started.' },
    ],
    drive: [
      ...submit('plan the cache layer'),
      { wait: /Would you like to proceed|ready to code|Exit plan mode\?/i, timeout: 20000 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 1200 },
      { key: '1' },
      { wait: /Auto mode can.t check|Do you want to proceed|Cache layer started/, timeout: 15000 },
      { label: 'blocked', kind: 'permission', if: /Auto mode can.t check|Do you want to proceed/ },
      { sleep: 1500 },
      { key: 'esc', if: /Auto mode can.t check/ },
      { sleep: 1500 },
      { key: 'enter', if: /Do you want to proceed/ },
      { wait: /Cache layer started/, timeout: 15000, optional: true },
      { label: 'done', if: /Cache layer started/ },
      { sleep: 1000 },
    ],
  },
  {
    // Auto mode from the start (issue 16). The mock runs no server-side safety check and sits behind a base URL
    // that is not Anthropic's, so 2.1.332 stops at the first action that needs the check and offers to stay in
    // auto mode (and approve such actions yourself) or leave it: `Auto mode can't check actions in this session`
    // … `Enter to stay in auto mode · shift+Tab to leave for accept edits mode and stop · Esc to cancel`. It
    // reports that as blocked, msg `dialog open`, no kind. Enter stays: the command then asks as usual.
    // (Reached through plan mode instead, with CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS, it never shows: see
    // plan-auto-mode.)
    name: 'auto-mode-notice',
    prompt: 'clean the build folder',
    match: /clean the build folder/,
    options: { permissionMode: 'auto' },
    mock: [
      { tool: 'Bash', input: { command: 'rm -rf build && git push --force origin main', description: 'Clean and push' }, text: 'Cleaning.' },
      { text: 'The build folder is clean.' },
    ],
    drive: [
      ...submit('clean the build folder'),
      { wait: /Enter to stay in auto mode|Do you want to proceed/, timeout: 20000 },
      { label: 'blocked', kind: 'question', if: /Enter to stay in auto mode/ },
      { sleep: 1500 },
      { key: 'enter', if: /Enter to stay in auto mode/ },
      { wait: PERMISSION, timeout: 15000 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 1200 },
      // In auto mode the options are unnumbered and `❯ No` comes first: down to `Yes`, then Enter.
      { key: 'down', if: /❯ No\b/ },
      { sleep: 400 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /build folder is clean/, timeout: 15000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // Issue 16: the spinner row alone (`✽ Tempering…`, no timer or `esc to interrupt` after it), as at the start
    // of a turn while the model has sent nothing yet: the mock waits 9 s before its first byte.
    name: 'spinner-start',
    prompt: 'think before answering',
    match: /think before answering/,
    mock: [{ text: 'Thought it over: nothing to change.', delayMs: 9000 }],
    drive: [
      ...submit('think before answering'),
      { sleep: 2500 },
      { label: 'working', note: 'spinner, no reply yet' },
      { wait: /nothing to change/, timeout: 20000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // Issue 16: two background agents still running when the turn's reply is written (the Agent tool with
    // run_in_background). Each subagent's prompt is the helper scenario below, which answers after 14 s.
    name: 'background-agents',
    prompt: 'survey the project in the background',
    match: /survey the project in the background/,
    options: { permissionMode: 'acceptEdits' },
    mock: [
      {
        tool: 'Agent',
        input: { description: 'Survey the docs', prompt: 'background survey: the docs folder', subagent_type: 'general-purpose', run_in_background: true },
        text: 'Starting two surveys.',
      },
      {
        tool: 'Agent',
        input: { description: 'Survey the tests', prompt: 'background survey: the tests folder', subagent_type: 'general-purpose', run_in_background: true },
      },
      { text: 'Both surveys are running in the background.' },
    ],
    drive: [
      ...submit('survey the project in the background'),
      { wait: /running in the background\./, timeout: 20000 },
      { sleep: 3000 },
      { label: 'working', note: 'background agents running' },
      { wait: /survey(?:s)? (?:finished|done|completed)|Agent "Survey the (?:docs|tests)" (?:completed|finished)/i, timeout: 40000, optional: true },
      { sleep: 6000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // What each background subagent of `background-agents` answers (not recorded on its own).
    name: 'background-survey',
    helper: true,
    prompt: 'background survey: the docs folder',
    match: /background survey: the (?:docs|tests) folder/,
    mock: [{ text: 'Survey done: nothing stands out.', delayMs: 14000 }],
    drive: [],
  },
  {
    // Issue 16: a command running in the background (Bash run_in_background) after the turn's reply: 2.1.332
    // writes `✻ Crunched for 2s · done … · 1 shell still running` and reports working until it ends.
    name: 'background-bash',
    prompt: 'watch the log in the background',
    match: /watch the log in the background/,
    mock: [
      {
        tool: 'Bash',
        input: { command: 'sleep 12 && echo watched', description: 'Watch the log', run_in_background: true },
        text: 'Starting the watcher.',
      },
      { text: 'The watcher runs in the background.' },
      { text: 'The watcher finished.' },
    ],
    drive: [
      ...submit('watch the log in the background'),
      // `sleep` is read-only: 2.1.332 runs it without asking.
      { wait: /watcher runs in the background/, timeout: 20000 },
      { sleep: 2500 },
      { label: 'working', note: 'background command running' },
      { wait: /watcher finished/, timeout: 30000, optional: true },
      { sleep: 2000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // Issue 16: the /theme picker the user opened. Claude Code's own report there is the truth; the driver says
    // idle (nothing of the agent's waits on the user).
    name: 'theme-picker',
    prompt: null,
    match: /^$/,
    mock: [],
    drive: [
      { type: '/theme' },
      { sleep: 600 },
      { key: 'enter' },
      { wait: /Choose the text style|Dark mode|theme/i, timeout: 10000 },
      { sleep: 600 },
      { label: 'idle', note: '/theme picker open' },
      { sleep: 1500 },
      { key: 'down' },
      { sleep: 1200 },
      { key: 'esc' },
      { wait: IDLE },
      { label: 'idle' },
      { sleep: 1000 },
    ],
  },
  {
    // Issue 16: the /model picker the user opened (as theme-picker).
    name: 'model-picker',
    prompt: null,
    match: /^$/,
    mock: [],
    drive: [
      { type: '/model' },
      { sleep: 600 },
      { key: 'enter' },
      { wait: /Select model|Switch between|model/i, timeout: 10000 },
      { sleep: 600 },
      { label: 'idle', note: '/model picker open' },
      { sleep: 1500 },
      { key: 'esc' },
      { wait: IDLE },
      { label: 'idle' },
      { sleep: 1000 },
    ],
  },
  {
    // Issue 16, the protocol's message limit: a 626-character command of 673 UTF-8 bytes (accents, ✓, —, ’),
    // so `approve Bash: <command>` is over the 512-byte msg budget and must be cut there with `…`.
    name: 'long-utf8-command',
    prompt: 'write the nightly french report',
    match: /write the nightly french report/,
    mock: [
      { tool: 'Bash', input: { command: LONG_UTF8_COMMAND, description: 'Write the nightly report' }, text: "I'll write the nightly report." },
      { text: 'The nightly report is written.' },
    ],
    drive: [
      ...submit('write the nightly french report'),
      { wait: PERMISSION },
      { label: 'blocked', kind: 'permission' },
      { sleep: 1200 },
      { key: 'enter' },
      { label: 'working' },
      { wait: /nightly report is written/, timeout: 20000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'prose-question',
    prompt: 'explain the bug fix',
    match: /explain the bug fix/,
    mock: [
      {
        text:
          'The crash came from reading `config.port` before the file was loaded. I moved the read after ' +
          '`loadConfig()` and added a guard.\n\nWould you like me to add a regression test?',
      },
    ],
    drive: [
      ...submit('explain the bug fix'),
      { wait: /add a regression test\?/ },
      { label: 'done' },
      { sleep: 2000 },
    ],
  },
  {
    name: 'interrupt',
    prompt: 'write a long essay',
    match: /write a long essay/,
    mock: [{ text: slowText.repeat(6), delayMs: 500, chunkMs: 400, chunks: 60 }],
    drive: [
      ...submit('write a long essay'),
      { sleep: 2500 },
      { key: 'esc' },
      { waitGone: WORKING },
      { label: 'idle' },
      { sleep: 1500 },
    ],
  },
  {
    name: 'trust-dialog',
    prompt: null,
    match: /^$/,
    options: { trusted: false },
    mock: [],
    drive: [
      { wait: /trust|Do you trust|Yes, proceed|Yes, I trust/i, timeout: 20000 },
      { label: 'blocked', kind: 'permission' },
      { sleep: 1500 },
      // 2.1.332 puts "No, exit" first and selected; older versions put "Yes, proceed" first.
      { key: 'down', if: /❯ (\d\. )?No, exit/ },
      { sleep: 300 },
      { key: 'enter' },
      { wait: IDLE },
      { label: 'idle' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'bash-readonly',
    prompt: 'run ls',
    match: /\brun ls\b/,
    mock: [
      { tool: 'Bash', input: { command: 'ls -la', description: 'List files in the project folder' } },
      { text: 'The folder holds README.md and package.json.' },
    ],
    // A read-only command: 2.1.332 runs it without asking; older versions may ask.
    drive: [
      ...submit('run ls'),
      { wait: /Do you want to proceed|folder holds README\.md/ },
      { label: 'blocked', kind: 'permission', if: PERMISSION },
      { sleep: 800, if: PERMISSION },
      { key: 'enter', if: PERMISSION },
      { label: 'working', if: PERMISSION },
      { wait: /folder holds README\.md/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'api-error',
    prompt: 'trigger a bad request',
    match: /trigger a bad request/,
    mock: [{ httpError: 400, errorType: 'invalid_request_error', message: 'messages: mock says this request is invalid' }],
    drive: [
      ...submit('trigger a bad request'),
      { wait: /API Error|invalid/i, timeout: 20000 },
      { label: 'error' },
      { sleep: 2000 },
    ],
  },
  {
    name: 'auth-error',
    prompt: 'trigger a bad key',
    match: /trigger a bad key/,
    // Without CLAUDE_CODE_MAX_RETRIES=0 a 401 is retried for about a minute (`retrying in 10s · attempt 6/10`).
    options: { env: { CLAUDE_CODE_MAX_RETRIES: '0' } },
    mock: [{ httpError: 401, errorType: 'authentication_error', message: 'invalid x-api-key' }],
    drive: [
      ...submit('trigger a bad key'),
      { wait: /Invalid API key|\/login|authentication|x-api-key/i, timeout: 30000 },
      { label: 'blocked', kind: 'auth' },
      { sleep: 2000 },
    ],
  },
  {
    // A usage limit: 429 with the unified rate limiter's headers (rejected, the five-hour window, its reset in 2 h).
    name: 'usage-limit-error',
    prompt: 'spend the whole quota',
    match: /spend the whole quota/,
    options: { env: { CLAUDE_CODE_MAX_RETRIES: '0' } },
    mock: [
      {
        httpError: 429,
        errorType: 'rate_limit_error',
        message: 'This request would exceed your account\'s rate limit. Please try again later.',
        headers: {
          'anthropic-ratelimit-unified-status': 'rejected',
          'anthropic-ratelimit-unified-reset': '{resetIn:7200}',
          'anthropic-ratelimit-unified-5h-reset': '{resetIn:7200}',
          'anthropic-ratelimit-unified-representative-claim': 'five_hour',
          'retry-after': '7200',
        },
      },
    ],
    drive: [
      // No working label: the turn fails within a sweep or two of the prompt (the error is the moment checked).
      { type: 'spend the whole quota' },
      { key: 'enter' },
      { wait: /limit|429|rate/i, timeout: 30000 },
      { sleep: 1500 },
      { label: 'error' },
      { sleep: 2000 },
    ],
  },
  {
    // The context window overflows: 400 `prompt is too long`, as the API answers a conversation past its window.
    name: 'context-limit',
    prompt: 'overflow the context',
    match: /overflow the context/,
    mock: [{ httpError: 400, errorType: 'invalid_request_error', message: 'prompt is too long: 212345 tokens > 200000 maximum' }],
    drive: [
      // No working label: the turn fails within a sweep or two of the prompt (the error is the moment checked).
      { type: 'overflow the context' },
      { key: 'enter' },
      { wait: /Context limit|too long|API Error/i, timeout: 30000 },
      { sleep: 1500 },
      { label: 'error' },
      { sleep: 2000 },
    ],
  },
  {
    // The connection drops before any byte of the reply; no retries, so the turn ends on it.
    name: 'connection-lost',
    prompt: 'lose the connection',
    match: /lose the connection/,
    options: { env: { CLAUDE_CODE_MAX_RETRIES: '0' } },
    mock: [{ dropConnection: true }],
    drive: [
      // No working label: the turn fails within a sweep or two of the prompt (the error is the moment checked).
      { type: 'lose the connection' },
      { key: 'enter' },
      { wait: /API Error/, timeout: 30000 },
      { sleep: 1500 },
      { label: 'error' },
      { sleep: 2000 },
    ],
  },
  {
    name: 'retry-server-error',
    prompt: 'ride out a flaky server',
    match: /ride out a flaky server/,
    mock: [
      {
        errorsFirst: { status: 500, type: 'api_error', message: 'Internal server error', count: 2 },
        text: 'Got through after the API recovered.',
      },
    ],
    drive: [
      ...submit('ride out a flaky server'),
      { wait: /retrying in|attempt \d/i, timeout: 20000 },
      { label: 'working', note: 'retrying' },
      { wait: /Got through after the API recovered/, timeout: 40000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'resize',
    prompt: 'explain the resize handling',
    match: /explain the resize handling/,
    mock: [{ text: 'Resizes reflow the screen.', delayMs: 1500 }],
    drive: [
      { resize: [100, 30] },
      { sleep: 800 },
      ...submit('explain the resize handling'),
      { resize: [70, 20] },
      { wait: /Resizes reflow the screen/ },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'fullscreen-upsell',
    prompt: null,
    match: /^$/,
    options: { upsell: true },
    mock: [],
    // 2.1.332 offers its fullscreen renderer on a fresh config; the recorder's idle wait then sees no footer.
    drive: [
      { wait: /Try the new fullscreen renderer|\? for shortcuts/, timeout: 20000 },
      { label: 'blocked', note: 'fullscreen upsell dialog', if: /fullscreen renderer/ },
      { sleep: 1500 },
      { key: 'esc', if: /fullscreen renderer/ },
      { wait: IDLE },
      { label: 'idle' },
      { sleep: 1000 },
    ],
  },
  // Issue 28 item 2: Claude Code's task list. 2.1.332 offers its task tools (TaskCreate/TaskUpdate, or TodoWrite
  // with CLAUDE_CODE_ENABLE_TASKS=0) only for the models of its own list (claude-sonnet-4-5, claude-opus-4-6, …)
  // or with CLAUDE_CODE_ENABLE_TODO_TOOLS=1; the mock's default model (Opus 5.5) is not on it. 2.1.150 offers
  // TaskCreate by default and TodoWrite with CLAUDE_CODE_ENABLE_TASKS=0. Each update waits `delayMs` so the
  // list with a task in progress stays on screen.
  {
    name: 'task-list',
    prompt: 'work through the parser tasks',
    match: /work through the parser tasks/,
    options: { env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' } },
    mock: [
      ...TASKS.map((t, i) => ({
        tool: 'TaskCreate',
        input: { subject: t.subject, description: t.subject, activeForm: t.activeForm },
        ...(i === 0 ? { text: 'Three tasks.' } : {}),
      })),
      ...TASKS.flatMap((_, i) => [
        { tool: 'TaskUpdate', input: { taskId: String(i + 1), status: 'in_progress' } },
        { tool: 'TaskUpdate', input: { taskId: String(i + 1), status: 'completed' }, delayMs: 5000 },
      ]),
      { text: 'All three tasks are done.' },
    ],
    drive: taskDrive('work through the parser tasks', /All three tasks are done\./),
  },
  {
    // A list longer than Claude Code shows in full (nine tasks): what it folds, and how that counts.
    name: 'task-list-long',
    prompt: 'work through the nine release tasks',
    match: /work through the nine release tasks/,
    options: { env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' } },
    mock: [
      ...LONG_TASKS.map((subject, i) => ({
        tool: 'TaskCreate',
        input: { subject, description: subject },
        delayMs: 300,
        ...(i === 0 ? { text: 'Nine tasks.' } : {}),
      })),
      ...LONG_TASKS.flatMap((_, i) => [
        { tool: 'TaskUpdate', input: { taskId: String(i + 1), status: 'in_progress' }, delayMs: 300 },
        { tool: 'TaskUpdate', input: { taskId: String(i + 1), status: 'completed' }, delayMs: 2500 },
      ]),
      { text: 'All nine tasks are done.' },
    ],
    drive: [
      ...submit('work through the nine release tasks'),
      // at 80x24 the list shows five rows, the rest folded: `… +4 tasks (open)`
      { wait: /◼ Run the unit tests/, timeout: 30000 },
      { sleep: 800 },
      { label: 'working', note: 'in progress: Run the unit tests' },
      { wait: /All nine tasks are done\./, timeout: 60000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    name: 'todo-list',
    prompt: 'keep a todo list for the parser',
    match: /keep a todo list for the parser/,
    options: { env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1', CLAUDE_CODE_ENABLE_TASKS: '0' } },
    mock: [
      ...[0, 1, 2, 3].map((doneCount) => ({
        tool: 'TodoWrite',
        input: {
          todos: TASKS.map((t, i) => ({
            content: t.subject,
            activeForm: t.activeForm,
            status: i < doneCount ? 'completed' : i === doneCount ? 'in_progress' : 'pending',
          })),
        },
        ...(doneCount === 0 ? { text: 'A todo list.' } : { delayMs: 5000 }),
      })),
      { text: 'All three todos are done.' },
    ],
    drive: taskDrive('keep a todo list for the parser', /All three todos are done\./),
  },
  // Issue 28 item 3: a subagent in the foreground (Agent, run_in_background false): its `Agent(…)` row runs
  // while the helper below answers after 12 s. Recorded with 2.1.150 only: 2.1.332 backgrounds the agent all the
  // same (`⎿  Backgrounded agent`, as background-agents shows) and its /exit then asks whether to stop it.
  {
    name: 'subagent',
    prompt: 'survey the source with a subagent',
    match: /survey the source with a subagent/,
    mock: [
      {
        tool: 'Agent',
        input: { description: 'Survey the source', prompt: 'foreground survey: the src folder', subagent_type: 'general-purpose', run_in_background: false },
        text: 'Starting a survey.',
      },
      { text: 'The survey is back: nothing stands out.' },
    ],
    drive: [
      ...submit('survey the source with a subagent'),
      { wait: /Survey the source/, timeout: 20000 },
      { sleep: 3000 },
      { label: 'working', note: 'subagent running' },
      { wait: /The survey is back/, timeout: 40000 },
      { label: 'done' },
      { sleep: 1000 },
    ],
  },
  {
    // What the subagent of `subagent` answers (not recorded on its own).
    name: 'subagent-survey',
    helper: true,
    prompt: 'foreground survey: the src folder',
    match: /foreground survey: the src folder/,
    mock: [{ text: 'Survey done: the src folder is small.', delayMs: 12000 }],
    drive: [],
  },
  {
    name: 'exit',
    prompt: null,
    match: /^$/,
    mock: [],
    drive: [{ sleep: 800 }, { type: '/exit' }, { sleep: 600 }, { key: 'enter' }, { exit: true }],
  },
];

/** Looks a scenario up by name. */
export function scenarioByName(name) {
  return SCENARIOS.find((s) => s.name === name);
}

/** Finds the scenario whose `match` fits the prompt text (first match wins). */
export function scenarioForPrompt(text) {
  return SCENARIOS.find((s) => s.prompt && s.match.test(text));
}
