// Conformance of the replay path on every Kilo Code recording in fixtures/kilo-code: every labelled moment fed
// whole and in random chunks (test/conformance/conformance.ts describes the checks; the truth is the driver's
// labels: Kilo Code 7.7.7 reports nothing itself), and the shim's timelines.
import { agentById } from '../../bench/compare/moments.js';
import { describeConformance, describeDriverSequences, describeTimelines } from './conformance.js';

const KILO = agentById('kilo-code');

describeConformance(KILO);

// After a rejection Kilo keeps its spinner up a moment before the prompt is back (as OpenCode does): the driver
// labels idle once the spinner is gone, the screen says working until then. Those timelines are checked below.
describeDriverSequences(KILO, /^(?:shell-deny|approve-then-deny)$/u);

// At 120 columns Kilo breaks the long command's path after the file name's dot (`…/summary.` | `log`): joined whole.
describeTimelines(KILO, [
  [
    '7.7.7/shell-deny-80x24',
    ['idle', 'working', 'blocked:permission approve shell: npm test', 'blocked:permission reject: npm test', 'working', 'idle'],
  ],
  ...['7.7.7/long-command-200x50', '7.7.7/long-command-120x32'].map((name): [string, string[]] => [
    name,
    [
      'idle',
      'working',
      'blocked:permission approve shell: mkdir -p build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks && touch build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log',
      'working',
      'done',
    ],
  ]),
]);
