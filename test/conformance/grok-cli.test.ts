// Conformance of the replay path on every Grok CLI recording in fixtures/grok-cli: every labelled moment fed
// whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments; the truth
// is the driver's labels: Grok reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeTimelines } from './conformance.js';

const GROK = agentById('grok-cli');

describeConformance(GROK);

const BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';
const LONG_PATH = 'build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';
const LONG_COMMAND = `mkdir -p ${LONG_PATH.slice(0, LONG_PATH.lastIndexOf('/'))} && touch ${LONG_PATH}`;

describeTimelines(GROK, [
  // `⎿ Command: …` wraps under the `⎿` (at spaces, a word longer than the row cut at its end); the message joins it.
  ['0.0.34/shell-approve-80x24', ['idle', 'working', `blocked:permission approve bash: ${BUILD}`, 'working', 'done']],
  ['0.0.34/long-command-80x24', ['idle', 'working', `blocked:permission approve bash: ${LONG_COMMAND}`, 'working', 'done']],
  ['0.0.34/long-command-200x50', ['idle', 'working', `blocked:permission approve bash: ${LONG_COMMAND}`, 'working', 'done']],
  // Esc: `⎿ Operation cancelled by user (pressed Escape)`; the model's answer to the denial comes after it.
  ['0.0.34/shell-deny-80x24', ['idle', 'working', `blocked:permission approve bash: ${TEST}`, 'idle']],
  ['0.0.34/write-approve-120x32', ['idle', 'working', 'blocked:permission approve Write: notes.txt', 'working', 'done']],
  ['0.0.34/api-error-80x24', ['idle', 'working', 'error Grok API error: 400 The model mock-model does not accept this request (mock 400).']],
]);
