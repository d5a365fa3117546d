// A real Continue CLI (from the npm registry) under the shim, in a real PTY, with a local config
// (`--config ~/.continue/config.yaml`: provider `openai`, `apiBase` the mock Chat Completions API,
// test/tools/mock-agents.mjs): approve one shell command, deny another with Esc, leave with Ctrl+D. Continue
// writes no OSC 7501, so every report in the stream is the shim's (ST-terminated, app=continue), made from
// the screen with rules/continue.toml.
//
// Continue is installed on first use into $OSF7501_AGENT_CACHE/continue-<version> (default: the OS temp
// folder); without a reachable npm registry the test is skipped with the reason.
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

const VERSION = '1.5.47';
const TEST_MS = 300_000;
const SCREEN_WAIT_MS = 90_000;

const IDLE = /Ask anything, @ for context/;
const WORKING = /esc to interrupt \)/;
const APPROVAL = /Would you like to continue\?/;

const e2e = setUpAgentE2e('continue', VERSION, 'Continue CLI');

/** Keys typed while Continue still loads after its first screen go astray: wait until it stops burning CPU. */
async function waitForQuietContinue(project: string): Promise<void> {
  const cn = processesIn(project).find((p) => p.exe.startsWith('node'));
  if (cn === undefined) return; // no /proc: nothing to measure, type anyway
  await waitCpuQuiet(cn.pid, AGENTS.continue.quiet);
}

const CONTINUE: AgentScript = {
  prompt: { screen: (s) => IDLE.test(s) && !WORKING.test(s), what: 'the prompt' },
  settle: (session) => waitForQuietContinue(session.project),
  approval: APPROVAL,
  // The msg names the command as the agents' own reports do, `approve Bash: <command>`, checked below.
  msgNamesCommand: false,
  keyPauseMs: 800,
  turnDone: { screen: (s) => /README\.md and package\.json\./.test(s) && IDLE.test(s) && !WORKING.test(s), what: 'the end of turn 1' },
  denied: { screen: (s) => !APPROVAL.test(s) && !WORKING.test(s) && IDLE.test(s) && /Tool canceled/.test(s), what: 'the prompt after the denial' },
  exit: async (outer) => {
    await sleep(500);
    outer.write('\x04');
  },
};

describe(`Continue CLI ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, deny another with Esc, Ctrl+D: the shim reports each step',
    async (ctx) => {
      const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS }), CONTINUE);
      expectApproveThenDenyToIdle(run, 'continue', [
        'blocked permission "approve Bash: touch build.log"',
        'blocked permission "approve Bash: npm test"',
      ], 'interrupted');
    },
    TEST_MS,
  );
});
