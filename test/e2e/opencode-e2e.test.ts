// A real OpenCode (from the npm registry) under the shim, in a real PTY, against the mock Chat Completions API
// (test/tools/mock-agents.mjs, an OpenAI-compatible provider in opencode.json): approve one shell command,
// reject another with Esc, /exit. OpenCode writes no OSC 7501, so every report in the stream is the shim's
// (ST-terminated, app=opencode), made from the screen with rules/opencode.toml.
//
// OpenCode 1.18.33 keeps a core busy for ~20 CPU seconds after its prompt shows (its server compiles in a
// worker thread); keys typed meanwhile are echoed seconds late, so the test waits for the process to go quiet
// (AGENTS.opencode.quiet) before it types. Its first turn still takes a while to start.
//
// OpenCode is installed on first use into $OSF7501_AGENT_CACHE/opencode-<version> (default: the OS temp
// folder); without a reachable npm registry the test is skipped with the reason.
import { describe, test } from 'vitest';
import { sleep, typeText } from '../tools/agent-e2e.js';
import {
  approveDenyExit,
  expectApproveThenDenyToIdle,
  startSession,
  type AgentScript,
} from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';
import { AGENTS, processesIn, waitCpuQuiet } from '../tools/agents.mjs';

const VERSION = '1.18.33';
/** Start-up, the CPU-quiet wait and a slow first turn on a busy machine. */
const TEST_MS = 600_000;
const SCREEN_WAIT_MS = 180_000;

const IDLE = /ctrl\+p commands/;
const WORKING = /esc (?:again to )?interrupt/;
const APPROVAL = /△ Permission required/;

const e2e = setUpAgentE2e('opencode', VERSION, 'OpenCode');

/** Waits until the OpenCode process in `project` has stopped burning CPU after its start. */
async function waitForQuietAgent(project: string): Promise<void> {
  const agent = processesIn(project).find((p) => p.exe.startsWith('opencode'));
  if (agent === undefined) return; // no /proc: nothing to measure, type anyway
  await waitCpuQuiet(agent.pid, AGENTS.opencode.quiet);
}

const OPENCODE: AgentScript = {
  prompt: { screen: (s) => IDLE.test(s) && !WORKING.test(s), what: 'the prompt' },
  settle: (session) => waitForQuietAgent(session.project),
  approval: APPROVAL,
  msgNamesCommand: true,
  keyPauseMs: 500,
  turnDone: { screen: /▣ +Build · Mock Model · (?:\d+m ?)?\d+(?:\.\d+)?m?s/, what: 'the end of turn 1' },
  denied: { screen: (s) => !APPROVAL.test(s) && !WORKING.test(s) && IDLE.test(s), what: 'the prompt after the rejection' },
  exit: async (outer) => {
    await sleep(500);
    await typeText(outer, '/exit');
    await sleep(800);
    outer.write('\r');
  },
};

describe(`OpenCode ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, reject another with Esc, /exit: the shim reports each step',
    async (ctx) => {
      const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS }), OPENCODE);
      // The blocked reports carry the command (the dialog's header, drawn before its `$ command` row, is
      // not reported on its own). After the rejection the spinner stays a moment (working), then idle: the
      // turn is not reported done.
      // OpenCode sends no OSC 7501 of its own: every sequence is the shim's, bare and ST-terminated.
      expectApproveThenDenyToIdle(run, 'opencode', [
        'blocked permission "approve shell: touch build.log"',
        'blocked permission "approve shell: npm test"',
      ], 'interrupted');
    },
    TEST_MS,
  );
});
