// A real Claude Code under the shim, its own reports off (--no-native), working through a three-task list (the
// mock's task-list scenario: TaskCreate ×3, then TaskUpdate in_progress/completed for each, 5 s apart): the
// session's working reports carry progress = done/total and msg `done/total · <task in progress>`. From the screen
// alone (--no-hooks: the `spinner` rule's checklist reads the ✔ ◼ ◻ rows, the task named by its subject), and with
// the hooks (TaskCreated/TaskCompleted and PostToolUse of TaskUpdate, src/hooks/task-ledger.ts, whose list then
// stands: the task named by its activeForm where a TaskUpdate carries one, else its subject — the mock's TaskUpdate
// calls carry none, so both sources say the same). 2.1.332 offers its task tools to the mock's model only with
// CLAUDE_CODE_ENABLE_TODO_TOOLS=1 (spec/signals.md "Which tools a version offers").
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Report } from '../../src/protocol/index.js';
import { readLog, ScreenMirror, stReports, typeText, waitForReport, withoutForeignEnv } from '../tools/agent-e2e.js';
import { CLAUDE_VERSIONS, setUpClaudeE2e } from '../tools/agent-e2e-setup.js';
import { claudeEnv, makeSandbox } from '../tools/claude-env.mjs';
import { OuterTerminal } from './support/outer-terminal.js';

const COLS = 100;
const ROWS = 30;
/** Hang guard (not a performance bound): the turn takes some 20 s (three tasks, 5 s each, and the creations). */
const TURN_WAIT_MS = 60_000;

const e2e = setUpClaudeE2e('claude-tasks-e2e');

const progressOf = (reports: readonly Report[]): { progress: number | undefined; msg: string | undefined }[] =>
  reports.filter((r) => r.id === undefined && r.state === 'working' && r.progress !== undefined).map((r) => ({ progress: r.progress, msg: r.msg }));

describe.each(CLAUDE_VERSIONS)('Claude Code %s under the shim working through a task list', (version) => {
  const installed = e2e.install(version);

  test.each([
    ['the screen alone (--no-hooks)', ['--no-hooks'], ['0/3 · Read the parser', '1/3 · Split the tokenizer out', '2/3 · Run the tests']],
    ['the hooks', [], ['0/3 · Read the parser', '1/3 · Split the tokenizer out', '2/3 · Run the tests']],
  ])('%s: progress and the task in progress as msg', async (_name, flags, wanted, ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const sandbox = makeSandbox({ version: claude.version });
    const logFile = join(sandbox.root, 'osf7501.log');
    const args = ['--log', logFile, '--no-native', ...flags, '--on-exit', 'clear', ...claude.command, '--permission-mode', 'acceptEdits'];
    const env = { ...claudeEnv({ mockUrl: mock.url, home: sandbox.home }), CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' };
    const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env }));
    const screen = new ScreenMirror(outer, ROWS, COLS, TURN_WAIT_MS);
    try {
      await screen.waitFor(/accept edits on/, 'the idle prompt');
      await typeText(outer, 'work through the parser tasks');
      outer.write('\r');
      await screen.waitFor(/All three tasks are done\./, 'the reply');
      await waitForReport(outer, 0, { state: 'done' }, 'done at the end of the turn');
      const seen = progressOf(stReports(outer.output()));
      const hooks = readLog(logFile).filter((e) => e.type === 'classification' && String(e.rule).startsWith('hook:')).map((e) => `${String(e.rule)}`);
      for (const [i, msg] of wanted.entries()) {
        expect(seen, `${msg} in ${JSON.stringify(seen)}; hooks: ${hooks.join(' ')}`).toContainEqual({ progress: [0, 33, 66][i], msg });
      }
      expect(seen.at(-1)?.progress, JSON.stringify(seen)).toBe(100);
      // With hooks, the task hooks arrived (the ledger's list is the one reported); without, none.
      const taskHooks = hooks.filter((h) => h === 'hook:TaskCreated' || h === 'hook:TaskCompleted');
      expect(taskHooks.length, hooks.join(' ')).toBe(flags.includes('--no-hooks') ? 0 : 6);
      // Rising: the progress never goes back within the turn.
      const values = seen.map((s) => s.progress ?? 0);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      // The done report carries no progress (the turn is over).
      const done = stReports(outer.output()).filter((r) => r.id === undefined && r.state === 'done');
      expect(done.at(-1)?.progress).toBeUndefined();
      await typeText(outer, '/exit');
      outer.write('\r');
      const result = await outer.result();
      expect(result.status).toBe(0);
    } finally {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    }
  }, 120_000);
});
