// A real Claude Code under the shim, its own reports off (--no-native: the shim's hooks and screen are all there
// is): two background subagents are child records of their own from SubagentStart/SubagentStop (working while they
// run, titled by their type, cleared when they end) while the session's record stays working; a turn that ends on
// an API error reads error (StopFailure, where the version has it, and the screen); /exit clears the record.
// Against the mock Anthropic API (test/tools/scenarios.mjs: background-agents, api-error), at the fixture versions.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Report } from '../../src/protocol/index.js';
import { readLog, ScreenMirror, stReports, typeText, waitForReport, withoutForeignEnv } from '../tools/agent-e2e.js';
import { CLAUDE_VERSIONS, reportsNatively, setUpClaudeE2e } from '../tools/agent-e2e-setup.js';
import { claudeEnv, makeSandbox } from '../tools/claude-env.mjs';
import { BIN, OuterTerminal } from './support/outer-terminal.js';

const COLS = 100;
const ROWS = 30;
/** Hang guard (not a performance bound): each background subagent's answer comes 14 s after it starts. */
const SUBAGENT_WAIT_MS = 60_000;
/**
 * Hang guard for the rows to go: 2.1.150 keeps a finished background agent's row (its time frozen) about 30 s
 * after `Agent "…" completed`, so the screen's child records end that much after the hooks' would.
 */
const ROWS_GONE_WAIT_MS = 150_000;

const e2e = setUpClaudeE2e('claude-children-e2e');

describe.each(CLAUDE_VERSIONS)('Claude Code %s under the shim, its own reports off', (version) => {
  const installed = e2e.install(version);

  test('background subagents are child records; an API error reads error; exit clears', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const sandbox = makeSandbox({ version: claude.version });
    const logFile = join(sandbox.root, 'osf7501.log');
    const args = ['--log', logFile, '--no-native', '--on-exit', 'clear', ...claude.command, '--permission-mode', 'acceptEdits'];
    const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env: claudeEnv({ mockUrl: mock.url, home: sandbox.home }) }));
    const screen = new ScreenMirror(outer, ROWS, COLS, SUBAGENT_WAIT_MS);
    const children = (): Report[] => stReports(outer.output()).filter((r) => r.id !== undefined);
    try {
      await screen.waitFor(/accept edits on/, 'the idle prompt');
      await typeText(outer, 'survey the project in the background');
      outer.write('\r');
      await screen.waitFor(/running in the background\./, 'the reply');
      await outer.waitFor(() => children().filter((r) => r.state === 'working').length === 2, 'two child records');
      const started = children().filter((r) => r.state === 'working');
      expect(started.map((r) => ({ app: r.app, title: r.title }))).toEqual([
        { app: 'claude-code', title: 'general-purpose' },
        { app: 'claude-code', title: 'general-purpose' },
      ]);
      // Each child is a top-level record (the session's is the root) named by the agent's own id, as Claude Code's own reports name them.
      for (const r of started) expect(r.id).toMatch(/^[A-Za-z0-9]{8,32}$/);
      // The session's record works while they run (the reply is written, its turn is not over).
      const session = (): Report[] => stReports(outer.output()).filter((r) => r.id === undefined);
      expect(session().at(-1)?.state).toBe('working');
      await screen.waitFor(() => children().filter((r) => r.state === 'clear').length === 2, 'both children cleared');
      expect(new Set(children().filter((r) => r.state === 'clear').map((r) => r.id))).toEqual(new Set(started.map((r) => r.id)));
      let at = await waitForReport(outer, 0, { state: 'done' }, 'done once both have ended');
      // Nothing said the session was done before its last child ended.
      const lastClear = stReports(outer.output()).findLastIndex((r) => r.state === 'clear' && r.id !== undefined);
      expect(lastClear).toBeLessThan(at);

      await typeText(outer, 'trigger a bad request');
      outer.write('\r');
      at = await waitForReport(outer, at + 1, { state: 'error' }, 'error after the API error');
      expect(stReports(outer.output())[at]?.msg).toMatch(/^API Error: 400\b/);
      await screen.waitFor(/API Error/, 'the error on screen');
      // StopFailure told it too (both versions know the event): its classification is in the --log.
      await outer.waitFor(() => readLog(logFile).some((e) => e.type === 'classification' && e.rule === 'hook:StopFailure'), 'the StopFailure hook');
      const failure = readLog(logFile).find((e) => e.type === 'classification' && e.rule === 'hook:StopFailure');
      expect(failure?.state).toBe('error');
      expect(failure?.msg).toMatch(/^API Error: 400\b/);

      await typeText(outer, '/exit');
      outer.write('\r');
      const result = await outer.result();
      expect(result.status).toBe(0);
      expect(stReports(result.output).at(-1)).toEqual({ state: 'clear' });
      // The --log names each child's reports apart from the session's.
      const logged = readLog(logFile).filter((e) => e.type === 'report' && e.source === 'child');
      expect(logged.map((e) => e.state)).toEqual(['working', 'working', 'clear', 'clear']);
    } finally {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    }
  }, 180_000);
});

// The screen as the third source: with neither the agent's own reports (--no-native) nor hooks (--no-hooks), the
// rows Claude Code draws under its footer (`● main` / `◯ general-purpose  Survey the docs  5s · …`) make the child
// records, id a hash of the row's type and description, title the description; cleared when the row goes. The
// session is recorded as it runs (`osf7501 record --no-native --no-hooks`, the shim wrapping it as it does any
// run), and `osf7501 classify` replays the recording: one policy, two drivers, the same reports.
describe.each(CLAUDE_VERSIONS)('Claude Code %s under the shim, neither its own reports nor hooks', (version) => {
  const installed = e2e.install(version);

  test('the subagent rows on screen are child records, cleared when they go; classify replays the same', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const sandbox = makeSandbox({ version: claude.version });
    const cast = join(sandbox.root, 'session.cast');
    const logFile = join(sandbox.root, 'osf7501.log');
    const args = ['record', '-o', cast, '--no-native', '--no-hooks', '--log', logFile, '--', ...claude.command, '--permission-mode', 'acceptEdits'];
    const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env: claudeEnv({ mockUrl: mock.url, home: sandbox.home }) }));
    const screen = new ScreenMirror(outer, ROWS, COLS, ROWS_GONE_WAIT_MS);
    const children = (): Report[] => stReports(outer.output()).filter((r) => r.id !== undefined);
    try {
      await screen.waitFor(/accept edits on/, 'the idle prompt');
      await typeText(outer, 'survey the project in the background');
      outer.write('\r');
      await outer.waitFor(() => children().filter((r) => r.state === 'working').length === 2, 'two child records from the rows');
      const started = children().filter((r) => r.state === 'working');
      expect(new Set(started.map((r) => r.title))).toEqual(new Set(['Survey the docs', 'Survey the tests']));
      for (const r of started) {
        expect(r.app).toBe('claude-code');
        expect(r.id).toMatch(/^[0-9a-z]{1,7}$/);
      }
      const session = (): Report[] => stReports(outer.output()).filter((r) => r.id === undefined);
      expect(session().at(-1)?.state).toBe('working');
      await screen.waitFor(() => children().filter((r) => r.state === 'clear').length === 2, 'both children cleared as their rows go');
      expect(new Set(children().filter((r) => r.state === 'clear').map((r) => r.id))).toEqual(new Set(started.map((r) => r.id)));
      const at = await waitForReport(outer, 0, { state: 'done' }, 'done once both have ended');
      const lastClear = stReports(outer.output()).findLastIndex((r) => r.state === 'clear' && r.id !== undefined);
      expect(lastClear).toBeLessThan(at);
      await typeText(outer, '/exit');
      outer.write('\r');
      const result = await outer.result();
      expect(result.status).toBe(0);
      const line = (r: Report): string => [r.state, r.kind, r.id === undefined ? undefined : `id=${r.id}`, r.msg, r.title].filter(Boolean).join(' ');
      const live = stReports(result.output).map(line);
      expect(live.filter((l) => l.includes('id=')).length).toBe(4);
      const replayed = spawnSync(process.execPath, [BIN, 'classify', '--rules', 'claude-code', '--timeline', cast], { encoding: 'utf8' });
      expect(replayed.status).toBe(0);
      // `<t> STATE[ kind=K][ id=ID][ progress=N][ msg="…"][ title="…"]` → the same words as the live line.
      const parsed = replayed.stdout.trim().split('\n').map((l) => {
        const m = /^\S+ (\w+)(?: kind=(\w+))?(?: id=(\S+))?(?: progress=\d+)?(?: msg=("(?:[^"\\]|\\.)*"))?(?: title=("(?:[^"\\]|\\.)*"))?/.exec(l);
        const text = (q: string | undefined): string | undefined => (q === undefined ? undefined : (JSON.parse(q) as string));
        return [m?.[1], m?.[2], m?.[3] === undefined ? undefined : `id=${m[3]}`, text(m?.[4]), text(m?.[5])].filter(Boolean).join(' ');
      });
      // The live session ends with its exit's clear, which a recording cannot know.
      expect(parsed).toEqual(live.slice(0, -1));
      // The --log names each child's reports apart from the session's, with the rows' titles.
      const logged = readLog(logFile).filter((e) => e.type === 'report' && e.source === 'child');
      expect(logged.map((e) => e.state)).toEqual(['working', 'working', 'clear', 'clear']);
      expect(new Set(logged.filter((e) => e.state === 'working').map((e) => e.title))).toEqual(new Set(['Survey the docs', 'Survey the tests']));
    } finally {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    }
  }, 300_000);
});

// One policy, two drivers: `osf7501 record` keeps each hook's mapped signal as a marker, and `osf7501 classify`
// replays the recording with them. A Claude Code that sends no query of its own (older than 2.1.295) is the case
// where hooks make the records: the replay gives the reports the live session wrote, child records included.
describe.each(CLAUDE_VERSIONS.filter((v) => !reportsNatively(v)))('Claude Code %s recorded, then replayed', (version) => {
  const installed = e2e.install(version);

  test('classify gives the live reports: the same states, child records and msgs, in the same order', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const sandbox = makeSandbox({ version: claude.version });
    const cast = join(sandbox.root, 'session.cast');
    const args = ['record', '-o', cast, '--', ...claude.command, '--permission-mode', 'acceptEdits'];
    const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env: claudeEnv({ mockUrl: mock.url, home: sandbox.home }) }));
    const screen = new ScreenMirror(outer, ROWS, COLS, SUBAGENT_WAIT_MS);
    try {
      await screen.waitFor(/accept edits on/, 'the idle prompt');
      await typeText(outer, 'survey the project in the background');
      outer.write('\r');
      await screen.waitFor(() => stReports(outer.output()).filter((r) => r.state === 'clear' && r.id !== undefined).length === 2, 'both children cleared');
      await waitForReport(outer, 0, { state: 'done' }, 'done once both have ended');
      await typeText(outer, '/exit');
      outer.write('\r');
      const result = await outer.result();
      const live = stReports(result.output).map((r) => [r.state, r.kind, r.id === undefined ? undefined : 'child', r.msg].filter(Boolean).join(' '));
      const replayed = spawnSync(process.execPath, [BIN, 'classify', '--rules', 'claude-code', '--timeline', cast], { encoding: 'utf8' });
      expect(replayed.status).toBe(0);
      // `<t> STATE[ kind=K][ id=ID][ progress=N][ msg="…"][ title="…"]` → the same words as the live line.
      const parsed = replayed.stdout.trim().split('\n').map((line) => {
        const m = /^\S+ (\w+)(?: kind=(\w+))?(?: id=(\S+))?(?: progress=\d+)?(?: msg=("(?:[^"\\]|\\.)*"))?/.exec(line);
        const msg = m?.[4] === undefined ? undefined : (JSON.parse(m[4]) as string);
        return [m?.[1], m?.[2], m?.[3] === undefined ? undefined : 'child', msg].filter(Boolean).join(' ');
      });
      expect(live.filter((l) => l.includes('child')).length).toBe(4);
      // The live session ends with its exit's clear, which a recording cannot know (classify says so).
      expect(parsed).toEqual(live.slice(0, -1));
    } finally {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    }
  }, 180_000);
});
