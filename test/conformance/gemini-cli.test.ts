// Conformance of the replay path on every Gemini CLI recording in fixtures/gemini-cli: every labelled moment
// fed whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments; the
// truth is the driver's labels: Gemini CLI reports nothing), the shim's timelines, and xterm.js #6003 (`…`).
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines, describeXterm6003 } from './conformance.js';

const GEMINI = agentById('gemini-cli');

describeConformance(GEMINI);

describeXterm6003(GEMINI, '0.61.0/approve-then-deny-80x24');

describeDriverSequences(GEMINI, /^(?:trust-dialog|auth-dialog)$/u);

// Start-up dialogs are a turn to the status tracker: idle, blocked, then done once the dialog is gone (the
// auth dialog is left with Ctrl+C).
describeTimelines(GEMINI, [
  [
    '0.61.0/approve-then-deny-120x32',
    [
      'idle',
      'working',
      'blocked:permission approve shell: touch build.log',
      'working',
      'done',
      'working',
      'blocked:permission approve shell: npm test',
      'idle',
    ],
  ],
  ['0.61.0/write-approve-80x24', ['idle', 'working', 'blocked:permission approve write: notes.txt', 'working', 'done']],
  ['0.61.0/question-80x24', ['idle', 'working', 'blocked:question answer: Which database should the project use?', 'working', 'done']],
  // Answered, the trust dialog stays on screen with `Gemini CLI is restarting…` drawn below it: working, not
  // blocked, until the new prompt.
  ['0.61.0/trust-dialog-120x32', ['idle', 'blocked:permission trust this folder', 'working', 'done']],
  ['0.61.0/trust-dialog-80x24', ['idle', 'blocked:permission trust this folder', 'working', 'done']],
  ['0.61.0/auth-dialog-80x24', ['idle', 'blocked:auth choose how to sign in', 'done']],
  [
    '0.61.0/api-error-80x24',
    [
      'idle',
      'working',
      // The JSON body's message alone (issue 28: what happened, without the wire format).
      'error The model mock-model does not accept this request (mock 400).',
    ],
  ],
]);
