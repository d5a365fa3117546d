// A real Grok CLI (from the npm registry) under the shim, in a real PTY, against the mock Chat Completions API
// (test/tools/mock-agents.mjs, through GROK_BASE_URL / GROK_API_KEY / GROK_MODEL): approve one shell command,
// deny another with Esc, leave with Ctrl+C twice. Grok writes no OSC 7501, so every report in the stream is the
// shim's (ST-terminated, app=grok-cli), made from the screen with rules/grok-cli.toml.
//
// Grok is installed on first use into $OSF7501_AGENT_CACHE/grok-<version> (default: the OS temp folder);
// without a reachable npm registry the test is skipped with the reason.
import { describe, test } from 'vitest';
import { sleep } from '../tools/agent-e2e.js';
import { approveDenyExit, expectApproveThenDenyToIdle, startSession, type AgentScript } from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';

const VERSION = '0.0.34';
/** Start-up and two turns on a busy machine. */
const TEST_MS = 240_000;
const SCREEN_WAIT_MS = 60_000;

const IDLE = /[⏸▶] auto-edit: (?:on|off)/;
const WORKING = /esc to interrupt\)/;
const APPROVAL = /Do you want to proceed with this operation\?[\s\S]*Esc cancel/;

const e2e = setUpAgentE2e('grok', VERSION, 'Grok CLI');

const GROK: AgentScript = {
  prompt: { screen: (s) => IDLE.test(s) && !WORKING.test(s), what: 'the prompt' },
  approval: APPROVAL,
  // The msg is `approve bash: <command>` (Grok's tool name), checked below.
  msgNamesCommand: false,
  keyPauseMs: 800,
  turnDone: { screen: (s) => /README\.md and package\.json\./.test(s) && IDLE.test(s) && !WORKING.test(s), what: 'the end of turn 1' },
  denied: {
    screen: (s) => !APPROVAL.test(s) && !WORKING.test(s) && IDLE.test(s) && /Operation cancelled by user/.test(s),
    what: 'the prompt after the denial',
  },
  exit: async (outer) => {
    await sleep(500);
    outer.write('\x03');
    await sleep(800);
    outer.write('\x03');
  },
};

describe(`Grok CLI ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, deny another with Esc, Ctrl+C twice: the shim reports each step',
    async (ctx) => {
      const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS }), GROK);
      // The denial stops the turn: idle (rule `interrupted`), not done.
      expectApproveThenDenyToIdle(run, 'grok-cli', ['blocked permission "approve bash: touch build.log"', 'blocked permission "approve bash: npm test"'], 'interrupted');
    },
    TEST_MS,
  );
});
