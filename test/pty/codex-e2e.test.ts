// A real Codex CLI (from the npm registry) under the shim, in a real PTY, against the mock Responses API
// (test/harness/mock-agents.mjs): approve one shell command, deny another with Esc, /exit.
//
// Codex 0.171.0 writes OSC 7501 itself, unasked (ST-terminated, `app=codex`, blocked without a msg), so once
// it has spoken the shim stays silent for the record and the stream's reports are Codex's own. The shim's
// --log still shows what the screen rules made of every screen (`classification` entries), and the trust
// dialog, which Codex does not report, is reported by the shim from the screen alone.
//
// Codex is installed on first use into $OSF7501_AGENT_CACHE/codex-<version> (default: the OS temp folder);
// without a reachable npm registry the tests are skipped with the reason.
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
import { makeAgentSandbox } from '../harness/agents.mjs';
import { OuterTerminal } from './support/outer-terminal.js';

const VERSION = '0.171.0';
const COLS = 100;
const ROWS = 30;

const IDLE_FOOTER = /\? for shortcuts/;
const APPROVAL = /Would you like to run the following command\?/;
const TURN_DONE = /Worked for (?:<)?\d/;

const e2e = setUpAgentE2e('codex', VERSION, 'Codex');

function start(options: Record<string, unknown> = {}): { outer: OuterTerminal; screen: ScreenMirror; logFile: string; remove(): void } {
  const { agent: codex, mock } = e2e.ready();
  const sandbox = makeAgentSandbox('codex', { mockUrl: mock.url, options });
  const logFile = join(sandbox.root, 'osf7501.log');
  // node_modules/.bin/codex: the shim picks rules/codex.toml by the command's name.
  const args = ['--log', logFile, codex.bin, ...sandbox.args];
  const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env: sandbox.env }));
  const screen = new ScreenMirror(outer, ROWS, COLS);
  return {
    outer,
    screen,
    logFile,
    remove: () => {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    },
  };
}

async function exitCodex(outer: OuterTerminal): Promise<number> {
  await sleep(300);
  await typeText(outer, '/exit');
  await sleep(500);
  outer.write('\r');
  return (await outer.result()).status;
}

describe(`Codex CLI ${VERSION} under osf7501`, () => {
  test('approve a shell command, deny another with Esc, /exit: the reports follow the session', async (ctx) => {
    e2e.ready(ctx);
    const { outer, screen, logFile, remove } = start();
    try {
      await screen.waitFor(IDLE_FOOTER, 'the idle composer');
      let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');

      await typeText(outer, 'make a build log');
      // A pause before Enter, as the other agents' tests make: once in CI the prompt stayed unsent in the
      // composer (keys arriving bunched on a loaded machine and read as a paste is the likely cause).
      await sleep(300);
      outer.write('\r');
      await screen.waitFor(APPROVAL, 'the approval for touch build.log');
      at = await waitForReport(outer, at + 1, { state: 'blocked', kind: 'permission' }, 'blocked: touch build.log');
      await sleep(300);
      outer.write('\r');
      await screen.waitFor(TURN_DONE, 'the end of turn 1');
      at = await waitForReport(outer, at + 1, { state: 'done' }, 'done after turn 1');

      await sleep(300);
      await typeText(outer, 'run the tests');
      // A pause before Enter, as the other agents' tests make: once in CI the prompt stayed unsent in the
      // composer (keys arriving bunched on a loaded machine and read as a paste is the likely cause).
      await sleep(300);
      outer.write('\r');
      await screen.waitFor(APPROVAL, 'the approval for npm test');
      at = await waitForReport(outer, at + 1, { state: 'blocked', kind: 'permission' }, 'blocked: npm test');
      await sleep(300);
      outer.write('\x1b');
      await screen.waitFor(/Conversation interrupted/, 'the interrupted notice');
      await waitForReport(outer, at + 1, { state: 'idle' }, 'idle after the denial');

      const output = (await (async () => {
        const status = await exitCodex(outer);
        expect(status).toBe(0);
        return outer.output();
      })()) as Buffer;

      const reports = stReports(output);
      const states = reports.map((r) => `${r.state}${r.kind ? `:${r.kind}` : ''}`);
      expect(
        isSubsequence(states, ['idle', 'working', 'blocked:permission', 'working', 'done', 'working', 'blocked:permission', 'idle', 'clear']),
        describeReports(reports).join(' → '),
      ).toBe(true);
      // Nothing but idle between the denial and the exit: the turn was not reported done.
      const denied = states.lastIndexOf('blocked:permission');
      expect(states.slice(denied + 1, -1).every((s) => s === 'idle' || s === 'working'), states.join(' → ')).toBe(true);
      expect(states.slice(denied + 1).includes('done')).toBe(false);
      for (const report of reports.slice(0, -1)) expect(report.app).toBe('codex');
      expect(reports.at(-1)?.state).toBe('clear');
      for (const f of extract(output)) expect(f.tmuxDepth).toBe(0);

      // Codex spoke for itself; the screen rules still saw every dialog, with the command as msg.
      const log = readLog(logFile);
      expect(log.some((e) => e.type === 'report' && e.source === 'native')).toBe(true);
      const seen = log
        .filter((e) => e.type === 'classification' && e.state === 'blocked')
        .map((e) => `${e.kind} ${e.rule} ${e.msg}`);
      expect(seen).toContain('permission approve-command approve shell: touch build.log');
      expect(seen).toContain('permission approve-command approve shell: npm test');
      expect(log.some((e) => e.type === 'classification' && e.rule === 'interrupted')).toBe(true);
    } finally {
      remove();
    }
  });

  test('the trust dialog (which Codex does not report) is reported by the shim from the screen', async (ctx) => {
    e2e.ready(ctx);
    const { outer, screen, logFile, remove } = start({ trusted: false });
    try {
      await screen.waitFor(/Trust this folder\?/, 'the trust dialog');
      const at = await waitForReport(outer, 0, { state: 'blocked', kind: 'permission', msg: 'trust this folder' }, 'blocked: trust');
      await sleep(500);
      outer.write('\r');
      await screen.waitFor(IDLE_FOOTER, 'the idle composer after the trust dialog');
      await waitForReport(outer, at + 1, { state: 'idle' }, 'idle after the trust dialog');
      expect(await exitCodex(outer)).toBe(0);
      const reports = stReports(outer.output());
      // The shim's start-up idle may come first (the dialog paints a moment later); then the dialog.
      const states = describeReports(reports);
      expect(states.slice(0, 4).filter((s) => s !== 'idle')[0], states.join(' → ')).toBe('blocked permission "trust this folder"');
      for (const report of reports.slice(0, -1)) expect(report.app).toBe('codex');
      const blocked = readLog(logFile).find((e) => e.type === 'report' && e.state === 'blocked');
      expect(blocked?.source).toBe('screen');
      // Every report is ST-terminated (the shim's and Codex's own alike).
      for (const f of extract(outer.output())) {
        const raw = Buffer.from(f.sequence).toString('latin1');
        if (f.parsed.type === 'report') expect(raw.endsWith(ST)).toBe(true);
      }
    } finally {
      remove();
    }
  });
});
