// A real GitHub Copilot CLI (from the npm registry) under the shim, in a real PTY, in bring-your-own-key mode
// against the mock Chat Completions API (test/tools/mock-agents.mjs; COPILOT_PROVIDER_BASE_URL): approve one
// shell command, deny another with Esc, leave with Ctrl+C twice. Copilot writes no OSC 7501, so every report in
// the stream is the shim's (ST-terminated, app=copilot), made from the screen with rules/copilot.toml.
//
// Copilot is installed on first use into $OSF7501_AGENT_CACHE/copilot-<version> (default: the OS temp folder)
// and unpacks its package into $OSF7501_COPILOT_CACHE on first run; without a reachable npm registry the test
// is skipped with the reason.
import { describe, test } from 'vitest';
import { sleep } from '../tools/agent-e2e.js';
import {
  approveDenyExit,
  expectApproveThenDenyToIdle,
  startSession,
  type AgentScript,
} from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';

const VERSION = '1.0.102';
/** Start-up (the first run unpacks the package) and two turns on a busy machine. */
const TEST_MS = 300_000;
const SCREEN_WAIT_MS = 90_000;

const IDLE = /Interactive · /;
const WORKING = /^ \S (?:Working|Cancelling)\b/m;
const APPROVAL = /Do you want to run this command\?/;

const e2e = setUpAgentE2e('copilot', VERSION, 'GitHub Copilot CLI');

const COPILOT: AgentScript = {
  prompt: { screen: (s) => IDLE.test(s) && !WORKING.test(s), what: 'the prompt' },
  approval: APPROVAL,
  msgNamesCommand: true,
  keyPauseMs: 800,
  turnDone: { screen: (s) => /README\.md and package\.json\./.test(s) && IDLE.test(s) && !WORKING.test(s), what: 'the end of turn 1' },
  // The denied tool's entry says `Operation aborted by user`; `● Operation cancelled by user` may follow it.
  denied: {
    screen: (s) => !APPROVAL.test(s) && !WORKING.test(s) && IDLE.test(s) && /Operation (?:aborted|cancelled) by user/.test(s),
    what: 'the prompt after the denial',
  },
  exit: async (outer) => {
    await sleep(500);
    outer.write('\x03');
    await sleep(800);
    outer.write('\x03');
  },
};

describe(`GitHub Copilot CLI ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, deny another with Esc, Ctrl+C twice: the shim reports each step',
    async (ctx) => {
      const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS }), COPILOT);
      // The denial stops the turn: idle (rule `interrupted`), not done.
      expectApproveThenDenyToIdle(run, 'copilot', [
        'blocked permission "approve shell: touch build.log"',
        'blocked permission "approve shell: npm test"',
      ], 'interrupted');
    },
    TEST_MS,
  );
});
