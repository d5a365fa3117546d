// rules/gemini.toml against real Codex CLI recordings (fixtures/gemini-cli/<version>/), replayed through the real
// ShadowScreen and compared with the recording driver's labels and Codex's own OSC 7501 reports.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { agentRecordings, checkAgentRecording } from '../harness/agent-recordings.js';
import { frameAt, readCast, replay } from './helpers/cast.js';
import { readLabels } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/gemini-cli', import.meta.url));
const found = agentRecordings(FIXTURES);
const gemini = bundledRules('gemini.toml');

describe.skipIf(found.length === 0)('gemini-cli rules on recorded sessions', () => {
  test.each(found)('%s agrees with its labels', async (_name, cast) => {
    const frames = await replay(readCast(cast));
    const labels = readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'));
    expect(checkAgentRecording(gemini, frames, labels)).toEqual([]);
  });
});

/** The verdict at every driver label of one recording, as `state[:kind] rule "msg"`. */
async function verdictsAtLabels(name: string): Promise<string[]> {
  const cast = `${FIXTURES}/${name}.cast`;
  const frames = await replay(readCast(cast));
  return readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'))
    .filter((l) => l.source === 'driver' && l.state !== 'exit')
    .map((l) => {
      const c = gemini.classify(frameAt(frames, l.t)?.lines ?? []);
      return `${c.state}${c.kind ? `:${c.kind}` : ''} ${c.rule ?? '-'}${c.msg === undefined ? '' : ` "${c.msg}"`}${c.interrupted ? ' interrupted' : ''}`;
    });
}

describe.skipIf(found.length === 0)('gemini-cli 0.61.0: what each screen is called', () => {
  test.each(['80x24', '120x32'])('approve, done, deny, interrupted (%s)', async (size) => {
    expect(await verdictsAtLabels(`0.61.0/approve-then-deny-${size}`)).toEqual([
      'idle prompt',
      'working spinner',
      'blocked:permission approve-shell "approve shell: touch build.log"',
      expect.stringMatching(/^(working|blocked:permission) /u),
      'idle prompt',
      'working spinner',
      'blocked:permission approve-shell "approve shell: npm test"',
      'idle interrupted interrupted',
    ]);
  });
});
