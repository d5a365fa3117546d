// rules/copilot.toml against real GitHub Copilot CLI recordings (fixtures/copilot/<version>/), replayed through
// the real ShadowScreen and compared with the recording driver's labels. Copilot writes no OSC 7501 of its own.
import { describe, expect, test } from 'vitest';
import { describeAgentRecordings } from './helpers/agent-suite.js';

const suite = describeAgentRecordings('copilot', 'copilot', 'copilot.toml');

/** The two commands of the approve/deny scenarios: 97 characters each, wrapped over two rows at 80 columns. */
const BUILD = 'mkdir -p build/logs && touch build/logs/build.log && echo "build started" > build/logs/latest.txt';
const TEST = 'npm test -- --coverage --reporter=verbose --testTimeout=60000 && npm run lint -- --max-warnings=0';

describe.skipIf(!suite.found)('copilot 1.0.102: what each screen is called', () => {
  test.each(['80x24', '120x32', '200x50'])('approve, done, deny: the whole wrapped command in the msg (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`1.0.102/approve-then-deny-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      `blocked:permission approve-shell "approve shell: ${BUILD}"`,
      'working working-footer',
      'idle prompt',
      'working working-footer',
      `blocked:permission approve-shell "approve shell: ${TEST}"`,
      'idle interrupted interrupted',
    ]);
  });

  test.each(['80x24', '120x32'])('a new file, a question, Ctrl+C, a question in prose (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`1.0.102/write-approve-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:permission approve-create "approve create: notes.txt"',
      'working working-footer',
      'idle prompt',
    ]);
    expect(await suite.verdictsAtLabels(`1.0.102/question-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:question question "answer: Which database should the project use?"',
      'working working-footer',
      'idle prompt',
    ]);
    expect(await suite.verdictsAtLabels(`1.0.102/interrupt-${size}`)).toEqual(['idle prompt', 'working working-footer', 'idle interrupted interrupted']);
    // `Would you like me to add a regression test?` in the answer is not a dialog.
    expect(await suite.verdictsAtLabels(`1.0.102/prose-question-${size}`)).toEqual(['idle prompt', 'working working-footer', 'idle prompt']);
  });

  test.each(['80x24', '120x32'])('start-up screens and errors (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`1.0.102/trust-dialog-${size}`)).toEqual(['blocked:permission trust-folder "trust this folder"', 'idle prompt']);
    expect(await suite.verdictsAtLabels(`1.0.102/sign-in-${size}`)).toEqual(['blocked:auth sign-in "Please use /login to sign in to use Copilot"']);
    expect(await suite.verdictsAtLabels(`1.0.102/api-error-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'error error "400 The model mock-model does not accept this request (mock 400)."',
    ]);
    // The 401's message runs over three rows; the mock's port differs from run to run.
    const auth = (await suite.verdictsAtLabels(`1.0.102/auth-error-${size}`)).at(-1) ?? '';
    expect(auth).toMatch(/^error error "Authentication failed with provider at http:\/\/127\.0\.0\.1:\d+\/v1 \(HTTP 401\)\. Check your COPILOT_PROVIDER_API_KEY\b/u);
  });
});
