// A real Gemini CLI (from the npm registry) under the shim, in a real PTY, against the mock Gemini API
// (test/harness/mock-agents.mjs): approve one shell command, deny another with Esc, leave with Ctrl+C twice.
// Gemini CLI writes no OSC 7501, so every report in the stream is the shim's (ST-terminated, app=gemini-cli),
// made from the screen with rules/gemini.toml.
//
// Gemini CLI is installed on first use into $OSF7501_AGENT_CACHE/gemini-<version> (default: the OS temp
// folder); without a reachable npm registry the tests are skipped with the reason.
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import {
  describeReports,
  extract,
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
import { makeAgentSandbox } from '../harness/agents.mjs';
import { OuterTerminal } from './support/outer-terminal.js';

const VERSION = '0.61.0';
const COLS = 100;
const ROWS = 30;

const IDLE = /Type your message/;
const APPROVAL = /Allow execution of/;
const WORKING = /esc to cancel/;

const e2e = setUpAgentE2e('gemini', VERSION, 'Gemini CLI');

describe(`Gemini CLI ${VERSION} under osf7501`, () => {
  test('approve a shell command, deny another with Esc, Ctrl+C twice: the shim reports each step', async (ctx) => {
    const { agent: gemini, mock } = e2e.ready(ctx);
    const sandbox = makeAgentSandbox('gemini', { mockUrl: mock.url });
    const logFile = join(sandbox.root, 'osf7501.log');
    // node_modules/.bin/gemini: the shim picks rules/gemini.toml by the command's name.
    const args = ['--log', logFile, gemini.bin, ...sandbox.args];
    const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env: sandbox.env }));
    const screen = new ScreenMirror(outer, ROWS, COLS, 60_000);
    try {
      await screen.waitFor((s) => IDLE.test(s) && !WORKING.test(s), 'the input box');
      let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');
      await sleep(3000); // the input box shows before start-up ends

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
      await sleep(300);
      outer.write('\r');
      await screen.waitFor(/README\.md and package\.json\./, 'the answer after the approval');
      at = await waitForReport(outer, at + 1, { state: 'done' }, 'done after turn 1');

      await sleep(300);
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
      await sleep(300);
      outer.write('\x1b');
      await screen.waitFor(/Request cancelled/, 'the cancelled notice');
      at = await waitForReport(outer, at + 1, { state: 'idle' }, 'idle after the denial');

      await sleep(500);
      outer.write('\x03');
      await sleep(400);
      outer.write('\x03');
      const result = await outer.result();
      expect(result.status).toBe(0);

      const reports = stReports(result.output);
      expect(describeReports(reports)).toEqual([
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
      for (const report of reports.slice(0, -1)) expect(report.app).toBe('gemini-cli');
      expect(reports.at(-1)).toEqual({ state: 'clear' });
      // Gemini CLI sends no OSC 7501 of its own: every sequence is the shim's, bare and ST-terminated.
      for (const f of extract(result.output)) {
        expect(Buffer.from(f.sequence).toString('latin1').endsWith(ST)).toBe(true);
        expect(f.parsed.type).toBe('report');
        expect(f.tmuxDepth).toBe(0);
      }
      const logged = readLog(logFile).filter((e) => e.type === 'report');
      expect(logged.map((e) => e.state)).toEqual(reports.map((r) => r.state));
      expect(logged.every((e) => e.source !== 'native')).toBe(true);
    } finally {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    }
  });
});
