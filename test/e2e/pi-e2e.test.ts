// A real Pi (from the npm registry) under the shim, in a real PTY, against the mock Chat Completions API
// (test/tools/mock-agents.mjs, a custom provider in ~/.pi/agent/models.json). Pi asks no permission, so
// there is nothing to approve or deny: a turn whose shell command runs at once (working, then done, and the
// file is there), a long answer cut short with Esc (idle, not done), then Ctrl+D. Pi 0.73.1 writes no OSC
// 7501, so every report in the stream is the shim's (ST-terminated, app=pi), made from the screen with
// rules/pi.toml.
//
// Pi is installed on first use into $OSF7501_AGENT_CACHE/pi-<version> (default: the OS temp folder); without
// a reachable npm registry the test is skipped with the reason.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { describeReports, isSubsequence, readLog, sleep, stReports, typeText, waitForReport } from '../tools/agent-e2e.js';
import { expectShimReportsOnly, startSession, stateKinds, type AgentRun } from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';

const VERSION = '0.73.1';
const TEST_MS = 120_000;

/** The footer's context gauge, with no loader above the editor. */
const PROMPT = (s: string): boolean => /%\/\d+k \(auto\)/u.test(s) && !/Working\.\.\./u.test(s);

const e2e = setUpAgentE2e('pi', VERSION, 'Pi');

describe(`Pi ${VERSION} under osf7501`, () => {
  test(
    'a shell command runs without a dialog (working, done), Esc cuts a long answer short (idle), Ctrl+D: the shim reports each step',
    async (ctx) => {
      const session = startSession(e2e.ready(ctx));
      const { outer, screen } = session;
      const submit = async (prompt: string): Promise<void> => {
        await typeText(outer, prompt);
        await sleep(300);
        outer.write('\r');
      };
      let run: AgentRun;
      try {
        await screen.waitFor(PROMPT, 'the prompt');
        let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');

        // Turn 1: the model runs `touch build.log`; Pi runs it without asking.
        await submit('make a build log');
        at = await waitForReport(outer, at + 1, { state: 'working' }, 'working in turn 1');
        await screen.waitFor(/README\.md and package\.json\./u, 'the end of turn 1');
        at = await waitForReport(outer, at + 1, { state: 'done' }, 'done after turn 1');
        expect(existsSync(join(session.project, 'build.log'))).toBe(true);

        // Turn 2: a long streamed answer, Esc once it is under way: Operation aborted, idle.
        await sleep(500);
        await submit('write a long essay');
        at = await waitForReport(outer, at + 1, { state: 'working' }, 'working in turn 2');
        await screen.waitFor(/Point 5:/u, 'the long answer');
        outer.write('\x1b');
        await screen.waitFor(/Operation aborted/u, 'Operation aborted');
        await waitForReport(outer, at + 1, { state: 'idle' }, 'idle after Esc');

        await sleep(500);
        outer.write('\x04');
        const { status, output } = await outer.result();
        run = { status, output, reports: stReports(output), log: readLog(session.logFile) };
      } finally {
        session.remove();
      }

      expect(run.status).toBe(0);
      const states = stateKinds(run.reports);
      const seen = describeReports(run.reports).join(' → ');
      expect(isSubsequence(states, ['idle', 'working', 'done', 'working', 'idle', 'clear']), seen).toBe(true);
      // Esc ended turn 2: the shim says idle, never done, after its working.
      const second = states.lastIndexOf('working');
      expect(states.slice(second + 1), seen).toEqual(['idle', 'clear']);
      expect(states.includes('blocked:permission'), seen).toBe(false);
      expectShimReportsOnly(run, 'pi');
      expect(run.log.some((e) => e.type === 'classification' && e.rule === 'interrupted')).toBe(true);
    },
    TEST_MS,
  );
});
