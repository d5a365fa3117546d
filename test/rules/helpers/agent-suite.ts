// The suite every non-Claude agent's rules get on its recordings: each recording replayed through the real
// ShadowScreen agrees with its labels (test/tools/agent-recordings.ts), plus the verdicts at the driver's
// labels for the agent's own, named checks.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { agentRecordings, checkAgentRecording } from '../../tools/agent-recordings.js';
import { frameAt, readCast, replay } from './cast.js';
import { readLabels } from './recording-check.js';
import { bundledRules } from './screens.js';

/** What the suite returns: whether there are recordings, and the verdicts of one recording. */
export interface AgentSuite {
  found: boolean;
  /** The verdict at every driver label of `<version>/<scenario>`, as `state[:kind] rule "msg"`. */
  verdictsAtLabels(name: string): Promise<string[]>;
}

/** Registers "<app> rules on recorded sessions" for `fixtures/<folder>` and `rules/<ruleFile>`. */
export function describeAgentRecordings(app: string, folder: string, ruleFile: string): AgentSuite {
  const fixtures = fileURLToPath(new URL(`../../../fixtures/${folder}`, import.meta.url));
  const found = agentRecordings(fixtures);
  const rules = bundledRules(ruleFile);

  describe.skipIf(found.length === 0)(`${app} rules on recorded sessions`, () => {
    test.each(found)('%s agrees with its labels', async (_name, cast) => {
      const frames = await replay(readCast(cast));
      const labels = readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'));
      expect(checkAgentRecording(rules, frames, labels)).toEqual([]);
    });
  });

  return {
    found: found.length > 0,
    async verdictsAtLabels(name: string): Promise<string[]> {
      const cast = `${fixtures}/${name}.cast`;
      const frames = await replay(readCast(cast));
      return readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'))
        .filter((l) => l.source === 'driver' && l.state !== 'exit')
        .map((l) => {
          const frame = frameAt(frames, l.t);
          const c = rules.classify(frame?.lines ?? [], undefined, { width: frame?.cols, softWrapped: frame?.softWrapped });
          return `${c.state}${c.kind ? `:${c.kind}` : ''} ${c.rule ?? '-'}${c.msg === undefined ? '' : ` "${c.msg}"`}${c.interrupted ? ' interrupted' : ''}`;
        });
    },
  };
}
