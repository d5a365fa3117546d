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

// Issue 16: a pane narrower than Codex's status row cuts it short (`• Working (0s • esc to interr…` at 30
// columns, `• Working (0s • esc to …` at 24, `• Working (0s • esc…` at 20) and wraps the approval's question and footer onto two rows.
// Codex's own reports (native labels) say working and blocked there: the screen must say so too.
describe.skipIf(!suite.found)('codex 0.171.0 in a narrow pane', () => {
  test.each(['40x20', '30x16', '24x14', '20x12'])('a slow turn reads working, then done (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.171.0/slow-answer-${size}`)).toEqual(['idle prompt', 'working working-row', 'idle turn-done']);
  });

  test.each(['40x20', '30x16'])('an approval with its question and footer wrapped reads blocked with the command (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.171.0/shell-approve-${size}`)).toEqual([
      'idle prompt',
      'working working-row',
      'blocked:permission approve-command "approve shell: touch build.log"',
      expect.stringMatching(/^(working|blocked:permission) /u),
      'idle turn-done',
    ]);
  });
});
