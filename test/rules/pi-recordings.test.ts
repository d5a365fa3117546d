// rules/pi.toml against real Pi recordings (fixtures/pi/<version>/), replayed through the real ShadowScreen and
// compared with the recording driver's labels. Pi 0.73.1 writes no OSC 7501 of its own and asks no permission.
import { describe, expect, test } from 'vitest';
import { describeAgentRecordings } from './helpers/agent-suite.js';

const suite = describeAgentRecordings('pi', 'pi', 'pi.toml');

describe.skipIf(!suite.found)('pi 0.73.1: what each screen is called', () => {
  test.each(['80x24', '120x32'])('a shell command and a write run without a dialog: prompt, loader, prompt (%s)', async (size) => {
    for (const scenario of ['shell-run', 'write-run', 'slow-answer', 'long-answer']) {
      expect(await suite.verdictsAtLabels(`0.73.1/${scenario}-${size}`), scenario).toEqual(['idle prompt', 'working loader', 'idle prompt']);
    }
  });

  test.each(['80x24', '120x32'])('a question in the answer is no dialog (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/prose-question-${size}`)).toEqual(['idle prompt', 'working loader', 'idle prompt']);
  });

  test.each(['80x24', '120x32'])('Esc mid-answer: Operation aborted, interrupted (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/interrupt-${size}`)).toEqual(['idle prompt', 'working loader', 'idle interrupted interrupted']);
  });

  test.each(['80x24', '120x32'])('API errors show their text (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/api-error-${size}`)).toEqual([
      'idle prompt',
      'working loader',
      'error error "Error: 400 The model mock-model does not accept this request (mock 400)."',
    ]);
    expect((await suite.verdictsAtLabels(`0.73.1/auth-error-${size}`)).at(-1)).toBe('error error "Error: 401 Incorrect API key provided (mock 401)."');
  });

  test.each(['80x24', '120x32'])('no model configured: blocked, log in (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/no-model-${size}`)).toEqual(['blocked:auth no-model-warning "Warning: No models available. Use /login to log into a provider via OAuth or API key. See:"']);
  });
});
