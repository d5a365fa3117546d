// rules/opencode.toml against real OpenCode recordings (fixtures/opencode/<version>/), replayed through the real
// ShadowScreen and compared with the recording driver's labels. OpenCode writes no OSC 7501 of its own.
import { describe, expect, test } from 'vitest';
import { describeAgentRecordings } from './helpers/agent-suite.js';

const suite = describeAgentRecordings('opencode', 'opencode', 'opencode.toml');

describe.skipIf(!suite.found)('opencode 1.18.33: what each screen is called', () => {
  test.each(['80x24', '120x32'])('approve, done, deny, interrupted (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`1.18.33/approve-then-deny-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:permission approve-shell "approve shell: touch build.log"',
      'working working-footer',
      'idle turn-done',
      'working working-footer',
      'blocked:permission approve-shell "approve shell: npm test"',
      'idle interrupted interrupted',
    ]);
  });
});

describe.skipIf(!suite.found)('opencode 1.18.33: errors, edits, questions, interruptions', () => {
  test.each(['80x24', '120x32'])('an API error shows its text (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`1.18.33/api-error-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'error error "The model mock-model does not accept this request (mock 400)."',
    ]);
    expect((await suite.verdictsAtLabels(`1.18.33/auth-error-${size}`)).at(-1)).toBe('error error "Incorrect API key provided (mock 401)."');
  });

  test.each(['80x24', '120x32'])('write, question, Esc Esc (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`1.18.33/write-approve-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:permission approve-edit "approve edit: notes.txt"',
      'working working-footer',
      'idle turn-done',
    ]);
    expect(await suite.verdictsAtLabels(`1.18.33/question-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:question question "answer: Which database should the project use?"',
      'working working-footer',
      'idle turn-done',
    ]);
    expect(await suite.verdictsAtLabels(`1.18.33/interrupt-${size}`)).toEqual(['idle prompt', 'working working-footer', 'idle interrupted interrupted']);
    // A question in the answer's prose is not a dialog.
    expect(await suite.verdictsAtLabels(`1.18.33/prose-question-${size}`)).toEqual(['idle prompt', 'working working-footer', 'idle turn-done']);
  });
});
