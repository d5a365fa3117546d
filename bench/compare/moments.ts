// Labelled moments of the Claude Code recordings: for each ground-truth label, what the shim must say and when.
//
// A recording's ground truth is Claude Code's own OSC 7501 reports (`source: "native"`), or, for
// recordings without any (2.1.150, the `-noanswer` ones), the recording driver's labels. Labels at
// or after `/exit` are left out, `clear` labels mark no moment (Claude Code closing a dialog), and a
// label that repeats the previous label's state and kind is the same moment.
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
//    shim reports idle, not done (the turn was cut short: Esc, a denied permission);
//  - anything else — the screen classification of the last sweep before that instant has L's state,
//    and L's kind when L has one (Claude Code reports its fullscreen upsell as blocked with no kind);
//    for blocked and error the msg holds the essential text of the scenario (the command, file, url…).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseCast } from '../../src/record/asciicast.js';
import { reportBefore, screenBefore, type ReplayResult } from '../../src/session/replay.js';

/** How often the recording driver reads the screen (test/harness/record-claude.mjs `waitFor`), in seconds. */
export const DRIVER_POLL_S = 0.05;

/** One line of a `.labels.jsonl` with a state. */
export interface FixtureLabel {
  t: number;
  state: string;
  kind?: string;
  msg?: string;
  note?: string;
  source: 'native' | 'driver';
}

/** One recording of fixtures/claude-code: `name` is `<version>/<scenario>-<size>[-noanswer]`. */
export interface Fixture {
  name: string;
  version: string;
  scenario: string;
  cast: string;
  labels: string;
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

/** The text that must be in the msg of a scenario's blocked (or error) state. */
export const ESSENTIAL_TEXT: Readonly<Record<string, string>> = {
  'bash-approve': 'touch build.log',
  'bash-deny': 'npm test',
  'write-approve': 'notes.txt',
  'edit-approve': 'hello.js',
  'webfetch-approve': '/docs/page.html',
  'mcp-approve': 'tickets',
  question: 'Which database should the service use?',
  'plan-approval': 'plan',
  'trust-dialog': 'trust this folder',
  'auth-error': 'Invalid API key',
  'api-error': 'API Error: 400',
  'fullscreen-upsell': 'dialog open',
};

/** Terminal answers in a cast's input (DA1, cursor reports, the echoed OSC 7501 query): not the driver's keys. */
const TERMINAL_REPLY = /^\x1b(?:\[\?[\d;]*c|\[\d+;\d+R|\]7501;)/u;

/** Every recording under `root` (fixtures/claude-code) that has labels, sorted by name. */
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

/** The labelled moments of one recording; `end` is when the replay ended (seconds). */
export function labelledMoments(fixture: Fixture, end: number): Moment[] {
  const all = readFixtureLabels(fixture.labels);
  const exit = all.find((l) => l.state === 'exit')?.t ?? Number.POSITIVE_INFINITY;
  const source = all.some((l) => l.source === 'native' && l.t < exit) ? 'native' : 'driver';
  const labels = all
    .filter((l) => l.source === source && l.t < exit)
    .filter((l, i, list) => i === 0 || list[i - 1]!.state !== l.state || list[i - 1]!.kind !== l.kind);
  const keys = driverKeyTimes(fixture.cast);
  const moments: Moment[] = [];
  labels.forEach((label, i) => {
    if (label.state === 'clear') return;
    const next = labels[i + 1];
    const lag = source === 'driver' && next !== undefined ? DRIVER_POLL_S : 0;
    const key = keys.find((k) => k > label.t) ?? Number.POSITIVE_INFINITY;
    const at = Math.min((next?.t ?? exit) - lag, key, end);
    if (at <= label.t) return; // a window shorter than one driver poll shows nothing to check
    const before = labels.slice(0, i).filter((l) => l.state !== 'clear');
    const previous = before.at(-1)?.state;
    const endsTurn =
      label.state === 'idle' &&
      (previous === 'working' || (previous === 'blocked' && before.some((l) => l.state === 'working')));
    const essential = label.state === 'blocked' || label.state === 'error' ? ESSENTIAL_TEXT[fixture.scenario] : undefined;
    moments.push({
      fixture: fixture.name,
      source,
      label,
      at,
      checks: label.state === 'done' || endsTurn ? 'report' : 'screen',
      ...(essential === undefined ? {} : { essential }),
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
