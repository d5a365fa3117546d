// A real Qwen Code (from the npm registry) under the shim, in a real PTY, against the mock Chat Completions API
// (test/tools/mock-agents.mjs; OPENAI_BASE_URL at the mock, auth type `openai`, approval mode `default`):
// approve one shell command with Enter, deny another with Esc (Qwen ends the turn: the tool row turns to
// `- Shell …`), leave with /quit. Qwen Code 0.24.4 writes no OSC 7501, so every report in the stream is the
// shim's (ST-terminated, app=qwen-code), made from the screen with rules/qwen-code.toml.
//
// Qwen Code is installed on first use into $OSF7501_AGENT_CACHE/qwen-<version> (default: the OS temp folder);
// without a reachable npm registry the test is skipped with the reason.
import { describe, test } from 'vitest';
import { sleep, typeText } from '../tools/agent-e2e.js';
import {
  approveDenyExit,
  expectApproveThenDenyToIdle,
  startSession,
  type AgentScript,
} from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';

const VERSION = '0.24.4';
/** Start-up (up to a minute on a loaded machine) and two turns. */
const TEST_MS = 300_000;
const SCREEN_WAIT_MS = 120_000;

const INPUT = /^>[ \t]+Type your message\b/m;
const WORKING = /esc to cancel\)/;
const APPROVAL = /Allow execution of\b[^\n]*\?/;

const e2e = setUpAgentE2e('qwen', VERSION, 'Qwen Code');

const QWEN: AgentScript = {
  prompt: { screen: (s) => INPUT.test(s) && !WORKING.test(s), what: 'the prompt' },
  // Like Gemini CLI, the input shows before start-up ends; keys typed meanwhile may be lost.
  settle: () => sleep(3000),
  approval: APPROVAL,
  msgNamesCommand: true,
  keyPauseMs: 800,
  turnDone: { screen: (s) => /README\.md and package\.json\./.test(s) && INPUT.test(s) && !WORKING.test(s), what: 'the end of turn 1' },
  denied: { screen: (s) => !APPROVAL.test(s) && !WORKING.test(s) && INPUT.test(s) && /^[ \t]*- Shell npm test\b/m.test(s), what: 'the prompt after the denial' },
  exit: async (outer) => {
    await sleep(500);
    await typeText(outer, '/quit');
    await sleep(800);
    outer.write('\r');
  },
};

describe(`Qwen Code ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, deny another with Esc, /quit: the shim reports each step',
    async (ctx) => {
      const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS }), QWEN);
      // The denial ends the turn: idle (rule `denied`), not done.
      expectApproveThenDenyToIdle(run, 'qwen-code', [
        'blocked permission "approve shell: touch build.log"',
        'blocked permission "approve shell: npm test"',
      ], 'denied');
    },
    TEST_MS,
  );
});
