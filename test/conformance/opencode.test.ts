// Conformance of the replay path on every OpenCode recording in fixtures/opencode: every labelled moment fed
// whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments; the truth
// is the driver's labels: OpenCode reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const OPENCODE = agentById('opencode');

describeConformance(OPENCODE);

// After a rejection OpenCode keeps its spinner (`esc interrupt`) up for about 0.4 s before the prompt is
// back; the driver labels idle when it sees the prompt, the screen says working until then. Those
// recordings' timelines are checked below instead.
describeDriverSequences(OPENCODE, /^(?:shell-deny|approve-then-deny)$/u);

describeTimelines(OPENCODE, [
  // Issue 16: the question form and the `△ Permission required` dialog at 200 columns (the sidebar drawn on the right).
  ['1.18.33/question-200x50', ['idle', 'working', 'blocked:question answer: Which database should the project use?', 'working', 'done']],
  ['1.18.33/shell-approve-200x50', ['idle', 'working', 'blocked:permission approve shell: touch build.log', 'working', 'done']],
  ['1.18.33/shell-deny-80x24', ['idle', 'working', 'blocked:permission approve shell: npm test', 'working', 'idle']],
  [
    '1.18.33/approve-then-deny-120x32',
    [
      'idle',
      'working',
      'blocked:permission approve shell: touch build.log',
      'working',
      'done',
      'working',
      'blocked:permission approve shell: npm test',
      'working',
      'idle',
    ],
  ],
]);
