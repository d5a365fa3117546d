// Conformance of the replay path on every Continue CLI recording in fixtures/continue: every labelled moment
// fed whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments; the
// truth is the driver's labels: Continue reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const CONTINUE = agentById('continue');

describeConformance(CONTINUE);

// The first-run key prompt comes before any idle screen.
describeDriverSequences(CONTINUE, /^first-run$/u);

const BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const LONG_PATH = 'build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';
const LONG_COMMAND = `mkdir -p ${LONG_PATH.slice(0, LONG_PATH.lastIndexOf('/'))} && touch ${LONG_PATH}`;
const TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';

describeTimelines(CONTINUE, [
  // The call wraps over two rows of the dialog at 80 columns; the message joins them.
  ['1.5.47/shell-approve-80x24', ['idle', 'working', `blocked:permission approve Bash: ${BUILD}`, 'working', 'done']],
  ['1.5.47/shell-deny-80x24', ['idle', 'working', `blocked:permission approve Bash: ${TEST}`, 'idle']],
  ['1.5.47/write-approve-120x32', ['idle', 'working', 'blocked:permission approve Write: notes.txt', 'working', 'done']],
  // A 221-character command with a 107-character path: four rows of the dialog at 80 columns, joined whole.
  ['1.5.47/long-command-80x24', ['idle', 'working', `blocked:permission approve Bash: ${LONG_COMMAND}`, 'working', 'done']],
  ['1.5.47/long-command-200x50', ['idle', 'working', `blocked:permission approve Bash: ${LONG_COMMAND}`, 'working', 'done']],
  ['1.5.47/api-error-80x24', ['idle', 'working', 'error Error: 400 The model mock-model does not accept this request (mock 400).']],
]);
