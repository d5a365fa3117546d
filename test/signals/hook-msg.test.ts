// A visible dialog read by the generic rules takes its msg from the hook's blocked that opened it (spec/signals.md):
// the real SignalRanking.
import { describe, expect, test } from 'vitest';
import type { Classification } from '../../src/rules/types.js';
import { AGENT_HOOK_BLOCKED_UNSEEN_MS, HOOK_BLOCKED_GRACE_MS, hookClassification, SignalRanking } from '../../src/signals/ranking.js';

const hookBlocked = hookClassification({ event: 'Notification', agent: 'gemini-cli', state: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log' });
const generic: Classification = { state: 'blocked', kind: 'permission', msg: 'Shell touch build.log', rule: 'structural-dialog' };

describe("the hook's msg on a dialog the screen shows", () => {
  test('with the generic rules: the state and kind are the screen’s, the msg the hook’s', () => {
    const ranking = new SignalRanking('generic');
    ranking.noteHook(hookBlocked, 1000);
    // Seconds later the dialog is still open: no hook fires while it is.
    expect(ranking.rank(5000, generic)).toEqual({ ...generic, msg: 'approve shell: touch build.log' });
  });

  test("with the agent's own rules, or a hook of another kind: the screen's msg", () => {
    const own = new SignalRanking('gemini-cli');
    own.noteHook(hookBlocked, 1000);
    expect(own.rank(1100, { ...generic, msg: 'approve shell: touch build.log (in /p)' }).msg).toBe('approve shell: touch build.log (in /p)');
    const question = new SignalRanking('generic');
    question.noteHook(hookClassification({ event: 'x', state: 'blocked', kind: 'question', msg: 'answer: which?' }), 1000);
    expect(question.rank(1100, generic).msg).toBe('Shell touch build.log');
  });

  test('a hook that is over (the screen went on without a dialog) names no later dialog', () => {
    const ranking = new SignalRanking('generic');
    ranking.noteHook(hookBlocked, 1000);
    ranking.rank(3000, { state: 'working', rule: 'spinner' });
    expect(ranking.rank(6000, generic).msg).toBe('Shell touch build.log');
  });
});

describe("another agent's hook blocked, before its dialog renders", () => {
  const working: Classification = { state: 'working', rule: 'spinner' };
  test('holds against a working screen until the dialog shows (up to AGENT_HOOK_BLOCKED_UNSEEN_MS), then lapses as Claude Code’s', () => {
    const ranking = new SignalRanking('copilot');
    ranking.noteHook(hookBlocked, 1000, AGENT_HOOK_BLOCKED_UNSEEN_MS);
    // Copilot CLI's dialog renders 1.2 s after its permissionRequest hook: no working in between.
    expect(ranking.rank(2200, working).state).toBe('blocked');
    expect(ranking.rank(2300, { ...generic, msg: 'approve shell: touch build.log' }).state).toBe('blocked');
    // Approved: the dialog is gone, the screen says so.
    expect(ranking.rank(3000, working).state).toBe('working');
  });

  test('a dialog that never shows: the screen speaks after AGENT_HOOK_BLOCKED_UNSEEN_MS; Claude Code’s after HOOK_BLOCKED_GRACE_MS', () => {
    const agent = new SignalRanking('copilot');
    agent.noteHook(hookBlocked, 1000, AGENT_HOOK_BLOCKED_UNSEEN_MS);
    expect(agent.rank(1000 + AGENT_HOOK_BLOCKED_UNSEEN_MS + 1, working).state).toBe('working');
    const claude = new SignalRanking('claude-code');
    claude.noteHook(hookBlocked, 1000);
    expect(claude.rank(1000 + HOOK_BLOCKED_GRACE_MS + 1, working).state).toBe('working');
  });
});
