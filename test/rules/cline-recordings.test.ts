// rules/cline.toml against real Cline recordings (fixtures/cline/<version>/), replayed through the real
// ShadowScreen and compared with the recording driver's labels. Cline 3.0.65 writes no OSC 7501 of its own.
import { describe, expect, test } from 'vitest';
import { describeAgentRecordings } from './helpers/agent-suite.js';

const suite = describeAgentRecordings('cline', 'cline', 'cline.toml');

describe.skipIf(!suite.found)('cline 3.0.65: what each screen is called', () => {
  test.each(['80x24', '120x32'])('approve, done, deny, done (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`3.0.65/approve-then-deny-${size}`)).toEqual([
      'idle prompt',
      'working working',
      'blocked:permission approve-command "approve run_commands: touch build.log"',
      'working streaming',
      'idle prompt',
      'working working',
      'blocked:permission approve-command "approve run_commands: npm test"',
      'working working',
      'idle prompt',
    ]);
  });

  test.each(['80x24', '120x32'])('a file write, a question, a prose question (%s)', async (size) => {
    const write = await suite.verdictsAtLabels(`3.0.65/write-approve-${size}`);
    expect(write[2]).toMatch(/^blocked:permission approve-tool "approve editor \/tmp\/osf7501-cline-\w+\/project\/notes\.txt"$/u);
    expect(await suite.verdictsAtLabels(`3.0.65/question-${size}`)).toEqual([
      'idle prompt',
      'working working',
      'blocked:question question "answer: Which database should the project use?"',
      'working working',
      'idle prompt',
    ]);
    expect(await suite.verdictsAtLabels(`3.0.65/prose-question-${size}`)).toEqual(['idle prompt', 'working working', 'idle prompt']);
  });

  test.each(['80x24', '120x32'])('API errors (%s)', async (size) => {
    expect((await suite.verdictsAtLabels(`3.0.65/api-error-${size}`)).at(-1)).toBe(
      'error error "Error: The model mock-model does not accept this request (mock 400)."',
    );
    // auth-error at 80x24 lost keys on a loaded machine (the prompt arrived cut short) and was not kept.
    if (size === '120x32') {
      expect((await suite.verdictsAtLabels(`3.0.65/auth-error-${size}`)).at(-1)).toBe('error error "Error: Incorrect API key provided (mock 401)."');
    }
  });
});
