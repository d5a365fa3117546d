// The turn model, settling window and rate limit of the status tracker, as (time, screen) → reports tables.
import { describe, expect, test } from 'vitest';
import { StatusTracker } from '../../src/status/tracker.js';
import type { TrackerConfig } from '../../src/status/types.js';
import { idle, interrupted, permission, question, runSteps, type Step, working } from './run-steps.js';


describe('StatusTracker turn model', () => {
  test.each<[string, Step[], string[], Partial<TrackerConfig>?]>([
    ['idle is reported once the first screen has settled', [[0, idle], [100, idle], [200, idle]], ['300 idle']],
    ['a turn: working at once, done once the idle screen has settled',
      [[0, idle], [1000, working()], [1500, idle]], ['300 idle', '1000 working', '1800 done']],
    ['a turn that starts right after the idle report is still reported at once',
      [[0, idle], [350, working()], [500, idle]], ['300 idle', '350 working', '800 done']],
    ['spinner redraw gaps shorter than the window never produce done',
      [[0, working('Thinking')], [100, idle], [250, working('Thinking')], [300, idle], [599, working('Thinking')], [600, idle],
        [850, working('Thinking')], [900, idle]],
      ['0 working: Thinking', '1200 done']],
    ['blocked appears at once, even inside the confirmation window',
      [[0, working()], [100, idle], [150, permission('Bash: rm -rf build')]],
      ['0 working', '150 blocked/permission: Bash: rm -rf build']],
    ['approval: blocked → working at once → done after the window',
      [[0, permission('Bash: ls')], [40, working()], [500, idle]],
      ['0 blocked/permission: Bash: ls', '40 working', '800 done']],
    ['done stays done while the screen stays idle, with no repeat',
      [[0, working()], [100, idle], [500, idle], [1000, idle], [5000, idle]], ['0 working', '400 done']],
    ['an interrupted turn ends idle, not done', [[0, working()], [100, interrupted], [200, idle]], ['0 working', '400 idle']],
    ['a prompt dismissed with Esc (a rule marked as an interruption) ends idle',
      [[0, permission('Bash: ls')], [100, { state: 'idle', rule: 'claude-interrupted', interrupted: true }]],
      ['0 blocked/permission: Bash: ls', '400 idle']],
    ['a blocked prompt answered straight into the idle screen ends the turn as done',
      [[0, question('Pick one')], [100, idle]], ['0 blocked/question: Pick one', '400 done']],
    ['a new turn after done reports working at once',
      [[0, working()], [100, idle], [450, working('next')]], ['0 working', '400 done', '450 working: next']],
    ['a msg change while blocked is a new report under the rate limit, the last one winning',
      [[0, question('Pick one')], [50, question('Pick tw')], [60, question('Pick two')]],
      ['0 blocked/question: Pick one', '250 blocked/question: Pick two']],
    ['a msg change while blocked after a quiet spell goes out at once',
      [[0, question('Pick one')], [400, question('Pick two')]], ['0 blocked/question: Pick one', '400 blocked/question: Pick two']],
    ['a blocked kind change goes out at once',
      [[0, question('Sign in?')], [10, { state: 'blocked', kind: 'auth', msg: 'Sign in?' }]],
      ['0 blocked/question: Sign in?', '10 blocked/auth: Sign in?']],
    ['working msg churn is rate-limited to 4 a second, the last one winning',
      [[0, working('a')], [10, working('b')], [20, working('c')], [100, working('d')], [300, working('e')], [310, working('f')]],
      ['0 working: a', '250 working: d', '500 working: f']],
    ['a msg that changes back before the window opens is not sent again',
      [[0, working('a')], [10, working('b')], [20, working('a')]], ['0 working: a']],
    ['whitespace-only redraw differences in msg are not changes',
      [[0, working('Reading  file')], [500, working(' Reading file ')]], ['0 working: Reading file']],
    ['an error screen goes out at once and stays while the screen is idle',
      [[0, working()], [100, { state: 'error', msg: 'API Error' }], [200, idle], [1000, idle]], ['0 working', '100 error: API Error']],
    ['a screen the rules call done settles to done without a turn seen', [[0, { state: 'done' }]], ['300 done']],
    ['a custom confirmation window', [[0, working()], [100, idle]], ['0 working', '1100 done'], { settleMs: 1000 }],
  ])('%s', (_name, steps, expected, config) => {
    expect(runSteps(steps, config)).toEqual(expected);
  });
});

describe('StatusTracker deadlines', () => {
  test('nextDeadline is null while nothing waits on time', () => {
    const tracker = new StatusTracker({ app: 'codex' });
    tracker.observe(0, working());
    expect(tracker.nextDeadline()).toBeNull();
  });

  test('nextDeadline names the earlier of the settle time and the rate-limit time', () => {
    const tracker = new StatusTracker({ app: 'codex' });
    tracker.observe(0, working('a'));
    tracker.observe(10, working('b'));
    expect(tracker.nextDeadline()).toBe(250);
    tracker.observe(20, idle);
    expect(tracker.nextDeadline()).toBe(250);
    expect(tracker.tick(250).map((r) => r.msg)).toEqual(['b']);
    expect(tracker.nextDeadline()).toBe(320);
  });

  test('a caller that is late settles the idle screen before applying the new one', () => {
    const tracker = new StatusTracker({ app: 'codex' });
    tracker.observe(0, working());
    tracker.observe(100, idle);
    expect(tracker.observe(1000, working()).map((r) => r.state)).toEqual(['done', 'working']);
  });

  test('a tick before the deadline reports nothing', () => {
    const tracker = new StatusTracker({ app: 'codex' });
    tracker.observe(0, working());
    tracker.observe(100, idle);
    expect(tracker.tick(399)).toEqual([]);
    expect(tracker.tick(400).map((r) => r.state)).toEqual(['done']);
  });
});
