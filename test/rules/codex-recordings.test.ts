// rules/codex.toml against real Codex CLI recordings (fixtures/codex/<version>/), replayed through the real
// ShadowScreen and compared with the recording driver's labels and Codex's own OSC 7501 reports.
import { describe, expect, test } from 'vitest';
import { describeAgentRecordings } from './helpers/agent-suite.js';

const suite = describeAgentRecordings('codex', 'codex', 'codex.toml');

describe.skipIf(!suite.found)('codex 0.171.0: what each screen is called', () => {
  test.each(['80x24', '120x32'])('approve, done, deny, interrupted (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.171.0/approve-then-deny-${size}`)).toEqual([
      'idle prompt',
      'working working-row',
      'blocked:permission approve-command "approve shell: touch build.log"',
      expect.stringMatching(/^(working|blocked:permission) /u),
      'idle turn-done',
      'working working-row',
      'blocked:permission approve-command "approve shell: npm test"',
      'idle interrupted interrupted',
    ]);
  });
});
