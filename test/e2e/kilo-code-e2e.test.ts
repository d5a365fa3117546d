// A real Kilo Code (@kilocode/cli from the npm registry) under the shim, in a real PTY, against the mock Chat
// Completions API (test/tools/mock-agents.mjs, an OpenAI-compatible provider in kilo.json): approve one shell
// command, reject another with Esc — Kilo then asks what to do instead (`△ Reject permission`), Enter sends no
// feedback — and /exit. Kilo writes no OSC 7501, so every report in the stream is the shim's (ST-terminated,
// app=kilo-code), made from the screen with rules/kilo.toml.
//
// Kilo (an OpenCode fork) keeps a core busy for a while after its prompt shows; the test waits for the process
// to go quiet (AGENTS.kilo.quiet) before it types. It is installed on first use into
// $OSF7501_AGENT_CACHE/kilo-<version> (default: the OS temp folder); without a reachable npm registry the test
// is skipped with the reason.
import { describe, test } from 'vitest';
import { sleep, typeText, waitForReport } from '../tools/agent-e2e.js';
import { approveDenyExit, expectApproveThenDenyToIdle, startSession, type AgentScript } from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';
import { AGENTS, processesIn, waitCpuQuiet } from '../tools/agents.mjs';

const VERSION = '7.7.7';
/** Start-up (its first screen took 60–150 s on the loaded 2-core machine), the CPU-quiet wait, a slow first turn. */
const TEST_MS = 900_000;
const SCREEN_WAIT_MS = 300_000;

const IDLE = /ctrl\+p commands/;
const WORKING = /esc (?:again to )?interrupt/;
const APPROVAL = /△ Permission required/;
const REJECT = /△ Reject permission/;

const e2e = setUpAgentE2e('kilo', VERSION, 'Kilo Code');

/** Waits until the Kilo process in `project` has stopped burning CPU after its start. */
async function waitForQuietAgent(project: string): Promise<void> {
  const agent = processesIn(project).find((p) => p.exe.startsWith('kilo') || p.exe.startsWith('.kilo'));
  if (agent === undefined) return; // no /proc: nothing to measure, type anyway
  await waitCpuQuiet(agent.pid, AGENTS.kilo.quiet);
}

const KILO: AgentScript = {
  prompt: { screen: (s) => IDLE.test(s) && !WORKING.test(s), what: 'the prompt' },
  settle: (session) => waitForQuietAgent(session.project),
  approval: APPROVAL,
  msgNamesCommand: true,
  keyPauseMs: 500,
  turnDone: { screen: /▣ +Code · Mock Model · (?:\d+m ?)?\d+(?:\.\d+)?m?s/, what: 'the end of turn 1' },
  /** Esc opened the reject-feedback dialog: reported blocked with the command, then Enter rejects with no feedback. */
  afterDeny: async ({ outer, screen }) => {
    await screen.waitFor(REJECT, 'the reject-feedback dialog');
    await waitForReport(outer, 0, { state: 'blocked', kind: 'permission', msg: 'reject: npm test' }, 'blocked: reject: npm test');
    await sleep(500);
    outer.write('\r');
  },
  denied: { screen: (s) => !APPROVAL.test(s) && !REJECT.test(s) && !WORKING.test(s) && IDLE.test(s), what: 'the prompt after the rejection' },
  exit: async (outer) => {
    await sleep(500);
    await typeText(outer, '/exit');
    await sleep(800);
    outer.write('\r');
  },
};

describe(`Kilo Code ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, reject another with Esc and Enter, /exit: the shim reports each step',
    async (ctx) => {
      const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS }), KILO);
      // The blocked reports carry the command; the reject-feedback dialog is a new blocked report (its message
      // changed). After the rejection the spinner stays a moment (working), then idle: the turn is not done.
      expectApproveThenDenyToIdle(
        run,
        'kilo-code',
        ['blocked permission "approve shell: touch build.log"', 'blocked permission "approve shell: npm test"', 'blocked permission "reject: npm test"'],
        'interrupted',
      );
    },
    TEST_MS,
  );
});
