// What the mock model answers, for the agents other than Claude Code (Codex CLI, Gemini CLI, OpenCode).
// Shared by test/tools/mock-agents.mjs (which speaks each agent's wire format) and the scenarios in
// test/tools/agent-scenarios.mjs (which type the prompts).
//
// A turn: { match: RegExp, replies: [reply, …] }. The mock finds the latest plain user prompt in the
// conversation, picks the first turn whose `match` finds it, and answers reply number n, where n is the
// number of tool results sent back since that prompt. A reply is one of:
//
//   { text, delayMs?, chunks?, chunkMs? }                 a text answer (split into `chunks` pieces with pauses)
//   { shell: 'cmd', justification?, text?, delayMs? }     a shell tool call (Codex: exec_command with
//                                                         sandbox_permissions require_escalated; Gemini:
//                                                         run_shell_command; OpenCode: bash), with optional text first
//   { write: { path, content }, text? }                   a file write tool call (Gemini write_file, OpenCode write)
//   { ask: { header, question, options: [{label, description}] } }  a question tool (Codex request_user_input)
//   { httpError: 400|401|500, message }                   an HTTP error in the API's format
//   { httpError: 429|400, error: 'quota'|'usage-limit'|'context', resetsInSeconds? }
//                                                         an error in the API's own shape for that failure (an
//                                                         exhausted quota, Codex's usage limit with resets_at, a
//                                                         context-length error)
//   { errorsFirst: { status, count, error? }, …reply }    fails `count` times (per prompt and project folder), then
//                                                         answers the rest of the reply (a retry the agent survives)
//   { drop: true }                                        starts the stream, then cuts the connection mid-answer
//   { read: 'path', text? }                               OpenCode's read tool (the path under the project folder)
//   { agents: { spawn: [message, …] } | { wait: true } }  Codex's sub-agents: spawn_agent per message, wait_agent
//   { tasks: [{ description, prompt, subagent_type }] }   OpenCode's subagents: one task call each, in one reply
//   { todos: [[text, status], …], text? }                 the agent's todo / plan tool (Codex update_plan, Gemini
//                                                         write_todos, Qwen todo_write, OpenCode todowrite);
//                                                         status pending | in_progress | completed | cancelled
//
// `${cwd}` in strings is the project folder when the mock can tell it (Codex: <cwd> in the environment
// context; Gemini: "I'm currently working in the directory:"); `${mock}` is the mock's own base URL.

const slowText =
  'Here is a summary of the repository. It has a single README file. ' +
  'The build uses npm. Tests run with vitest. Nothing else stands out. ';

const longText = Array.from({ length: 80 }, (_, i) => `Point ${i + 1}: the repository keeps its notes in plain text.`).join(' ');

/** A list long enough to scroll the screen at 80×24 and 120×32. */
const listText =
  'Here are the files and what each one does:\n\n' +
  Array.from({ length: 36 }, (_, i) => `- src/module${i + 1}.js: handles part ${i + 1} of the request pipeline.`).join('\n') +
  '\n\nThat is the whole list.';

/** A path over 100 characters (107), and a command that needs three rows at 80 columns (221 characters). */
export const LONG_PATH = 'build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';
export const LONG_COMMAND = `mkdir -p ${LONG_PATH.slice(0, LONG_PATH.lastIndexOf('/'))} && touch ${LONG_PATH}`;

/** The two sub-agents' tasks (their prompts pick their own turns below). */
const HELPER_DOCS = 'Helper task: list the docs folder and name each guide in it.';
const HELPER_TESTS = 'Helper task: count the test files under test/ and report the number.';
const SUBAGENT_DOCS = 'Subagent task: read the README, then list the docs folder and name each guide in it.';
const SURVEY_DONE = 'Both helpers are done: the docs folder holds two guides and there are four test files.';

/** The three-step plan after `step` steps are done (the next one in progress). */
const PLAN_STEPS = ['Read the parser', 'Split the tokenizer out', 'Run the tests'];
const PLAN = (step) => PLAN_STEPS.map((t, i) => [t, i < step ? 'completed' : i === step ? 'in_progress' : 'pending']);

/** @type {{ match: RegExp, replies: object[] }[]} */
export const TURNS = [
  {
    match: /summarize this repo slowly/,
    replies: [{ text: slowText.repeat(2), delayMs: 1500, chunkMs: 250, chunks: 24 }],
  },
  {
    match: /make a build log/,
    replies: [
      {
        shell: 'touch build.log',
        justification: 'Do you want to create an empty build log?',
        description: 'Create an empty build log',
        text: "I'll create the file.",
      },
      { text: 'Created build.log; the folder holds README.md and package.json.' },
    ],
  },
  {
    match: /\brun the tests\b/,
    replies: [
      {
        shell: 'npm test',
        justification: 'Do you want to run the test suite?',
        description: 'Run the test suite',
      },
      { text: 'Understood, I will not run the tests.' },
    ],
  },
  {
    match: /create notes\.txt/,
    replies: [
      { write: { path: 'notes.txt', content: 'Remember the milk.\n' }, text: "I'll write the notes file." },
      { text: 'Wrote notes.txt with one line.' },
    ],
  },
  {
    match: /pick a database/,
    replies: [
      {
        ask: {
          header: 'Database',
          question: 'Which database should the project use?',
          options: [
            { label: 'PostgreSQL (Recommended)', description: 'A full SQL server.' },
            { label: 'SQLite', description: 'A single file, no server.' },
          ],
        },
      },
      { text: 'Noted: the project will use the database you picked.' },
    ],
  },
  {
    match: /explain the bug briefly/,
    replies: [
      {
        text:
          'The bug is an off-by-one error in the loop bound: it reads one element past the end. ' +
          'I fixed nothing yet. Would you like me to add a regression test?',
      },
    ],
  },
  {
    match: /write a long essay/,
    replies: [{ text: longText, delayMs: 1200, chunkMs: 150, chunks: 80 }],
  },
  {
    match: /list every file/,
    replies: [{ text: listText, delayMs: 1000, chunkMs: 120, chunks: 30 }],
  },
  {
    match: /plan the refactor/,
    replies: [
      {
        text:
          'Here is the plan.\n\n<proposed_plan>\n# Refactor the parser\n\n1. Split the parser into a tokenizer and a tree builder.\n2. Add tests for each.\n3. Remove the old entry point.\n</proposed_plan>\n',
      },
      { text: 'Done planning.' },
    ],
  },
  {
    match: /trigger a bad request/,
    replies: [{ httpError: 400, message: 'The model mock-model does not accept this request (mock 400).' }],
  },
  {
    match: /trigger an auth failure/,
    replies: [{ httpError: 401, message: 'Incorrect API key provided (mock 401).' }],
  },
  // ---- i18a: shell commands long enough to wrap at 80 columns (the dialogs must give them whole).
  {
    match: /prepare the build folder/,
    replies: [
      {
        shell: 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt',
        justification: 'Do you want to prepare the build folder?',
        description: 'Prepare the build folder',
        text: "I'll prepare the build folder.",
      },
      { text: 'The build folder is ready: build/logs holds build.log and latest.txt.' },
    ],
  },
  {
    match: /run the full test suite/,
    replies: [
      {
        shell: 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0',
        justification: 'Do you want to run the full test suite?',
        description: 'Run the full test suite',
      },
      { text: 'Understood, I will not run the test suite.' },
    ],
  },
  // ---- issue 16: a command over three rows at 80 columns, with a path of 107 characters (the msg must hold it whole).
  {
    match: /prepare the nightly report folder/,
    replies: [
      {
        shell: LONG_COMMAND,
        justification: 'Do you want to prepare the nightly report folder?',
        description: 'Prepare the nightly report folder',
        text: "I'll prepare the nightly report folder.",
      },
      { text: 'The nightly report folder is ready: summary.log is in place.' },
    ],
  },
  // ---- issue 28: a plan the agent keeps up to date while it works (each reply a few seconds, so every state shows).
  {
    match: /make a three step plan/,
    replies: [
      { todos: PLAN(0), text: 'I will work through three steps.', delayMs: 1500 },
      { todos: PLAN(1), delayMs: 3000 },
      { todos: PLAN(2), delayMs: 3000 },
      { todos: PLAN(3), delayMs: 3000 },
      { text: 'All three steps are done.', delayMs: 2500 },
    ],
  },
  // ---- issue 28: failures that stop a turn, in each API's own shape.
  { match: /trigger a quota error/, replies: [{ httpError: 429, error: 'quota' }] },
  { match: /trigger a usage limit/, replies: [{ httpError: 429, error: 'usage-limit', resetsInSeconds: 2 * 3600 + 15 * 60 }] },
  { match: /trigger a rate limit/, replies: [{ httpError: 429, error: 'rate-limit', retryAfter: 5 }] },
  {
    // A rate limit reported inside an answer's stream (an `error` event after the first chunk), once, then the answer.
    match: /trigger a limit mid-answer/,
    replies: [{ errorsFirst: { count: 1, stream: 'rate-limit' }, text: 'The answer came through after the rate limit.' }],
  },
  {
    // The same at every attempt: the agent's retries run out.
    match: /trigger a lasting limit mid-answer/,
    replies: [{ errorsFirst: { count: 99, stream: 'rate-limit' }, text: 'Never sent.' }],
  },
  { match: /trigger a quota with a reset/, replies: [{ httpError: 429, error: 'quota-reset' }] },
  { match: /trigger a context overflow/, replies: [{ httpError: 400, error: 'context' }] },
  { match: /trigger a server error/, replies: [{ httpError: 503, message: 'The server is overloaded (mock 503).' }] },
  { match: /trigger a dropped connection/, replies: [{ drop: true, text: 'This answer is cut short by the server' }] },
  {
    match: /trigger a flaky server/,
    replies: [{ errorsFirst: { status: 503, count: 2 }, text: 'The answer came through after the retries.' }],
  },
  // ---- issue 31: a command Pi's permission-gate example extension stops at (`rm -rf`): its dialog under the loader.
  {
    match: /clear out the build folder/,
    replies: [
      { shell: 'rm -rf build', description: 'Remove the build folder', text: "I'll remove the build folder." },
      { text: 'The build folder is gone (or was kept, if you said no).' },
    ],
  },
  // ---- issue 28: two sub-agents, each a slow turn of its own (picked by its task's text, below). Codex: both
  // spawn_agent calls in one reply, then wait_agent (it returns when either ends, so up to three times) and a
  // closing text; OpenCode: two task calls in one reply, then the closing text.
  {
    match: /split the survey between two helpers/,
    replies: [
      { agents: { spawn: [HELPER_DOCS, HELPER_TESTS] }, text: "I'll hand the survey to two helpers." },
      { agents: { wait: true } },
      { agents: { wait: true } },
      { agents: { wait: true } },
      { text: SURVEY_DONE },
    ],
  },
  {
    // Codex: the turn ends with both sub-agents still running (no wait_agent); each one's end comes back to
    // the session as a <subagent_notification>.
    match: /start two helpers and carry on/,
    replies: [
      { agents: { spawn: [HELPER_DOCS, HELPER_TESTS] }, text: "I'll start two helpers." },
      { text: 'Two helpers are running; they report back when they are done.' },
      { text: 'Two helpers are running; they report back when they are done.' },
    ],
  },
  {
    match: /survey the project with two subagents/,
    replies: [
      {
        tasks: [
          { description: 'List the docs folder', prompt: SUBAGENT_DOCS, subagent_type: 'general' },
          { description: 'Count the test files', prompt: HELPER_TESTS, subagent_type: 'explore' },
        ],
        text: "I'll hand the survey to two subagents.",
      },
      { text: SURVEY_DONE },
    ],
  },
  { match: /Helper task: list the docs folder/, replies: [{ text: 'The docs folder holds two guides: install.md and usage.md.', delayMs: 6000, chunks: 6, chunkMs: 300 }] },
  {
    // OpenCode's `general` subagent reads a file first, so its task row shows the tool it runs (`↳ Read …`).
    match: /Subagent task: read the README, then list the docs folder/,
    replies: [
      { read: 'README.md', delayMs: 2500 },
      { text: 'The docs folder holds two guides: install.md and usage.md.', delayMs: 5000, chunks: 6, chunkMs: 300 },
    ],
  },
  { match: /Helper task: count the test files/, replies: [{ text: 'There are four test files under test/.', delayMs: 11000, chunks: 6, chunkMs: 300 }] },
  {
    match: /say hello/,
    replies: [{ text: 'Hello from the mock model.' }],
  },
];

/** The turn for a prompt, or undefined. */
export function turnForPrompt(text) {
  return TURNS.find((t) => t.match.test(text));
}
