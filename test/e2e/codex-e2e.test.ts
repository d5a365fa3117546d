// A real Codex CLI (from the npm registry) under the shim, in a real PTY, against the mock Responses API
// (test/tools/mock-agents.mjs): approve one shell command, deny another with Esc, /exit.
//
// Codex 0.171.0 writes OSC 7501 itself, unasked (ST-terminated, `app=codex`, blocked without a msg), so once
// it has spoken the shim stays silent for the record and the stream's reports are Codex's own. The shim's
// --log still shows what the screen rules made of every screen (`classification` entries), and the trust
// dialog, which Codex does not report, is reported by the shim from the screen alone.
//
// Codex is installed on first use into $OSF7501_AGENT_CACHE/codex-<version> (default: the OS temp folder);
// without a reachable npm registry the tests are skipped with the reason.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BIN } from './support/outer-terminal.js';
import { describeReports, extract, isSubsequence, readLog, sleep, ST, stReports, typeText, waitForReport } from '../tools/agent-e2e.js';
import { approveDenyExit, APPROVE_DENY_EXIT, exitAgent, startSession, stateKinds, type AgentScript } from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e } from '../tools/agent-e2e-setup.js';

const VERSION = '0.171.0';

const IDLE_FOOTER = /\? for shortcuts/;

const e2e = setUpAgentE2e('codex', VERSION, 'Codex');

const CODEX: AgentScript = {
  prompt: { screen: IDLE_FOOTER, what: 'the idle composer' },
  approval: /Would you like to run the following command\?/,
  // Codex's own blocked reports carry no msg; the shim completes each from the screen (spec/signals.md).
  msgNamesCommand: true,
  keyPauseMs: 300,
  turnDone: { screen: /Worked for (?:<)?\d/, what: 'the end of turn 1' },
  denied: { screen: /Conversation interrupted/, what: 'the interrupted notice' },
  exit: async (outer) => {
    await sleep(300);
    await typeText(outer, '/exit');
    await sleep(500);
    outer.write('\r');
  },
};

describe(`Codex CLI ${VERSION} under osf7501`, () => {
  test('approve a shell command, deny another with Esc, /exit: the reports follow the session', async (ctx) => {
    const { status, output, reports, log } = await approveDenyExit(startSession(e2e.ready(ctx)), CODEX);
    expect(status).toBe(0);

    const states = stateKinds(reports);
    expect(isSubsequence(states, APPROVE_DENY_EXIT), describeReports(reports).join(' → ')).toBe(true);
    // Nothing but idle between the denial and the exit: the turn was not reported done.
    const denied = states.lastIndexOf('blocked:permission');
    expect(states.slice(denied + 1, -1).every((s) => s === 'idle' || s === 'working'), states.join(' → ')).toBe(true);
    expect(states.slice(denied + 1).includes('done')).toBe(false);
    for (const report of reports.slice(0, -1)) expect(report.app).toBe('codex');
    expect(reports.at(-1)?.state).toBe('clear');
    for (const f of extract(output)) expect(f.tmuxDepth).toBe(0);

    // Codex spoke for itself; the screen rules still saw every dialog, with the command as msg.
    expect(log.some((e) => e.type === 'report' && e.source === 'native')).toBe(true);
    const seen = log
      .filter((e) => e.type === 'classification' && e.state === 'blocked')
      .map((e) => `${e.kind} ${e.rule} ${e.msg}`);
    expect(seen).toContain('permission approve-command approve shell: touch build.log');
    expect(seen).toContain('permission approve-command approve shell: npm test');
    expect(log.some((e) => e.type === 'classification' && e.rule === 'interrupted')).toBe(true);
  });

  test('the trust dialog (which Codex does not report) is reported by the shim from the screen', async (ctx) => {
    const session = startSession(e2e.ready(ctx), { options: { trusted: false } });
    const { outer, screen, logFile } = session;
    try {
      await screen.waitFor(/Trust this folder\?/, 'the trust dialog');
      const at = await waitForReport(outer, 0, { state: 'blocked', kind: 'permission', msg: 'trust this folder' }, 'blocked: trust');
      await sleep(500);
      outer.write('\r');
      await screen.waitFor(IDLE_FOOTER, 'the idle composer after the trust dialog');
      await waitForReport(outer, at + 1, { state: 'idle' }, 'idle after the trust dialog');
      const { status, output } = await exitAgent(session, CODEX);
      expect(status).toBe(0);
      const reports = stReports(output);
      // The shim's start-up idle may come first (the dialog paints a moment later); then the dialog.
      const states = describeReports(reports);
      expect(states.slice(0, 4).filter((s) => s !== 'idle')[0], states.join(' → ')).toBe('blocked permission "trust this folder"');
      for (const report of reports.slice(0, -1)) expect(report.app).toBe('codex');
      const blocked = readLog(logFile).find((e) => e.type === 'report' && e.state === 'blocked');
      expect(blocked?.source).toBe('screen');
      // Every report is ST-terminated (the shim's and Codex's own alike).
      for (const f of extract(output)) {
        const raw = Buffer.from(f.sequence).toString('latin1');
        if (f.parsed.type === 'report') expect(raw.endsWith(ST)).toBe(true);
      }
    } finally {
      session.remove();
    }
  });

  test("Codex's own blocked, completed from the screen: the inbox entry names what waits", async (ctx) => {
    const xdg = mkdtempSync(join(tmpdir(), 'osf-codex-inbox-'));
    const session = startSession(e2e.ready(ctx), { env: { XDG_RUNTIME_DIR: xdg } });
    const { outer, screen } = session;
    try {
      await screen.waitFor(IDLE_FOOTER, 'the idle composer');
      const start = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');
      await typeText(outer, 'make a build log');
      await sleep(300);
      outer.write('\r');
      await screen.waitFor(CODEX.approval, 'the approval for touch build.log');
      // Codex's own report (no msg), then the shim's completion of it (the same report with the msg).
      const own = await waitForReport(outer, start + 1, { state: 'blocked', kind: 'permission', app: 'codex' }, "Codex's own blocked");
      expect(stReports(outer.output())[own]?.msg).toBeUndefined();
      await waitForReport(outer, own + 1, { state: 'blocked', kind: 'permission', app: 'codex', msg: 'approve shell: touch build.log' }, 'the completed blocked');
      const listed = JSON.parse(execFileSync(process.execPath, [BIN, 'ls', '--json'], { env: { ...process.env, XDG_RUNTIME_DIR: xdg }, encoding: 'utf8' })) as Array<{
        state: string;
        kind?: string;
        msg?: string;
      }>;
      expect(listed.map((e) => `${e.state}:${e.kind} ${e.msg}`)).toContain('blocked:permission approve shell: touch build.log');
      await sleep(300);
      outer.write('\r');
      await screen.waitFor(CODEX.turnDone.screen, CODEX.turnDone.what);
      const { status } = await exitAgent(session, CODEX);
      expect(status).toBe(0);
    } finally {
      session.remove();
      rmSync(xdg, { recursive: true, force: true });
    }
  });
});
