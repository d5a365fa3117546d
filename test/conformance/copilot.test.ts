// Conformance of the replay path on every GitHub Copilot CLI recording in fixtures/copilot: every labelled
// moment fed whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments;
// the truth is the driver's labels: Copilot reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const COPILOT = agentById('copilot');

describeConformance(COPILOT);

// The start-up screens come before the first idle one, and after a denial Copilot's footer says `● Cancelling`
// (working) for a moment before the prompt is back, where the driver labels idle at once: those recordings'
// timelines are listed below instead.
describeDriverSequences(COPILOT, /^(?:trust-dialog|sign-in|shell-deny|approve-then-deny)$/u);

const BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';
const APPROVE_THEN_DENY = [
  'idle',
  'working',
  `blocked:permission approve shell: ${BUILD}`,
  'working',
  'done',
  'working',
  `blocked:permission approve shell: ${TEST}`,
  'working',
  'idle',
];

describeTimelines(COPILOT, [
  ['1.0.102/trust-dialog-80x24', ['idle', 'blocked:permission trust this folder', 'done']],
  ['1.0.102/trust-dialog-120x32', ['idle', 'blocked:permission trust this folder', 'done']],
  // Blocked until the driver leaves: the session summary Copilot prints on its way out reads idle.
  ['1.0.102/sign-in-120x32', ['idle', 'blocked:auth Please use /login to sign in to use Copilot', 'done']],
  ['1.0.102/shell-deny-80x24', ['idle', 'working', `blocked:permission approve shell: ${TEST}`, 'working', 'idle']],
  ['1.0.102/approve-then-deny-80x24', APPROVE_THEN_DENY],
  ['1.0.102/approve-then-deny-120x32', APPROVE_THEN_DENY],
  ['1.0.102/approve-then-deny-200x50', APPROVE_THEN_DENY],
]);
