// `node dist/bench/compare/run.js`: the screen classifier against the naive stream-tail detectors the design
// rejects, on every labelled moment of the recordings of each agent (Claude Code, Codex CLI, Gemini CLI);
// prints markdown tables with a row block per agent and the totals (numbers, no thresholds).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRuleFile } from '../../src/rule-files/load.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay, type ReplayModel } from '../../src/recording/replay.js';
import { AGENTS, labelledMoments, listFixtures } from './moments.js';
import { lastLineEndsWithQuestionMark, promptTextInTail, TAIL_VOCABULARY, TailModel, type TailVocabulary } from './naive.js';
import { addMoments, formatScores, newScore, sumScores, type ScoreBlock } from './score.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The detectors, each a model the replay sweeps on the shim's schedule and feeds to the same tracker. */
const detectors = (tail: TailVocabulary): readonly { name: string; model?: () => ReplayModel; generic?: true }[] => [
  { name: 'osf7501 (screen + rules)' },
  { name: 'osf7501, generic rules only (an agent without a rule set)', generic: true },
  { name: '(a) prompt text in stripped 8 KB tail', model: () => new TailModel(promptTextInTail(tail)) },
  { name: '(a′) same, cursor moves read as spaces', model: () => new TailModel(promptTextInTail(tail), true) },
  { name: '(b) last line ends with "?"', model: () => new TailModel(lastLineEndsWithQuestionMark(tail)) },
  { name: '(b′) same, cursor moves read as spaces', model: () => new TailModel(lastLineEndsWithQuestionMark(tail), true) },
];

/** The rules a program without a rule set of its own gets: the structural dialog rule and two prompts. */
const GENERIC_RULES = loadRuleFile(join(ROOT, 'rules/generic.toml'), 'rules/generic.toml');

const blocks: ScoreBlock[] = [];
const counts: string[] = [];
for (const agent of AGENTS) {
  const fixtures = listFixtures(join(ROOT, agent.fixtures));
  if (fixtures.length === 0) {
    process.stderr.write(`bench/compare: no recordings under ${join(ROOT, agent.fixtures)}\n`);
    process.exit(2);
  }
  const tail = TAIL_VOCABULARY[agent.id];
  if (tail === undefined) throw new Error(`bench/compare: no tail vocabulary for ${agent.id}`);
  const rules = loadRuleFile(join(ROOT, agent.rules), agent.rules);
  const list = detectors(tail);
  const scores = list.map((d) => newScore(d.name));
  let momentCount = 0;
  for (const fixture of fixtures) {
    const recording = loadRecording(fixture.cast);
    const results = [];
    for (const detector of list) {
      const chosen = detector.generic === true ? GENERIC_RULES : rules;
      results.push(await replay(recording, { rules: chosen, screenOnly: true, ...(detector.model === undefined ? {} : { model: detector.model }) }));
    }
    const moments = labelledMoments(agent, fixture, results[0]?.end ?? 0);
    momentCount += moments.length;
    results.forEach((result, i) => addMoments(scores[i]!, moments, result));
  }
  blocks.push({ label: agent.title, scores });
  const truth = agent.truth === 'native' ? `its own reports where it made them, else the driver's` : `the driver's`;
  counts.push(`${agent.title} ${momentCount} in ${fixtures.length} recordings (labels: ${truth})`);
}
blocks.push({
  label: 'all',
  scores: blocks[0]!.scores.map((s, i) => sumScores(s.name, blocks.map((b) => b.scores[i]!))),
});

const total = blocks.at(-1)!.scores[0]!.total;
console.log(
  `${total} labelled moments: ${counts.join('; ')} (see bench/compare/moments.ts). Every detector is swept on ` +
    'the shim\'s schedule and its verdicts go through the same status tracker; done and turn-ending idle moments ' +
    'are judged on the report, the others on the verdict. The tail detectors look for each agent\'s own prompt ' +
    'texts (bench/compare/naive.ts) and share one fallback (the agent\'s error text → error, its working text ' +
    '→ working, else idle): only their blocked check differs.\n',
);
console.log(formatScores(blocks).join('\n'));
