// A turn that fails, then the next one: a real Codex CLI (from the npm registry) under the shim, in a real PTY, against
// the mock Responses API (test/tools/mock-agents.mjs, turns in test/tools/agent-turns.mjs). `trigger a usage limit`
// gets the ChatGPT backend's 429 usage_limit_reached (resets in 2 h 15 min): Codex reports `error` itself, without a
// msg, and draws `■ You’ve hit your usage limit. … try again at <date> <time>.`; the shim completes Codex's report
// with `usage limit · resets <date> <time>` (spec/signals.md, "Completing the agent's own report"). The error stays
// the record's state until the user types again; the next prompt (`say hello`) is answered: working, then done, and
// no error after it.
//
// Codex clears its own error at the user's first key (its own `idle`); a Claude Code that does not report for itself
// (2.1.150) leaves it to the shim: against the mock Anthropic API (test/tools/scenarios.mjs: usage-limit-error,
// prose-question), `spend the whole quota` gets a 429 from the unified rate limiter (retries off), the screen's
// `API Error: Request rejected (429) · …` reads error with that text (and StopFailure says so too), and it stays the
// record's state while the user types; the next prompt (`explain the bug fix`) reads working, then done.
//
// The agents are installed on first use ($OSF7501_AGENT_CACHE); without a reachable npm registry a test is skipped
// with the reason.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { describeReports, readLog, ScreenMirror, sleep, stReports, typeText, waitForReport, withoutForeignEnv } from '../tools/agent-e2e.js';
import { exitAgent, startSession, type AgentScript } from '../tools/agent-e2e-drive.js';
import { setUpAgentE2e, setUpClaudeE2e } from '../tools/agent-e2e-setup.js';
import { claudeEnv, makeSandbox } from '../tools/claude-env.mjs';
import { OuterTerminal } from './support/outer-terminal.js';

const VERSION = '0.171.0';
const IDLE_FOOTER = /\? for shortcuts/;
const e2e = setUpAgentE2e('codex', VERSION, 'Codex');

const exit: AgentScript['exit'] = async (outer) => {
  await sleep(300);
  await typeText(outer as never, '/exit');
  await sleep(500);
  outer.write('\r');
};

/** `usage limit · resets 4:05 AM` (`Dec 8th, 2026 1:05 AM` on another day): the reset time Codex draws, as the codex rules read it. */
const USAGE_LIMIT = /^usage limit · resets (?:\w{3} \d{1,2}(?:st|nd|rd|th), \d{4} )?\d{1,2}:\d\d [AP]M$/u;

describe(`Codex CLI ${VERSION} under osf7501: a failed turn, then the next`, () => {
  test('a usage limit reads error with the reset time until the user types; the next prompt reads working, then done', async (ctx) => {
    const session = startSession(e2e.ready(ctx));
    const { outer, screen, logFile } = session;
    try {
      await screen.waitFor(IDLE_FOOTER, 'the idle composer');
      let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');
      await typeText(outer, 'trigger a usage limit');
      await sleep(300);
      outer.write('\r');
      at = await waitForReport(outer, at + 1, { state: 'working' }, 'working on the first prompt');
      await screen.waitFor(/hit your usage limit/, 'the usage limit on screen');
      // Codex's own error (no msg), then the shim's completion of it: the same report with the reason.
      const own = await waitForReport(outer, at + 1, { state: 'error', app: 'codex' }, "Codex's own error");
      expect(stReports(outer.output())[own]?.msg).toBeUndefined();
      await outer.waitFor(() => stReports(outer.output()).some((r, i) => i > own && r.state === 'error' && r.msg !== undefined), 'the completed error');
      const failed = stReports(outer.output()).findIndex((r, i) => i > own && r.state === 'error' && r.msg !== undefined);
      expect(stReports(outer.output())[failed]?.msg).toMatch(USAGE_LIMIT);
      // Until the user types, the record says error: nothing came after the completed report.
      await sleep(1500);
      expect(describeReports(stReports(outer.output()).slice(failed + 1))).toEqual([]);

      // The next turn: the mock answers it.
      await typeText(outer, 'say hello');
      await sleep(300);
      outer.write('\r');
      const working = await waitForReport(outer, failed + 1, { state: 'working' }, 'working on the next prompt');
      await screen.waitFor(/Hello from the mock model\./, 'the answer to the next prompt');
      const done = await waitForReport(outer, working + 1, { state: 'done' }, 'done after the next prompt');
      const after = stReports(outer.output()).slice(working, done + 1);
      expect(after.some((r) => r.state === 'error'), describeReports(after).join(' → ')).toBe(false);

      const { status, output } = await exitAgent(session, { exit } as AgentScript);
      expect(status).toBe(0);
      expect(stReports(output).at(-1)?.state).toBe('clear');
      // --log: Codex's own error, and the shim's completion of it marked `completes`.
      const errors = readLog(logFile).filter((e) => e.type === 'report' && e.state === 'error');
      expect(errors.map((e) => [e.source, (e as { completes?: boolean }).completes === true, e.msg === undefined])).toEqual([
        ['native', false, true],
        ['native', true, false],
      ]);
    } finally {
      session.remove();
    }
  }, 240_000);
});

const CLAUDE_VERSION = '2.1.150';
const claudeE2e = setUpClaudeE2e('error-next-turn-e2e');
const COLS = 100;
const ROWS = 30;

describe(`Claude Code ${CLAUDE_VERSION} (no reports of its own) under osf7501: a failed turn, then the next`, () => {
  const installed = claudeE2e.install(CLAUDE_VERSION);

  test('a usage limit reads error with the reason while the user types; the next prompt reads working, then done', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const sandbox = makeSandbox({ version: claude.version });
    const logFile = join(sandbox.root, 'osf7501.log');
    const args = ['--log', logFile, ...claude.command];
    const env = { ...claudeEnv({ mockUrl: mock.url, home: sandbox.home }), CLAUDE_CODE_MAX_RETRIES: '0' };
    const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env }));
    const screen = new ScreenMirror(outer, ROWS, COLS);
    try {
      await screen.waitFor(/\? for shortcuts/, 'the idle prompt');
      let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');
      await typeText(outer, 'spend the whole quota');
      await sleep(300);
      outer.write('\r');
      await screen.waitFor(/Request rejected \(429\)/, 'the usage limit on screen');
      at = await waitForReport(outer, at + 1, { state: 'error' }, 'error after the usage limit');
      expect(stReports(outer.output())[at]?.msg).toMatch(/^API Error: Request rejected \(429\) · This request would exceed your account's rate limit\./u);

      // The user types the next prompt: the record still says error until the turn starts.
      await typeText(outer, 'explain the bug fix');
      await sleep(1000);
      expect(describeReports(stReports(outer.output()).slice(at + 1)).filter((r) => !r.startsWith('error')), 'while typing').toEqual([]);
      outer.write('\r');
      const working = await waitForReport(outer, at + 1, { state: 'working' }, 'working on the next prompt');
      await screen.waitFor(/add a regression test\?/, 'the answer to the next prompt');
      const done = await waitForReport(outer, working + 1, { state: 'done' }, 'done after the next prompt');
      const after = stReports(outer.output()).slice(working, done + 1);
      expect(after.some((r) => r.state === 'error'), describeReports(after).join(' → ')).toBe(false);

      await typeText(outer, '/exit');
      outer.write('\r');
      const result = await outer.result();
      expect(result.status).toBe(0);
      // The shim spoke for the record (Claude Code 2.1.150 reports nothing itself).
      expect(readLog(logFile).some((e) => e.type === 'report' && e.source === 'native')).toBe(false);
    } finally {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    }
  }, 240_000);
});
