// Conformance of the replay path on every Pi recording in fixtures/pi: every labelled moment fed whole and in
// random chunks (test/conformance/conformance.ts describes the checks and the moments; the truth is the
// driver's labels: Pi 0.73.1 reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const PI = agentById('pi');

describeConformance(PI);

// The no-model start is a screen before any idle one (the driver labels it blocked first).
describeDriverSequences(PI, /^no-model$/u);

describeTimelines(PI, [
  ['0.73.1/shell-run-80x24', ['idle', 'working', 'done']],
  ['0.73.1/interrupt-120x32', ['idle', 'working', 'idle']],
  ['0.73.1/api-error-80x24', ['idle', 'working', 'error Error: 400 The model mock-model does not accept this request (mock 400).']],
  ['0.73.1/no-model-80x24', ['idle', 'blocked:auth Warning: No models available. Use /login to log into a provider via OAuth or API key. See:']],
]);
