// A hook's idle ends a turn without a result (OpenCode's rejected permission): idle, not the done a working →
// idle screen would make. The real policy on a fake clock.
import { describe, expect, test } from 'vitest';
import type { HookSignal } from '../../src/hooks/events.js';
import { PolicyDriver } from './helpers/policy-driver.js';

function reports(hooks: Array<[number, HookSignal]>): string[] {
  const driver = new PolicyDriver({ app: 'opencode', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false });
  for (const [at, signal] of hooks) {
    driver.until(at);
    driver.handle({ type: 'hook', at, signal });
  }
  driver.until(20_000);
  return driver.outputs.flatMap((o) => (o.type === 'report' && o.bytes !== undefined ? [o.report.state] : []));
}

describe("a hook's idle", () => {
  test('after working: idle (the turn ended without a result), not done', () => {
    const agent = 'opencode';
    expect(reports([[0, { event: 'session.busy', agent, state: 'working' }], [2000, { event: 'session.interrupted', agent, state: 'idle' }]])).toEqual(['working', 'idle']);
  });

  test('the end-of-turn hook is done', () => {
    const agent = 'opencode';
    expect(reports([[0, { event: 'session.busy', agent, state: 'working' }], [2000, { event: 'session.idle', agent, state: 'done' }]])).toEqual(['working', 'done']);
  });
});
