// A real Cline CLI (from the npm registry) under the shim, in a real PTY, against the mock Chat Completions API
// (test/tools/mock-agents.mjs; sandbox mode, the openai-compatible provider in providers.json, --auto-approve
// false): approve one run_commands call with Enter, deny another with Esc, leave with /quit. A denied tool does
// not end Cline's turn: the refusal goes back to the model, which answers, so the second turn ends done too.
// Cline 3.0.65 writes no OSC 7501, so every report in the stream is the shim's (ST-terminated, app=cline), made
// from the screen with rules/cline.toml.
//
// Cline is installed on first use into $OSF7501_AGENT_CACHE/cline-<version> (default: the OS temp folder);
// without a reachable npm registry the test is skipped with the reason.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { describeReports, isSubsequence, readLog, sleep, stReports, typeText, waitForReport } from '../tools/agent-e2e.js';
import { expectShimReportsOnly, startSession, stateKinds, type AgentRun } from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';

const VERSION = '3.0.65';
/** Start-up (~20 s on a loaded machine) and two turns. */
const TEST_MS = 300_000;
const SCREEN_WAIT_MS = 120_000;

const PROMPT_ROW = /❯ (?:Ask anything|What can I do for you)/u;
const WORKING = /\(esc to cancel\)/u;
const APPROVAL = /\[y\] Approve +\[n\] Deny/u;
/** The last block above the composer still starts with a spinner frame: an answer or a tool still running. */
const SPINNER_BLOCK = /^ ?[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \S/mu;
const AT_REST = (s: string): boolean => PROMPT_ROW.test(s) && !WORKING.test(s) && !APPROVAL.test(s) && !SPINNER_BLOCK.test(s);

const e2e = setUpAgentE2e('cline', VERSION, 'Cline');

describe(`Cline ${VERSION} under osf7501`, () => {
  test(
    'approve run_commands with Enter, deny another with Esc (the model answers the refusal), /quit: the shim reports each step',
    async (ctx) => {
      const session = startSession(e2e.ready(ctx), { screenWaitMs: SCREEN_WAIT_MS });
      const { outer, screen } = session;
      const submit = async (prompt: string): Promise<void> => {
        await typeText(outer, prompt);
        await sleep(300);
        outer.write('\r');
      };
      let run: AgentRun;
      try {
        await screen.waitFor(AT_REST, 'the prompt');
        let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');
        await sleep(1500);

        // Turn 1: `touch build.log`, approved with Enter; the file is made and the turn ends.
        await submit('make a build log');
        await screen.waitFor(APPROVAL, 'the approval for touch build.log');
        at = await waitForReport(outer, at + 1, { state: 'blocked', kind: 'permission', msg: 'approve run_commands: touch build.log' }, 'blocked: touch build.log');
        await sleep(800);
        outer.write('\r');
        await screen.waitFor((s) => /README\.md and package\.json\./u.test(s) && AT_REST(s), 'the end of turn 1');
        at = await waitForReport(outer, at + 1, { state: 'done' }, 'done after turn 1');
        expect(existsSync(join(session.project, 'build.log'))).toBe(true);

        // Turn 2: `npm test`, denied with Esc; the model answers the refusal and the turn ends.
        await sleep(800);
        await submit('run the tests');
        await screen.waitFor(APPROVAL, 'the approval for npm test');
        at = await waitForReport(outer, at + 1, { state: 'blocked', kind: 'permission', msg: 'approve run_commands: npm test' }, 'blocked: npm test');
        await sleep(800);
        outer.write('\x1b');
        await screen.waitFor((s) => /I will not run the tests\./u.test(s) && AT_REST(s), 'the answer to the refusal');
        await waitForReport(outer, at + 1, { state: 'done' }, 'done after turn 2');

        await sleep(800);
        await typeText(outer, '/quit');
        await sleep(800);
        outer.write('\r');
        const { status, output } = await outer.result();
        run = { status, output, reports: stReports(output), log: readLog(session.logFile) };
      } finally {
        session.remove();
      }

      expect(run.status).toBe(0);
      const states = stateKinds(run.reports);
      const seen = describeReports(run.reports).join(' → ');
      expect(isSubsequence(states, ['idle', 'working', 'blocked:permission', 'working', 'done', 'working', 'blocked:permission', 'working', 'done', 'clear']), seen).toBe(true);
      expect(describeReports(run.reports).filter((r) => r.startsWith('blocked'))).toEqual([
        'blocked permission "approve run_commands: touch build.log"',
        'blocked permission "approve run_commands: npm test"',
      ]);
      expect(states.includes('error'), seen).toBe(false);
      expectShimReportsOnly(run, 'cline');
    },
    TEST_MS,
  );
});
