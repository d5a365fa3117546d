// A real Gemini CLI (from the npm registry) under the shim, in a real PTY, against the mock Gemini API
// (test/tools/mock-agents.mjs): approve one shell command, deny another with Esc, leave with Ctrl+C twice.
// Gemini CLI writes no OSC 7501, so every report in the stream is the shim's (ST-terminated, app=gemini-cli),
// made from the screen with rules/gemini.toml.
//
// Gemini CLI is installed on first use into $OSF7501_AGENT_CACHE/gemini-<version> (default: the OS temp
// folder); without a reachable npm registry the tests are skipped with the reason.
import { describe, expect, test } from 'vitest';
import { describeReports, sleep } from '../tools/agent-e2e.js';
import { approveDenyExit, expectShimReportsOnly, startSession, type AgentScript } from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';

const VERSION = '0.61.0';

const IDLE = /Type your message/;
const WORKING = /esc to cancel/;

const e2e = setUpAgentE2e('gemini', VERSION, 'Gemini CLI');

const GEMINI: AgentScript = {
  prompt: { screen: (s) => IDLE.test(s) && !WORKING.test(s), what: 'the input box' },
  settle: () => sleep(3000), // the input box shows before start-up ends
  approval: /Allow execution of/,
  msgNamesCommand: true,
  keyPauseMs: 300,
  turnDone: { screen: /README\.md and package\.json\./, what: 'the answer after the approval' },
  denied: { screen: /Request cancelled/, what: 'the cancelled notice' },
  // Ctrl+C twice.
  exit: async (outer) => {
    await sleep(500);
    outer.write('\x03');
    await sleep(400);
    outer.write('\x03');
  },
};

describe(`Gemini CLI ${VERSION} under osf7501`, () => {
  test('approve a shell command, deny another with Esc, Ctrl+C twice: the shim reports each step', async (ctx) => {
    const run = await approveDenyExit(startSession(e2e.ready(ctx), { screenWaitMs: 60_000 }), GEMINI);
    expect(run.status).toBe(0);

    expect(describeReports(run.reports)).toEqual([
      'idle',
      'working',
      'blocked permission "approve shell: touch build.log"',
      'working',
      'done',
      'working',
      'blocked permission "approve shell: npm test"',
      'idle',
      'clear',
    ]);
    // Gemini CLI sends no OSC 7501 of its own: every sequence is the shim's, bare and ST-terminated.
    expectShimReportsOnly(run, 'gemini-cli');
  });
});
