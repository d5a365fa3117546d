// A real Factory Droid (from the npm registry) under the shim, in a real PTY, air-gapped
// (FACTORY_AIRGAP_ENABLED=true) with a custom model in ~/.factory/settings.json against the mock Chat
// Completions API (test/tools/mock-agents.mjs): approve one shell command, deny another with Esc, leave with
// Ctrl+C twice. Droid writes no OSC 7501, so every report in the stream is the shim's (ST-terminated,
// app=droid), made from the screen with rules/droid.toml.
//
// Droid is installed on first use into $OSF7501_AGENT_CACHE/droid-<version> (default: the OS temp folder);
// without a reachable npm registry the test is skipped with the reason.
import { describe, test } from 'vitest';
import { sleep } from '../tools/agent-e2e.js';
import {
  approveDenyExit,
  expectApproveThenDenyToIdle,
  startSession,
  type AgentScript,
} from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';
import { AGENTS, processesIn, waitCpuQuiet } from '../tools/agents.mjs';

const VERSION = '0.215.0';
/** Start-up and two turns on a busy machine. */
const TEST_MS = 300_000;
const SCREEN_WAIT_MS = 90_000;

const IDLE = /\? for help/;
const WORKING = /\(Press ESC to stop\)/;
const APPROVAL = /Command to approve · \w+ risk/;

const e2e = setUpAgentE2e('droid', VERSION, 'Factory Droid');

/** Keys typed while Droid still loads after its first screen are lost: wait until it stops burning CPU. */
async function waitForQuietDroid(project: string): Promise<void> {
  const droid = processesIn(project).find((p) => p.exe === 'droid');
  if (droid === undefined) return; // no /proc: nothing to measure, type anyway
  await waitCpuQuiet(droid.pid, AGENTS.droid.quiet);
}

const DROID: AgentScript = {
  prompt: { screen: (s) => IDLE.test(s) && !WORKING.test(s), what: 'the prompt' },
  settle: (session) => waitForQuietDroid(session.project),
  approval: APPROVAL,
  // The msg is `approve Execute: <command>` (Droid's tool name), checked below.
  msgNamesCommand: false,
  keyPauseMs: 800,
  turnDone: { screen: (s) => /README\.md and package\.json\./.test(s) && IDLE.test(s) && !WORKING.test(s), what: 'the end of turn 1' },
  denied: { screen: (s) => !APPROVAL.test(s) && !WORKING.test(s) && IDLE.test(s) && /⎿ Interrupted/.test(s), what: 'the prompt after the denial' },
  exit: async (outer) => {
    await sleep(500);
    outer.write('\x03');
    await sleep(800);
    outer.write('\x03');
  },
};

describe(`Factory Droid ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, deny another with Esc, Ctrl+C twice: the shim reports each step',
    async (ctx) => {
      const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS }), DROID);
      // The denial stops the turn: idle (rule `interrupted`), not done.
      expectApproveThenDenyToIdle(run, 'droid', [
        'blocked permission "approve Execute: touch build.log"',
        'blocked permission "approve Execute: npm test"',
      ], 'interrupted');
    },
    TEST_MS,
  );
});
