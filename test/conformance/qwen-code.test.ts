// Conformance of the replay path on every Qwen Code recording in fixtures/qwen-code: every labelled moment fed
// whole and in random chunks (test/conformance/conformance.ts describes the checks; the truth is the driver's
// labels: Qwen Code 0.24.4 reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const QWEN = agentById('qwen-code');

describeConformance(QWEN);

// The start-up dialogs come before the first idle screen, and after an interrupt Qwen puts the prompt back into
// the input, so the driver's `/quit` was sent as `write a long essay/quit`, a new turn after the exit label:
// their timelines are listed below. The rate-limit recordings send `/quit` while Qwen still retries: it quits at
// once, mid-turn, and its goodbye screen reads done after the exit label (listed below too).
describeDriverSequences(QWEN, /^(?:trust-dialog|auth-dialog|provider-setup|interrupt|rate-limit)$/u);

const BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';
const LONG_PATH = 'build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';
const LONG_COMMAND = `mkdir -p ${LONG_PATH.slice(0, LONG_PATH.lastIndexOf('/'))} && touch ${LONG_PATH}`;
const APPROVE_THEN_DENY = [
  'idle',
  'working',
  `blocked:permission approve shell: ${BUILD}`,
  'working',
  'done',
  'working',
  `blocked:permission approve shell: ${TEST}`,
  'idle',
];

describeTimelines(QWEN, [
  // The command wraps at 80 columns, through the pending tool's `←` marker (and a `█` scrollbar at 120x32).
  ['0.24.4/approve-then-deny-80x24', APPROVE_THEN_DENY],
  ['0.24.4/approve-then-deny-120x32', APPROVE_THEN_DENY],
  ['0.24.4/interrupt-80x24', ['idle', 'working', 'idle', 'working', 'done']],
  ['0.24.4/interrupt-120x32', ['idle', 'working', 'idle', 'working']],
  ['0.24.4/trust-dialog-80x24', ['idle', 'blocked:permission trust this folder', 'done']],
  ['0.24.4/auth-dialog-120x32', ['idle', 'blocked:auth connect a provider']],
  // Custom Provider picked in the chooser: its set-up's first step is a sign-in too (the `done` comes after the
  // exit label, once Ctrl+C has closed the set-up on the way out).
  [
    '0.24.4/provider-setup-80x24',
    ['idle', 'blocked:auth connect a provider', 'blocked:auth Custom Provider · Step 1/7 · Protocol', 'done'],
  ],
  ['0.24.4/shell-deny-80x24', ['idle', 'working', `blocked:permission approve shell: ${TEST}`, 'idle']],
  // A 221-character command with a 107-character path: the header wraps it over four rows at 80 columns (the
  // command box under it clips each row), and the message is the whole command from the header.
  ['0.24.4/long-command-80x24', ['idle', 'working', `blocked:permission approve shell: ${LONG_COMMAND}`, 'working', 'done']],
  ['0.24.4/long-command-200x50', ['idle', 'working', `blocked:permission approve shell: ${LONG_COMMAND}`, 'working', 'done']],
  // Issue 28: a 429 rate limit retried without a word (working until the exit), and one inside the stream with
  // Qwen's countdown (a report a second), then the answer.
  ['0.24.4/rate-limit-80x24', ['idle', 'working', 'done']],
  ['0.24.4/rate-limit-120x32', ['idle', 'working', 'done']],
  [
    '0.24.4/stream-rate-limit-80x24',
    ['idle', 'working', 'working Retrying in 2 seconds… (attempt 1/2)', 'working Retrying in 1 seconds… (attempt 1/2)', 'working', 'done'],
  ],
]);
