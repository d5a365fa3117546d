// Conformance of the replay path on every Factory Droid recording in fixtures/droid: every labelled moment fed
// whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments; the truth
// is the driver's labels: Droid reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const DROID = agentById('droid');

describeConformance(DROID);

// The start-up screens (trust, login) come before the first idle one. After Esc at a dialog Droid's row reads
// `⠇ Waiting for tool confirmation...  (Press ESC to stop)` for another 1.2 s (shell-deny-120x32: Esc 50.85 s,
// `⎿ Interrupted` 52.06 s): the shim says working there, where the driver labels idle once the dialog is gone.
// slow-answer-80x24: the driver's working label (placed only if the row is on screen right after the wait)
// is missing, the shim's is not.
describeDriverSequences(DROID, /^(?:trust-dialog|sign-in|shell-deny|write-deny|approve-then-deny|slow-answer)$/u);

const BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';

const LONG_80 = 'mkdir -p build/reports/nightly/i...cessibility-and-layout-checks/summary.log';
const LONG_200 =
  'mkdir -p build/reports/nightly/integration-suite/chromium-headless-shell/accessibility...build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';

describeTimelines(DROID, [
  // At 120 columns the dialog's `↳` row holds the whole command.
  ['0.215.0/shell-approve-120x32', ['idle', 'working', `blocked:permission approve Execute: ${BUILD}`, 'working', 'done']],
  ['0.215.0/shell-deny-120x32', ['idle', 'working', `blocked:permission approve Execute: ${TEST}`, 'working', 'idle']],
  // At 80 Droid elides its middle: the message is what the screen shows.
  ['0.215.0/shell-approve-80x24', ['idle', 'working', 'blocked:permission approve Execute: mkdir -p build/logs && touch bui...o "build started" > build/logs/latest.txt', 'working', 'done']],
  // Droid elides a longer command to fit its row exactly, at every size (the 221 characters of long-command):
  // the row fills the screen's last cell and the next row (`Why this needs approval: …`) is not part of it.
  ['0.215.0/long-command-80x24', ['idle', 'working', `blocked:permission approve Execute: ${LONG_80}`, 'working', 'done']],
  ['0.215.0/long-command-200x50', ['idle', 'working', `blocked:permission approve Execute: ${LONG_200}`, 'working', 'done']],
  ['0.215.0/write-approve-80x24', ['idle', 'working', 'blocked:permission approve Create notes.txt', 'working', 'done']],
  ['0.215.0/api-error-80x24', ['idle', 'working', 'error BYOK Error: 400 The model mock-model does not accept this request (mock 400).']],
]);
