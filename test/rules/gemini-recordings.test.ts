// rules/gemini.toml against real Gemini CLI recordings (fixtures/gemini-cli/<version>/), replayed through the
// real ShadowScreen and compared with the recording driver's labels. Gemini CLI writes no OSC 7501 of its own.
import { describe, expect, test } from 'vitest';
import { describeAgentRecordings } from './helpers/agent-suite.js';

const suite = describeAgentRecordings('gemini-cli', 'gemini-cli', 'gemini.toml');

describe.skipIf(!suite.found)('gemini-cli 0.61.0: what each screen is called', () => {
  test.each(['80x24', '120x32'])('approve, done, deny, interrupted (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.61.0/approve-then-deny-${size}`)).toEqual([
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
