// The structural dialog rule (`dialog = true`, rule `any-dialog` in every bundled file) on its own: every
// bundled agent's recorded dialogs, with the agent's specific dialog rules taken out, still read blocked with
// the recorded kind, and nothing else in those recordings does. The same recordings under the generic rules
// alone, as a program without a rule set of its own: structural-dialogs-generic.test.ts (a file of its own, so
// the two halves run on two workers).
import { describe, expect, test } from 'vitest';
import { RuleSet } from '../../src/rules/rule-set.js';
import { checkAgentRecording } from '../tools/agent-recordings.js';
import { checkRecording } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';
import { AGENTS, framesAndLabels, NOT_DIALOGS, recordingsExcept } from './helpers/structural-recordings.js';

/** The bundled set without its specific dialog rules: every blocked rule but the structural one goes. */
function withoutSpecificDialogs(file: string): RuleSet {
  const full = bundledRules(file);
  return new RuleSet(full, full.rules.filter((rule) => rule.state !== 'blocked' || rule.dialog));
}

describe.each(AGENTS)('%s recordings with the specific dialog rules removed', (app, folder, file) => {
  const rules = withoutSpecificDialogs(file);
  const found = recordingsExcept(folder, NOT_DIALOGS[app]);

  test('the structural rule is the only blocked rule left', () => {
    expect(rules.rules.filter((r) => r.state === 'blocked').map((r) => r.name)).toEqual(['any-dialog']);
  });

  test.skipIf(found.length === 0).each(found)('%s: every dialog still reads blocked, nothing else does', async (_name, cast) => {
    const { frames, labels } = await framesAndLabels(cast);
    const check = (set: RuleSet): string[] =>
      app === 'claude-code' ? checkRecording(set, frames, labels) : checkAgentRecording(set, frames, labels);
    // What the full rule set gets wrong on its own is not the structural rule's doing (Grok CLI answers a denied
    // command, so the driver's idle there is no cut turn): only new problems count.
    const problems = check(rules);
    const full = new Set(problems.length === 0 ? [] : check(bundledRules(file)));
    expect(problems.filter((problem) => !full.has(problem))).toEqual([]);
  });
});
