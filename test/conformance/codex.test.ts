// Conformance of the replay path on every Codex CLI recording in fixtures/codex: every labelled moment fed
// whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments; the truth
// is the driver's labels, fixtures/codex/README.md says why), the shim's timelines, and xterm.js #6003,
// which `›` (E2 80 BA, the prompt and composer) and `•` (E2 80 A2, every transcript entry) both trigger.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines, describeXterm6003 } from './conformance.js';

const CODEX = agentById('codex');

describeConformance(CODEX);

describeXterm6003(CODEX, '0.171.0/approve-then-deny-80x24');

describeDriverSequences(CODEX, /^(?:trust-dialog|update-prompt|sign-in)$/u);

// Start-up dialogs are a turn to the status tracker (as Claude Code's are): idle, blocked, then done once the
// dialog is gone (sign-in is left with Ctrl+C). Codex itself reports nothing until its composer shows.
describeTimelines(CODEX, [
  [
    '0.171.0/approve-then-deny-80x24',
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
  ['0.171.0/plan-implement-120x32', ['idle', 'working', 'blocked:permission approve plan', 'done']],
  ['0.171.0/question-120x32', ['idle', 'working', 'blocked:question answer: Which database should the project use?', 'working', 'done']],
  ['0.171.0/trust-dialog-80x24', ['idle', 'blocked:permission trust this folder', 'done']],
  ['0.171.0/update-prompt-120x32', ['idle', 'blocked:question update Codex: 0.171.0 → 0.999.0', 'done']],
  ['0.171.0/sign-in-80x24', ['idle', 'blocked:auth sign in to Codex', 'done']],
  [
    '0.171.0/auth-error-80x24',
    [
      'idle',
      'working',
      'error unexpected status 401 Unauthorized: Incorrect API key provided (mock 401)., url: http://127.0.0.1:43889/v1/responses',
    ],
  ],
]);
