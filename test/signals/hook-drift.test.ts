// The agent's hooks as a check on the screen rules (spec/signals.md, "Drift from hooks"): HookDriftWatch on a
// fake clock, the screen rules' classifications scripted.
import { describe, expect, test } from 'vitest';
import type { HookSignal } from '../../src/hooks/events.js';
import type { Classification } from '../../src/rules/types.js';
import type { DriftEvent } from '../../src/signals/drift.js';
import { HookDriftWatch } from '../../src/signals/hook-drift.js';

const working: Classification = { state: 'working', rule: 'spinner' };
const idle: Classification = { state: 'idle', rule: 'prompt' };
const dialog: Classification = { state: 'blocked', kind: 'permission', msg: 'approve shell: npm test', rule: 'approve-command' };
const hook = (state: HookSignal['state'], extra: Partial<HookSignal> = {}): HookSignal => ({ event: 'x', agent: 'gemini-cli', state, ...extra });

type Step = { at: number; screen: Classification } | { at: number; hook: HookSignal };

/** Every drift found, each step and deadline in time order. */
function run(steps: readonly Step[], end = 10_000): DriftEvent[] {
  const watch = new HookDriftWatch({ app: 'gemini-cli', settleMs: 40 });
  const found: DriftEvent[] = [];
  const until = (t: number): void => {
    for (let next = watch.nextDeadline(); next !== null && next <= t; next = watch.nextDeadline()) found.push(...watch.tick(next));
  };
  for (const step of steps) {
    until(step.at);
    found.push(...('screen' in step ? watch.observe(step.at, step.screen) : watch.noteHook(step.at, step.hook)));
  }
  until(end);
  return found;
}

describe("drift between an agent's hooks and the screen rules", () => {
  test('hooks and screen agree through a turn with an approved dialog: no drift', () => {
    const found = run([
      { at: 0, screen: idle },
      { at: 1000, hook: hook('working') },
      { at: 1100, screen: working },
      { at: 2000, hook: hook('blocked', { kind: 'permission', msg: 'approve shell: npm test' }) },
      { at: 2100, screen: dialog },
      // Approved: no hook fires; the tool runs for 3 s with the screen working.
      { at: 3000, screen: working },
      { at: 6000, hook: hook('working') },
      { at: 7000, hook: hook('done') },
      { at: 7100, screen: idle },
    ]);
    expect(found).toEqual([]);
  });

  test('a turn the screen rules read as idle (a spinner they do not know) is a drift on the state, from the hooks', () => {
    const found = run([{ at: 0, screen: idle }, { at: 1000, hook: hook('working') }, { at: 5000, hook: hook('done') }]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ from: 'hooks', on: ['state'], native: { state: 'working' }, screen: { state: 'idle' } });
  });

  test('a dialog the screen rules miss is a drift, and so is one they name otherwise', () => {
    const missed = run([{ at: 0, screen: working }, { at: 1000, hook: hook('blocked', { kind: 'permission', msg: 'approve shell: npm test' }) }, { at: 4000, hook: hook('working') }]);
    expect(missed.map((d) => d.on)).toEqual([['state']]);
    const renamed = run([
      { at: 0, screen: working },
      { at: 1000, hook: hook('blocked', { kind: 'permission', msg: 'approve shell: npm test' }) },
      { at: 1050, screen: { ...dialog, msg: 'Allow execution of [Shell]?' } },
      { at: 4000, screen: working },
    ]);
    expect(renamed.map((d) => [d.from, d.on])).toEqual([['hooks', ['msg']]]);
  });

  test("an idle hook after done (an idle notification) is no new verdict", () => {
    expect(run([{ at: 0, screen: idle }, { at: 100, hook: hook('done') }, { at: 2000, hook: hook('idle') }])).toEqual([]);
  });
});
