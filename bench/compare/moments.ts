// Labelled moments of the agent recordings in fixtures/: for each ground-truth label, what the shim must say and when.
//
// Each agent (AGENTS below) names its recordings, its rule file, which labels are its ground truth and the
// essential text of its scenarios:
//  - Claude Code (`truth: "native"`): its own OSC 7501 reports (`source: "native"`), or, for recordings
//    without any (2.1.150, the `-noanswer` ones), the recording driver's labels;
//  - Codex CLI (`truth: "driver"`): the driver's labels, although Codex reports on its own: its reports
//    miss the start-up dialogs (trust, update, sign-in), call the "Implement this plan?" chooser `done` and
//    blip `working`→`idle` at start-up (fixtures/codex/README.md), so they are not the truth these rules aim at;
//  - Gemini CLI (`truth: "driver"`): the driver's labels (it reports nothing).
// Labels at or after the `exit` label (`/exit`, or Ctrl+C for Gemini CLI) are left out, `clear` labels mark no
// moment (an agent closing a dialog), and a label that repeats the previous label's state and kind is the
// same moment.
//
// A label L at time t_L opens a window that ends at the next label or at the next key the driver
// sends (the user acting ends the moment: typing `/exit` changes the screen), whichever comes
// first. L is checked just before the window ends ("at"): a native report may come before the paint
// it describes, and the state holds until the next change. A driver label trails the paint it
// describes by up to one poll of the driver (it reads the screen every 50 ms), so a driver window
// ends one poll before the next driver label (a window that short or shorter is no moment).
//
// What is checked at that instant:
//  - `done` — the shim REPORTS done (the status tracker, after its settle window): the screen is idle
//    after a working turn;
//  - `idle` that ends a turn (the label before it is `working`, or a `blocked` inside a turn) — the
//    shim reports idle, not done (the turn was cut short: Esc, a denied permission); a `working` noted
//    `restarting` (Gemini CLI restarting after its trust dialog) is no turn;
//  - anything else — the screen classification of the last sweep before that instant has L's state,
//    and L's kind when L has one (Claude Code reports its fullscreen upsell as blocked with no kind);
//    for blocked and error the msg holds the essential text of the scenario (the command, file, url…).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseCast } from '../../src/recording/asciicast.js';
import { reportBefore, screenBefore, type ReplayResult } from '../../src/recording/replay.js';

/** How often the recording drivers read the screen (`waitFor` in test/tools/drive-session.mjs, which both recorders use), in seconds. */
export const DRIVER_POLL_S = 0.05;

/** One line of a `.labels.jsonl` with a state. */
export interface FixtureLabel {
  t: number;
  state: string;
  kind?: string;
  msg?: string;
  note?: string;
  /** A record of its own inside the session (Claude Code's background agents and shells): not the session's state. */
  id?: string;
  source: 'native' | 'driver';
}

/** One recording of an agent's fixtures: `name` is `<version>/<scenario>-<size>[-noanswer]`. */
export interface Fixture {
  name: string;
  version: string;
  scenario: string;
  cast: string;
  labels: string;
}

/**
 * Essential text of a scenario's blocked and error moments: one text for all of them, or one per moment in
 * order (a scenario with two different prompts, e.g. approve one command and deny another).
 */
export type EssentialText = string | readonly string[];

/** One agent's recordings and how to judge them. */
export interface Agent {
  /** `claude-code`, `codex`, `gemini-cli`, `opencode`: the folder under fixtures/. */
  id: string;
  /** The agent's name in tables and test titles. */
  title: string;
  /** The recordings, relative to the repository. */
  fixtures: string;
  /** The rule file, relative to the repository. */
  rules: string;
  /**
   * Which labels are ground truth: `native` — the agent's own reports in a recording that has any before
   * the exit, else the driver's labels; `driver` — always the driver's labels.
   */
  truth: 'native' | 'driver';
  /** Scenario → the text a blocked or error msg must contain. */
  essential: Readonly<Record<string, EssentialText>>;
  /** How far the driver's labels may trail the paint they describe (default {@link DRIVER_POLL_S}). */
  driverLagS?: number;
}

/**
 * The long-command recordings' command (test/tools/agent-turns.mjs LONG_COMMAND: 221 characters over three
 * rows at 80 columns, a 107-character path): the msg must hold it whole.
 */
const LONG_COMMAND =
  'mkdir -p build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks && touch build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';

/** The text that must be in the msg of a Claude Code scenario's blocked (or error) state. */
export const ESSENTIAL_TEXT: Readonly<Record<string, EssentialText>> = {
  'bash-approve': 'touch build.log',
  'bash-deny': 'npm test',
  'write-approve': 'notes.txt',
  'edit-approve': 'hello.js',
  'webfetch-approve': '/docs/page.html',
  'mcp-approve': 'tickets',
  question: 'Which database should the service use?',
  'plan-approval': 'plan',
  'plan-exit': 'plan',
  'plan-auto-mode': ['plan', 'chmod -R 777 .'],
  'trust-dialog': 'trust this folder',
  'auth-error': 'Invalid API key',
  'api-error': 'API Error: 400',
  'fullscreen-upsell': 'dialog open',
  'long-command': LONG_COMMAND,
  'auto-mode-notice': ['dialog open', 'rm -rf build && git push --force origin main'],
  // 673 bytes of UTF-8: the screen's msg holds it whole, the report its start (cut at the 512-byte budget).
  'long-utf8-command': 'mkdir -p "build/rapports/nocturne/intégration/chromium-sans-tête/accessibilité-et-mise-en-page"',
  // Issue 31: a path that wraps at 80 columns, read as Claude Code drew it (its own report has the absolute path).
  'long-path-write': 'customer-feedback/anonymised-survey-responses-summary.txt',
  'long-path-resize': 'customer-feedback/anonymised-survey-responses-summary.txt',
  'long-path-bash': 'wc -l /srv/research/customer-feedback/exports/anon/2026-12/anonymised-survey-responses-batch-07.csv',
};

/** The long commands of the Copilot CLI recordings (test/tools/agent-turns.mjs): the msg must hold them whole. */
const COPILOT_LONG_BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const COPILOT_LONG_TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';

/** The agents with recordings, in table order. */
export const AGENTS: readonly Agent[] = [
  {
    id: 'claude-code',
    title: 'Claude Code',
    fixtures: 'fixtures/claude-code',
    rules: 'rules/claude-code.toml',
    truth: 'native',
    essential: ESSENTIAL_TEXT,
  },
  {
    id: 'codex',
    title: 'Codex CLI',
    fixtures: 'fixtures/codex',
    rules: 'rules/codex.toml',
    truth: 'driver',
    essential: {
      'shell-approve': 'touch build.log',
      'shell-deny': 'npm test',
      'approve-then-deny': ['touch build.log', 'npm test'],
      question: 'Which database should the project use?',
      // Issue 31: the provider chooser, then the Custom Provider set-up's first step.
      'provider-setup': ['connect a provider', 'Custom Provider · Step 1/7 · Protocol'],
      'plan-implement': 'plan',
      'trust-dialog': 'trust this folder',
      'long-command': LONG_COMMAND,
      'update-prompt': '0.999.0',
      'sign-in': 'sign in',
      'api-error': '400',
      'auth-error': '401',
    },
  },
  {
    id: 'gemini-cli',
    title: 'Gemini CLI',
    fixtures: 'fixtures/gemini-cli',
    rules: 'rules/gemini.toml',
    truth: 'driver',
    essential: {
      'shell-approve': 'touch build.log',
      'shell-deny': 'npm test',
      'approve-then-deny': ['touch build.log', 'npm test'],
      'write-approve': 'notes.txt',
      question: 'Which database should the project use?',
      'trust-dialog': 'trust this folder',
      'long-command': LONG_COMMAND,
      'auth-dialog': 'sign in',
      // An API error's msg is its JSON body's message (issue 28), not the `[API Error: …]` wrapper.
      'api-error': 'mock 400',
      'auth-error': 'mock 401',
      'usage-limit': 'Usage limit reached',
      'context-error': 'exceeds the maximum number of tokens',
      'dropped-connection': 'terminated',
    },
  },
  {
    id: 'opencode',
    title: 'OpenCode',
    fixtures: 'fixtures/opencode',
    rules: 'rules/opencode.toml',
    truth: 'driver',
    // OpenCode keeps a core busy for a minute after start-up and repaints its whole screen often; the
    // recorder's own xterm then trailed it by up to 0.31 s (the error block: painted 55.61 s, labelled 55.92 s
    // in auth-error-120x32), so a driver window ends half a second before the next driver label.
    driverLagS: 0.5,
    essential: {
      'shell-approve': 'touch build.log',
      'shell-deny': 'npm test',
      'approve-then-deny': ['touch build.log', 'npm test'],
      'write-approve': 'notes.txt',
      question: 'Which database should the project use?',
      'long-command': LONG_COMMAND,
      'api-error': 'mock 400',
      'auth-error': 'mock 401',
    },
  },
  // ---- i18a: GitHub Copilot CLI
  {
    id: 'copilot',
    title: 'Copilot CLI',
    fixtures: 'fixtures/copilot',
    rules: 'rules/copilot.toml',
    truth: 'driver',
    essential: {
      'shell-approve': COPILOT_LONG_BUILD,
      'shell-deny': COPILOT_LONG_TEST,
      'approve-then-deny': [COPILOT_LONG_BUILD, COPILOT_LONG_TEST],
      'write-approve': 'notes.txt',
      question: 'Which database should the project use?',
      'trust-dialog': 'trust this folder',
      'long-command': LONG_COMMAND,
      'sign-in': 'sign in',
      'api-error': 'mock 400',
      'auth-error': '401',
    },
  },
  // ---- i18b: Pi (issue 18) ----
  {
    id: 'pi',
    title: 'Pi',
    fixtures: 'fixtures/pi',
    rules: 'rules/pi.toml',
    truth: 'driver',
    essential: {
      'api-error': 'mock 400',
      'auth-error': 'mock 401',
      'no-model': 'No models available. Use /login',
      // Issue 31: the permission-gate example extension's dialog under the loader.
      'gate-allow': 'rm -rf build',
      'gate-deny': 'rm -rf build',
    },
  },
  // ---- end i18b: Pi ----
  // ---- i18b: Cline (issue 18) ----
  {
    id: 'cline',
    title: 'Cline',
    fixtures: 'fixtures/cline',
    rules: 'rules/cline.toml',
    truth: 'driver',
    essential: {
      'shell-approve': 'touch build.log',
      'shell-deny': 'npm test',
      'approve-then-deny': ['touch build.log', 'npm test'],
      'write-approve': 'notes.txt',
      // At 80 columns Cline 3.0.65 shows only the first row of a long command (`… echo "build started"`).
      'long-command': 'mkdir -p build/logs && touch build/logs/build.log && echo "build started"',
      question: 'Which database should the project use?',
      'api-error': 'mock 400',
      'auth-error': 'mock 401',
    },
  },
  // ---- end i18b: Cline ----
  // ---- agents-a: Qwen Code (issue 18) ----
  {
    id: 'qwen-code',
    title: 'Qwen Code',
    fixtures: 'fixtures/qwen-code',
    rules: 'rules/qwen-code.toml',
    truth: 'driver',
    // Qwen Code paints a turn's end over two frames: the spinner goes with the answer up to its next-to-last
    // row, the last row follows 0.1–0.2 s later (prose-question-80x24: 50.45 s, then 50.6 s when the driver
    // saw `regression test?` and labelled done), so a driver window ends 0.3 s before the next driver label.
    driverLagS: 0.3,
    essential: {
      'shell-approve': COPILOT_LONG_BUILD,
      'shell-deny': COPILOT_LONG_TEST,
      'approve-then-deny': [COPILOT_LONG_BUILD, COPILOT_LONG_TEST],
      'write-approve': 'notes.txt',
      question: 'Which database should the project use?',
      'trust-dialog': 'trust this folder',
      'auth-dialog': 'connect a provider',
      'api-error': 'mock 400',
      'auth-error': 'mock 401',
    },
  },
  // ---- end agents-a: Qwen Code ----
  // ---- i18c: Factory Droid, Continue CLI (issue 18) ----
  {
    id: 'droid',
    title: 'Factory Droid',
    fixtures: 'fixtures/droid',
    rules: 'rules/droid.toml',
    truth: 'driver',
    // The recorder's xterm trailed Droid's paint by up to 0.11 s on the loaded machine (the finished answer:
    // painted 68.157 s, labelled done 68.265 s in approve-then-deny-200x50).
    driverLagS: 0.3,
    // At 80 columns Droid elides the middle of a long command in its dialog (`… touch bui...o "build …`):
    // the msg must hold the part every size shows.
    essential: {
      'shell-approve': 'mkdir -p build/logs',
      'shell-deny': 'npm test --',
      'approve-then-deny': ['mkdir -p build/logs', 'npm test --'],
      // Elided at every size (`…/nightly/i...cessibility-…` at 80 columns): its head and its tail.
      'long-command': 'mkdir -p build/reports/nightly/i',
      'write-approve': 'notes.txt',
      'write-deny': 'notes.txt',
      question: 'Which database should the project use?',
      'trust-dialog': 'trust this folder',
      'sign-in': 'Factory',
      'api-error': 'mock 400',
      'auth-error': 'mock 401',
    },
  },
  {
    id: 'continue',
    title: 'Continue CLI',
    fixtures: 'fixtures/continue',
    rules: 'rules/continue.toml',
    truth: 'driver',
    // The recorder's xterm trailed Continue's paint by up to 0.12 s on the loaded machine (the finished list:
    // painted 28.511 s, labelled done 28.626 s in long-answer-80x24).
    driverLagS: 0.3,
    essential: {
      'shell-approve': COPILOT_LONG_BUILD,
      'shell-deny': COPILOT_LONG_TEST,
      'approve-then-deny': [COPILOT_LONG_BUILD, COPILOT_LONG_TEST],
      'write-approve': 'notes.txt',
      'write-deny': 'notes.txt',
      question: 'Which database should the project use?',
      'first-run': 'API key',
      'api-error': 'mock 400',
      'auth-error': '401',
    },
  },
  // ---- end i18c ----
  // ---- wrap7: Grok CLI ----
  {
    id: 'grok-cli',
    title: 'Grok CLI',
    fixtures: 'fixtures/grok-cli',
    rules: 'rules/grok-cli.toml',
    truth: 'driver',
    essential: {
      'shell-approve': COPILOT_LONG_BUILD,
      'shell-deny': COPILOT_LONG_TEST,
      'approve-then-deny': [COPILOT_LONG_BUILD, COPILOT_LONG_TEST],
      'long-command': LONG_COMMAND,
      'write-approve': 'notes.txt',
      'write-deny': 'notes.txt',
      'api-error': 'mock 400',
      'auth-error': 'mock 401',
    },
  },
  // ---- end wrap7 ----
  // ---- codex7: Kilo Code (an OpenCode fork; after Esc a second dialog, `△ Reject permission`)
  {
    id: 'kilo-code',
    title: 'Kilo Code',
    fixtures: 'fixtures/kilo-code',
    rules: 'rules/kilo.toml',
    truth: 'driver',
    // OpenCode's renderer, and as slow on the loaded machine: the same allowance as OpenCode's.
    driverLagS: 0.5,
    essential: {
      'shell-approve': 'touch build.log',
      // The reject-feedback dialog after Esc is blocked:permission too: the same moment as the request's.
      'shell-deny': 'npm test',
      'approve-then-deny': ['touch build.log', 'npm test'],
      'long-command': LONG_COMMAND,
    },
  },
];

/** The agent whose `id` is `id`. */
export function agentById(id: string): Agent {
  const found = AGENTS.find((a) => a.id === id);
  if (found === undefined) throw new Error(`no agent ${id}`);
  return found;
}

/** One labelled moment (see the top of this file). */
export interface Moment {
  fixture: string;
  source: 'native' | 'driver';
  label: FixtureLabel;
  /** The check is made just before this time (seconds). */
  at: number;
  /** What is checked: the screen classification, or the tracker's report. */
  checks: 'screen' | 'report';
  /** Text a blocked or error msg must contain, when the scenario has one. */
  essential?: string;
}

/**
 * Terminal answers in a cast's input (DA1, cursor reports, DECRPM mode reports — Codex asks for mode 1007 —,
 * the echoed OSC 7501 query): not the driver's keys.
 */
const TERMINAL_REPLY = /^\x1b(?:\[\?[\d;]*c|\[\d+;\d+R|\[\?[\d;]*\$y|\]7501;)/u;

/** Every recording under `root` (an agent's fixtures folder) that has labels, sorted by name. */
export function listFixtures(root: string): Fixture[] {
  if (!existsSync(root)) return [];
  const found: Fixture[] = [];
  for (const version of readdirSync(root, { withFileTypes: true })) {
    if (!version.isDirectory()) continue;
    for (const file of readdirSync(join(root, version.name))) {
      if (!file.endsWith('.cast')) continue;
      const stem = file.slice(0, -'.cast'.length);
      const labels = join(root, version.name, `${stem}.labels.jsonl`);
      if (!existsSync(labels)) continue;
      const scenario = stem.replace(/-\d+x\d+(?:-noanswer)?$/u, '');
      found.push({ name: `${version.name}/${stem}`, version: version.name, scenario, cast: join(root, version.name, file), labels });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** The state labels of a `.labels.jsonl`, in time order. */
export function readFixtureLabels(path: string): FixtureLabel[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Partial<FixtureLabel>)
    .filter((l): l is FixtureLabel => typeof l.state === 'string' && typeof l.t === 'number')
    .sort((a, b) => a.t - b.t);
}

/** Times (seconds) of the driver's keys in a cast: its `i` events that are not terminal answers. */
export function driverKeyTimes(castPath: string): number[] {
  return parseCast(readFileSync(castPath, 'utf8'))
    .events.filter((e) => e.type === 'i' && !TERMINAL_REPLY.test(e.data))
    .map((e) => e.time);
}

/**
 * A `working` the driver notes as `restarting` (Gemini CLI restarting after its folder-trust answer) is the
 * agent busy between a start-up dialog and its first prompt, not a turn: the idle after it ends no turn.
 */
function startsNoTurn(label: FixtureLabel | undefined): boolean {
  return label?.source === 'driver' && label.state === 'working' && label.note === 'restarting';
}

/** The labelled moments of one of `agent`'s recordings; `end` is when the replay ended (seconds). */
export function labelledMoments(agent: Agent, fixture: Fixture, end: number): Moment[] {
  const all = readFixtureLabels(fixture.labels);
  const exit = all.find((l) => l.state === 'exit')?.t ?? Number.POSITIVE_INFINITY;
  const source = agent.truth === 'native' && all.some((l) => l.source === 'native' && l.t < exit) ? 'native' : 'driver';
  const labels = all
    .filter((l) => l.source === source && l.t < exit && l.id === undefined)
    .filter((l, i, list) => i === 0 || list[i - 1]!.state !== l.state || list[i - 1]!.kind !== l.kind);
  const keys = driverKeyTimes(fixture.cast);
  const essential = agent.essential[fixture.scenario];
  let prompts = 0; // blocked and error labels so far: which of a list of essential texts is next
  const moments: Moment[] = [];
  labels.forEach((label, i) => {
    if (label.state === 'clear') return;
    const prompt = label.state === 'blocked' || label.state === 'error' ? prompts++ : undefined;
    const next = labels[i + 1];
    const lag = source === 'driver' && next !== undefined ? (agent.driverLagS ?? DRIVER_POLL_S) : 0;
    const key = keys.find((k) => k > label.t) ?? Number.POSITIVE_INFINITY;
    const at = Math.min((next?.t ?? exit) - lag, key, end);
    if (at <= label.t) return; // a window shorter than one driver poll shows nothing to check
    const before = labels.slice(0, i).filter((l) => l.state !== 'clear' && !startsNoTurn(l));
    const previous = before.at(-1)?.state;
    const endsTurn =
      label.state === 'idle' &&
      !startsNoTurn(labels[i - 1]) &&
      (previous === 'working' || (previous === 'blocked' && before.some((l) => l.state === 'working')));
    const text = prompt === undefined ? undefined : typeof essential === 'string' ? essential : essential?.[prompt];
    moments.push({
      fixture: fixture.name,
      source,
      label,
      at,
      checks: label.state === 'done' || endsTurn ? 'report' : 'screen',
      ...(text === undefined ? {} : { essential: text }),
    });
  });
  return moments;
}

/** What the shim said at a moment: the screen's classification or its report, whichever the moment checks. */
export interface Answer {
  state: string;
  kind?: string;
  msg?: string;
}

/** The shim's answer at `moment` in a replay (undefined: nothing swept or reported yet). */
export function answerAt(moment: Moment, result: ReplayResult): Answer | undefined {
  if (moment.checks === 'report') return reportBefore(result, moment.at)?.report;
  return screenBefore(result, moment.at)?.classification;
}

/** True when `answer` has the moment's state and (when the label has one) kind. */
export function sameState(moment: Moment, answer: Answer | undefined): boolean {
  if (answer === undefined || answer.state !== moment.label.state) return false;
  return moment.label.kind === undefined || answer.kind === moment.label.kind;
}

/** Why the replay gets `moment` wrong, or undefined when it gets it right. */
export function judgeMoment(moment: Moment, result: ReplayResult): string | undefined {
  const answer = answerAt(moment, result);
  const want = `${moment.label.state}${moment.label.kind === undefined ? '' : `:${moment.label.kind}`}`;
  const where = `${moment.fixture}: ${moment.source} ${want} at ${moment.label.t}s (checked ${moment.checks} before ${moment.at.toFixed(3)}s)`;
  if (answer === undefined) return `${where}: nothing yet`;
  const got = `${answer.state}${answer.kind === undefined ? '' : `:${answer.kind}`}`;
  if (!sameState(moment, answer)) return `${where}: got ${got}`;
  if (moment.essential !== undefined && !(answer.msg ?? '').includes(moment.essential)) {
    return `${where}: msg ${JSON.stringify(answer.msg)} lacks ${JSON.stringify(moment.essential)}`;
  }
  return undefined;
}
