// rules/kilo.toml against real Kilo Code recordings (fixtures/kilo-code/<version>/), replayed through the real
// ShadowScreen and compared with the recording driver's labels. Kilo writes no OSC 7501 of its own.
import { describe, expect, test } from 'vitest';
import { describeAgentRecordings } from './helpers/agent-suite.js';

const suite = describeAgentRecordings('kilo-code', 'kilo-code', 'kilo.toml');

describe.skipIf(!suite.found)('kilo code 7.7.7: what each screen is called', () => {
  test.each(['80x24', '120x32', '200x50'])('approve, done, deny with the reject-feedback dialog, interrupted (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`7.7.7/approve-then-deny-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:permission approve-shell "approve shell: touch build.log"',
      'working working-footer',
      'idle turn-done',
      'working working-footer',
      'blocked:permission approve-shell "approve shell: npm test"',
      'blocked:permission reject-feedback "reject: npm test"',
      'idle interrupted interrupted',
    ]);
  });

  test.each(['80x24', '120x32', '200x50'])('a slow answer is working until the turn-end row (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`7.7.7/slow-answer-${size}`)).toEqual(['idle prompt', 'working working-footer', 'idle turn-done']);
  });
});
