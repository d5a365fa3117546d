// A real OpenCode (from the npm registry) under the shim, in a real PTY, against the mock Chat Completions API
// (test/harness/mock-agents.mjs, an OpenAI-compatible provider in opencode.json): approve one shell command,
// reject another with Esc, /exit. OpenCode writes no OSC 7501, so every report in the stream is the shim's
// (ST-terminated, app=opencode), made from the screen with rules/opencode.toml.
//
// OpenCode 1.18.33 keeps a core busy for ~20 CPU seconds after its prompt shows (its server compiles in a
// worker thread); keys typed meanwhile are echoed seconds late, so the test waits for the process to go quiet
// (AGENTS.opencode.quiet) before it types. Its first turn still takes a while to start.
//
// OpenCode is installed on first use into $OSF7501_AGENT_CACHE/opencode-<version> (default: the OS temp
// folder); without a reachable npm registry the test is skipped with the reason.
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import {
  describeReports,
  extract,
  isSubsequence,
  readLog,
  ScreenMirror,
  sleep,
  ST,
  stReports,
  typeText,
  waitForReport,
  withoutForeignEnv,
} from '../harness/agent-e2e.js';
import { setUpAgentE2e } from '../harness/agent-e2e-setup.js';
import { AGENTS, makeAgentSandbox, processesIn, waitCpuQuiet } from '../harness/agents.mjs';
import { OuterTerminal } from './support/outer-terminal.js';

const VERSION = '1.18.33';
const COLS = 100;
const ROWS = 30;
/** Start-up, the CPU-quiet wait and a slow first turn on a busy machine. */
const TEST_MS = 600_000;
const SCREEN_WAIT_MS = 180_000;

const IDLE = /ctrl\+p commands/;
const WORKING = /esc (?:again to )?interrupt/;
const APPROVAL = /△ Permission required/;
const TURN_DONE = /▣ +Build · Mock Model · (?:\d+m ?)?\d+(?:\.\d+)?m?s/;

const e2e = setUpAgentE2e('opencode', VERSION, 'OpenCode');

/** Waits until the OpenCode process in `project` has stopped burning CPU after its start. */
async function waitForQuietAgent(project: string): Promise<void> {
  const agent = processesIn(project).find((p) => p.exe.startsWith('opencode'));
  if (agent === undefined) return; // no /proc: nothing to measure, type anyway
  await waitCpuQuiet(agent.pid, AGENTS.opencode.quiet);
}

describe(`OpenCode ${VERSION} under osf7501`, () => {
  test(
    'approve a shell command, reject another with Esc, /exit: the shim reports each step',
    async (ctx) => {
      const { agent: opencode, mock } = e2e.ready(ctx);
      const sandbox = makeAgentSandbox('opencode', { mockUrl: mock.url });
      const logFile = join(sandbox.root, 'osf7501.log');
      // node_modules/.bin/opencode: the shim picks rules/opencode.toml by the command's name.
      const args = ['--log', logFile, opencode.bin, ...sandbox.args];
      const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env: sandbox.env }));
      const screen = new ScreenMirror(outer, ROWS, COLS, SCREEN_WAIT_MS);
      try {
        await screen.waitFor((s) => IDLE.test(s) && !WORKING.test(s), 'the prompt');
        let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');
        await waitForQuietAgent(sandbox.project);

        await typeText(outer, 'make a build log');
        await sleep(300);
        outer.write('\r');
        await screen.waitFor(APPROVAL, 'the approval for touch build.log');
        at = await waitForReport(
          outer,
          at + 1,
          { state: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log' },
          'blocked: approve shell: touch build.log',
        );
        await sleep(500);
        outer.write('\r');
        await screen.waitFor(TURN_DONE, 'the end of turn 1');
        at = await waitForReport(outer, at + 1, { state: 'done' }, 'done after turn 1');

        await sleep(500);
        await typeText(outer, 'run the tests');
        await sleep(300);
        outer.write('\r');
        await screen.waitFor(APPROVAL, 'the approval for npm test');
        at = await waitForReport(
          outer,
          at + 1,
          { state: 'blocked', kind: 'permission', msg: 'approve shell: npm test' },
          'blocked: approve shell: npm test',
        );
        await sleep(500);
        outer.write('\x1b');
        await screen.waitFor((s) => !APPROVAL.test(s) && !WORKING.test(s) && IDLE.test(s), 'the prompt after the rejection');
        await waitForReport(outer, at + 1, { state: 'idle' }, 'idle after the rejection');

        await sleep(500);
        await typeText(outer, '/exit');
        await sleep(800);
        outer.write('\r');
        const result = await outer.result();
        expect(result.status).toBe(0);

        const reports = stReports(result.output);
        const states = reports.map((r) => `${r.state}${r.kind ? `:${r.kind}` : ''}`);
        const seen = describeReports(reports).join(' → ');
        expect(
          isSubsequence(states, ['idle', 'working', 'blocked:permission', 'working', 'done', 'working', 'blocked:permission', 'idle', 'clear']),
          seen,
        ).toBe(true);
        // The blocked reports carry the command (the dialog's header, drawn before its `$ command` row, is
        // not reported on its own). After the rejection the spinner stays a moment (working), then idle: the
        // turn is not reported done.
        expect(describeReports(reports).filter((r) => r.startsWith('blocked'))).toEqual([
          'blocked permission "approve shell: touch build.log"',
          'blocked permission "approve shell: npm test"',
        ]);
        const denied = states.lastIndexOf('blocked:permission');
        expect(states.slice(denied + 1, -1).every((s) => s === 'idle' || s === 'working'), seen).toBe(true);
        expect(states.at(-2), seen).toBe('idle');
        for (const report of reports.slice(0, -1)) expect(report.app).toBe('opencode');
        expect(reports.at(-1)).toEqual({ state: 'clear' });
        // OpenCode sends no OSC 7501 of its own: every sequence is the shim's, bare and ST-terminated.
        for (const f of extract(result.output)) {
          expect(Buffer.from(f.sequence).toString('latin1').endsWith(ST)).toBe(true);
          expect(f.parsed.type).toBe('report');
          expect(f.tmuxDepth).toBe(0);
        }
        const log = readLog(logFile);
        const logged = log.filter((e) => e.type === 'report');
        expect(logged.map((e) => e.state)).toEqual(reports.map((r) => r.state));
        expect(logged.every((e) => e.source !== 'native')).toBe(true);
        expect(log.some((e) => e.type === 'classification' && e.rule === 'interrupted')).toBe(true);
      } finally {
        screen.dispose();
        outer.kill();
        sandbox.remove();
      }
    },
    TEST_MS,
  );
});
