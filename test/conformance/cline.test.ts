// Conformance of the replay path on every Cline recording in fixtures/cline: every labelled moment fed whole
// and in random chunks (test/conformance/conformance.ts describes the checks; the truth is the driver's
// labels: Cline 3.0.65 reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const CLINE = agentById('cline');

describeConformance(CLINE);

describeDriverSequences(CLINE, /^$/u);

describeTimelines(CLINE, [
  [
    '3.0.65/approve-then-deny-80x24',
    [
      'idle',
      'working',
      'blocked:permission approve run_commands: touch build.log',
      'working',
      'done',
      'working',
      'blocked:permission approve run_commands: npm test',
      'working',
      'done',
    ],
  ],
]);
