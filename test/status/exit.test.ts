// The child's exit under each policy, and the shape of the reports the tracker returns.
import { describe, expect, test } from 'vitest';
import { StatusTracker } from '../../src/status/tracker.js';
import type { ExitPolicy } from '../../src/status/types.js';
import { describeReport, working } from './run-steps.js';

describe('StatusTracker.exit', () => {
  test.each<[ExitPolicy, number | null, string | null, string[]]>([
    ['result', 0, null, ['clear']],
    ['result', 1, null, ['error: claude-code exited with status 1']],
    ['result', 130, null, ['error: claude-code exited with status 130']],
    ['result', null, 'SIGTERM', ['error: claude-code killed by SIGTERM']],
    ['result', 0, 'SIGKILL', ['error: claude-code killed by SIGKILL']],
    ['result', null, 'signal 99', ['error: claude-code killed by signal 99']],
    ['result', null, null, ['clear']],
    ['clear', 2, null, ['clear']],
    ['clear', null, 'SIGKILL', ['clear']],
    ['keep', 1, null, []],
    ['keep', 0, null, []],
  ])('policy %s, status %s, signal %s', (onExit, code, signal, expected) => {
    const tracker = new StatusTracker({ app: 'claude-code', onExit });
    tracker.observe(0, working());
    expect(tracker.exit(10, code, signal).map(describeReport)).toEqual(expected);
  });

  test('exit is never delayed by the rate limit', () => {
    const tracker = new StatusTracker({ app: 'codex' });
    tracker.observe(0, working('a'));
    tracker.observe(1, working('b'));
    expect(tracker.exit(2, 1).map(describeReport)).toEqual(['error: codex exited with status 1']);
  });

  test('after exit the tracker is silent and waits on nothing', () => {
    const tracker = new StatusTracker({ app: 'codex' });
    tracker.observe(0, working('a'));
    tracker.observe(1, working('b'));
    tracker.exit(2, 0);
    expect([tracker.observe(500, working('c')), tracker.tick(1000), tracker.exit(1000, 1), tracker.nextDeadline()])
      .toEqual([[], [], [], null]);
  });
});

describe('report shape', () => {
  test('reports carry app and id from the config, and kind only when blocked', () => {
    const tracker = new StatusTracker({ app: 'claude-code', id: 'tab/1' });
    expect(tracker.observe(0, { state: 'blocked', kind: 'permission', msg: 'Bash: ls', rule: 'r' })).toStrictEqual([
      { state: 'blocked', id: 'tab/1', kind: 'permission', app: 'claude-code', msg: 'Bash: ls' },
    ]);
    expect(tracker.observe(1, { state: 'working', kind: 'permission' })).toStrictEqual([
      { state: 'working', id: 'tab/1', app: 'claude-code' },
    ]);
  });

  test('clear carries only state and id, as the emitter profile asks', () => {
    const tracker = new StatusTracker({ app: 'claude-code', id: 'tab/1' });
    expect(tracker.exit(0, 0)).toStrictEqual([{ state: 'clear', id: 'tab/1' }]);
  });

  test('current is the last report returned', () => {
    const tracker = new StatusTracker({ app: 'codex' });
    expect(tracker.current).toBeNull();
    tracker.observe(0, working('a'));
    expect(tracker.current).toStrictEqual({ state: 'working', app: 'codex', msg: 'a' });
  });
});
