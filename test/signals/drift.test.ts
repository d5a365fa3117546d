// DriftWatch: the screen rules' verdict against the agent's own reports, on the policy's clock (no wall clock).
import { describe, expect, test } from 'vitest';
import type { Report } from '../../src/protocol/types.js';
import type { Classification } from '../../src/rules/types.js';
import { disagreement, DRIFT_GRACE_MS, DriftWatch, MIN_UNSEEN_MS, MSG_DRIFT_GRACE_MS, sameMessage, type DriftEvent } from '../../src/signals/drift.js';

type Step = [at: number, what: { native: Report } | { screen: Classification } | 'tick'];

/** Runs the steps, ticking at every deadline the watch gives before each step and after the last. */
function run(steps: readonly Step[], until = 20_000): DriftEvent[] {
  const watch = new DriftWatch({ app: 'agent' });
  const found: DriftEvent[] = [];
  const catchUp = (to: number): void => {
    for (let next = watch.nextDeadline(); next !== null && next <= to; next = watch.nextDeadline()) found.push(...watch.tick(next));
  };
  for (const [at, what] of steps) {
    catchUp(at);
    if (what === 'tick') found.push(...watch.tick(at));
    else if ('native' in what) found.push(...watch.noteNative(at, what.native));
    else found.push(...watch.observe(at, what.screen));
  }
  catchUp(until);
  return found;
}

const dialog: Classification = { state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build', rule: 'bash-dialog' };
const spinner: Classification = { state: 'working', rule: 'spinner' };
const prompt: Classification = { state: 'idle', rule: 'prompt' };

describe('DriftWatch', () => {
  test('a screen that trails the agent by less than the grace is no drift', () => {
    const lag = DRIFT_GRACE_MS - 1;
    expect(
      run([
        [0, { screen: prompt }],
        [100, { native: { state: 'idle' } }],
        [1000, { native: { state: 'working' } }],
        [1000 + lag, { screen: spinner }],
        [3000, { native: { state: 'blocked', kind: 'permission' } }],
        [3000 + lag, { screen: dialog }],
      ]),
    ).toEqual([]);
  });

  test('a missed dialog is found once, when it has lasted the grace, however many sweeps see it', () => {
    const steps: Step[] = [
      [0, { screen: spinner }],
      [10, { native: { state: 'working' } }],
      [1000, { native: { state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build' } }],
    ];
    for (let at = 1100; at < 4000; at += 100) steps.push([at, { screen: { ...spinner, msg: `step ${at}` } }]);
    const found = run(steps);
    expect(found).toEqual([
      {
        since: 1000,
        at: 1000 + DRIFT_GRACE_MS,
        nativeSince: 1000,
        on: ['state'],
        native: { state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf build' },
        screen: { state: 'working', rule: 'spinner', msg: expect.stringMatching(/^step \d+$/u) },
      },
    ]);
  });

  test('a disagreement that ends and comes back is found again; a new pair of verdicts is a new one', () => {
    const found = run([
      [0, { screen: spinner }],
      [10, { native: { state: 'idle' } }],
      [3000, { native: { state: 'working' } }],
      [6000, { native: { state: 'idle' } }],
      [9000, { screen: dialog }],
    ]);
    expect(found.map((d) => [d.since, d.native.state, d.screen.state])).toEqual([
      [10, 'idle', 'working'],
      [6000, 'idle', 'working'],
      [9000, 'idle', 'blocked'],
    ]);
  });

  test('done and idle are one verdict, and an error the agent has left is no drift while the screen still says error', () => {
    expect(
      run([
        [0, { screen: spinner }],
        [10, { native: { state: 'working' } }],
        [1000, { screen: prompt }],
        [1000, { native: { state: 'idle' } }],
        [5000, { screen: spinner }],
        [5000, { native: { state: 'working' } }],
        [6000, { screen: { state: 'error', msg: 'API Error: 400', rule: 'api-error' } }],
        [6000, { native: { state: 'error', msg: 'API Error: 400' } }],
        [7000, { native: { state: 'idle' } }],
      ]),
    ).toEqual([]);
  });

  test('nothing is compared before the agent has reported, nor while its last report is clear', () => {
    expect(
      run([
        [0, { screen: dialog }],
        [5000, { native: { state: 'working' } }],
        [5100, { native: { state: 'clear' } }],
      ]),
    ).toEqual([]);
  });

  test('a message alone differs: found after the shorter message grace, with both messages', () => {
    const found = run([
      [0, { screen: spinner }],
      [10, { native: { state: 'working' } }],
      [1000, { screen: dialog }],
      [1000, { native: { state: 'blocked', kind: 'permission', msg: 'approve Bash: rm -rf dist' } }],
    ]);
    expect(found.map((d) => [d.at - d.since, d.on, d.native.msg, d.screen.msg])).toEqual([
      [MSG_DRIFT_GRACE_MS, ['msg'], 'approve Bash: rm -rf dist', 'approve Bash: rm -rf build'],
    ]);
  });
});

describe('what counts as a disagreement', () => {
  test.each([
    [{ state: 'done' }, { state: 'idle' }, []],
    [{ state: 'working' }, { state: 'idle' }, ['state']],
    [{ state: 'blocked', kind: 'permission' }, { state: 'blocked', kind: 'question' }, ['kind']],
    [{ state: 'blocked' }, { state: 'blocked', kind: 'question', msg: 'dialog open' }, []],
    [{ state: 'blocked', kind: 'auth', msg: 'log in' }, { state: 'blocked', kind: 'question', msg: 'pick one' }, ['kind', 'msg']],
  ] as const)('agent %o, screen %o: %o', (native, screen, on) => {
    expect(disagreement(native, screen)).toEqual(on);
  });

  test.each([
    ['approve Bash: touch  build.log', 'approve Bash: touch build.log', true],
    ['approve Bash: npm run a-very-long-scr…', 'approve Bash: npm run a-very-long-script --flag', true],
    ['answer: Which database? (PostgreSQL · SQLite)', 'answer: Which database?', true],
    ['approve Write: /tmp/p/project/notes.txt', 'approve Write: notes.txt', true],
    ['approve Write: /tmp/p/project/notes.txt', 'approve Update: notes.txt', false],
    ['approve tickets - lookup_ticket (MCP)', 'approve tickets — Lookup Ticket Tool: (MCP)', true],
    ['approve Bash: rm -rf /', 'approve Bash: rm -rf /tmp/x', false],
    ['approve Bash: sleep 2 && touch a', 'approve Bash: sleep 2 && touch', false],
  ])('agent %j, screen %j: same message %s', (native, screen, same) => {
    expect(sameMessage(native, screen)).toBe(same);
  });
});

describe('a verdict the screen never agreed with', () => {
  test('a dialog answered within the grace that the screen missed is still found, when the grace after it has passed', () => {
    const found = run([
      [0, { screen: spinner }],
      [10, { native: { state: 'working' } }],
      [1000, { native: { state: 'blocked', kind: 'permission' } }],
      [1000 + DRIFT_GRACE_MS / 2, { native: { state: 'working' } }],
    ]);
    expect(found.map((d) => [d.since, d.at, d.on, d.native.state, d.screen.state])).toEqual([
      [1000, 1000 + DRIFT_GRACE_MS / 2 + DRIFT_GRACE_MS, ['state'], 'blocked', 'working'],
    ]);
  });

  test('a screen that shows it late, within the grace after it ended, is no drift; a verdict shorter than MIN_UNSEEN_MS is not checked', () => {
    expect(
      run([
        [0, { screen: spinner }],
        [10, { native: { state: 'working' } }],
        [1000, { native: { state: 'blocked', kind: 'permission' } }],
        [1600, { native: { state: 'working' } }],
        [1900, { screen: dialog }],
        [2000, { screen: spinner }],
        [5000, { native: { state: 'idle' } }],
        [5000 + MIN_UNSEEN_MS - 1, { native: { state: 'working' } }],
      ]),
    ).toEqual([]);
  });
});
