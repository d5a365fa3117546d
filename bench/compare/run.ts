// `node dist/bench/compare/run.js`: the screen classifier against the naive stream-tail detectors the design
// rejects, on every labelled moment of the Claude Code recordings; prints markdown tables (numbers, no thresholds).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRuleFile } from '../../src/rules/load.js';
import { loadRecording } from '../../src/session/recording.js';
import { replay, type ReplayModel } from '../../src/session/replay.js';
import { labelledMoments, listFixtures } from './moments.js';
import { lastLineEndsWithQuestionMark, promptTextInTail, TailModel } from './naive.js';
import { addMoments, formatScores, newScore } from './score.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const rules = loadRuleFile(join(ROOT, 'rules/claude-code.toml'), 'rules/claude-code.toml');

/** The detectors, each a model the replay sweeps on the shim's schedule and feeds to the same tracker. */
const DETECTORS: readonly { name: string; model?: () => ReplayModel }[] = [
  { name: 'osf7501 (screen + rules)' },
  { name: '(a) prompt text in stripped 8 KB tail', model: () => new TailModel(promptTextInTail) },
  { name: '(a′) same, cursor moves read as spaces', model: () => new TailModel(promptTextInTail, true) },
  { name: '(b) last line ends with "?"', model: () => new TailModel(lastLineEndsWithQuestionMark) },
  { name: '(b′) same, cursor moves read as spaces', model: () => new TailModel(lastLineEndsWithQuestionMark, true) },
];

const fixtures = listFixtures(join(ROOT, 'fixtures/claude-code'));
if (fixtures.length === 0) {
  process.stderr.write(`bench/compare: no recordings under ${join(ROOT, 'fixtures/claude-code')}\n`);
  process.exit(2);
}
const scores = DETECTORS.map((d) => newScore(d.name));
let momentCount = 0;
for (const fixture of fixtures) {
  const recording = loadRecording(fixture.cast);
  const results = [];
  for (const detector of DETECTORS) {
    results.push(await replay(recording, { rules, ...(detector.model === undefined ? {} : { model: detector.model }) }));
  }
  const moments = labelledMoments(fixture, results[0]?.end ?? 0);
  momentCount += moments.length;
  results.forEach((result, i) => addMoments(scores[i]!, moments, result));
}

console.log(
  `${momentCount} labelled moments in ${fixtures.length} Claude Code recordings (see bench/compare/moments.ts). Every ` +
    'detector is swept on the shim\'s schedule and its verdicts go through the same status tracker; done and ' +
    'turn-ending idle moments are judged on the report, the others on the verdict. The tail detectors share one ' +
    'fallback (`API Error` → error, `esc to interrupt` → working, else idle): only their blocked check differs.\n',
);
console.log(formatScores(scores).join('\n'));
