// The policy owns more than one record: a subagent's hooks make child records `<session record>/<short id>`, the
// session works while they run, and its end clears them (spec/signals.md, "Child records"). Timed tables of events
// on a fake clock through the real policy, tracker and ranking; the screen is scripted.
import { describe, expect, test } from 'vitest';
import { parseReport, type Report } from '../../src/protocol/index.js';
import type { Classification } from '../../src/rules/types.js';
import { SignalPolicy } from '../../src/signals/signal-policy.js';
import { PolicyDriver } from './helpers/policy-driver.js';
import { childRecordId, screenChildId } from '../../src/signals/child-records.js';
import type { PolicyOutput, SignalPolicyConfig } from '../../src/signals/types.js';
import type { HookSignal } from '../../src/hooks/events.js';

const working: Classification = { state: 'working', rule: 'spinner' };
const idle: Classification = { state: 'idle', rule: 'prompt' };
const apiError: Classification = { state: 'error', msg: 'API Error: 500 boom', rule: 'api-error' };

type Step = { at: number; paint: Classification } | { at: number; hook: HookSignal } | { at: number; native: Report } | { at: number; exit: number | null } | { at: number; hangup: true } | { at: number; resend: true };

const start = (id: string, title?: string): HookSignal => ({ event: 'SubagentStart', state: 'working', subagent: { id, phase: 'start', ...(title ? { title } : {}) } });
const stop = (id: string): HookSignal => ({ event: 'SubagentStop', state: 'done', subagent: { id, phase: 'stop' } });
const prompt: HookSignal = { event: 'UserPromptSubmit', state: 'working' };
const stopHook: HookSignal = { event: 'Stop', state: 'done' };

/** The policy driven as the shim drives it; each written report as `state[:kind][ id][ "msg"]` (what the terminal reads back). */
function run(steps: readonly Step[], config: Partial<SignalPolicyConfig> = {}): string[] {
  const driver = new PolicyDriver({ app: 'claude-code', onExit: 'clear', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false, ...config });
  for (const step of steps) {
    driver.until(step.at);
    if ('paint' in step) driver.paint(step.at, step.paint);
    else if ('hook' in step) driver.handle({ type: 'hook', at: step.at, signal: step.hook });
    else if ('native' in step) driver.handle({ type: 'native', at: step.at, report: step.native });
    else if ('exit' in step) driver.handle({ type: 'exit', at: step.at, code: step.exit, signal: null });
    else if ('resend' in step) driver.handle({ type: 'resend', at: step.at });
    else driver.handle({ type: 'hangup', at: step.at });
  }
  driver.until(Infinity);
  const { outputs } = driver;
  return outputs.flatMap((o) => {
    if ((o.type !== 'report' && o.type !== 'child') || o.bytes === undefined) return [];
    const parsed = parseReport(o.bytes);
    if (parsed?.type !== 'report') throw new Error('unreadable report bytes');
    const r = parsed.report;
    return [`${r.state}${r.kind ? `:${r.kind}` : ''}${r.id ? ` ${r.id}` : ''}${r.title ? ` [${r.title}]` : ''}${r.msg ? ` "${r.msg}"` : ''}${r.progress !== undefined ? ` ${r.progress}%` : ''}`];
  });
}

describe('child records from SubagentStart/SubagentStop', () => {
  test.each<[string, Step[], Partial<SignalPolicyConfig>, string[]]>([
    [
      'a subagent is a record of its own while the session works; the turn ends when the last child has ended',
      [
        { at: 0, hook: prompt },
        { at: 10, paint: working },
        { at: 100, hook: start('a31bf86884dfd3ebc', 'general-purpose') },
        { at: 200, hook: start('a7a69a503380f98b5', 'general-purpose') },
        { at: 300, hook: stopHook },
        { at: 400, paint: idle },
        { at: 3000, hook: stop('a31bf86884dfd3ebc') },
        { at: 4000, hook: stop('a7a69a503380f98b5') },
      ],
      {},
      [
        'working',
        'working a31bf86884dfd3ebc [general-purpose]',
        'working a7a69a503380f98b5 [general-purpose]',
        'working "waiting for 2 subagents"',
        'clear a31bf86884dfd3ebc',
        'working "waiting for 1 subagent"',
        'clear a7a69a503380f98b5',
        'done',
      ],
    ],
    [
      'a viewer that comes back (resend) is shown the session and each running child again; an ended child is not',
      [
        { at: 0, hook: prompt },
        { at: 100, hook: start('abc', 'general-purpose') },
        { at: 200, hook: start('def') },
        { at: 300, hook: stop('def') },
        { at: 1000, resend: true },
      ],
      {},
      ['working', 'working abc [general-purpose]', 'working def', 'clear def', 'working', 'working abc [general-purpose]'],
    ],
    [
      "children of a session with a record id are under it; the session's clear at exit removes them (cascading)",
      [{ at: 0, hook: prompt }, { at: 100, hook: start('agent 1/x') }, { at: 500, exit: 0 }],
      { id: 'pane3' },
      ['working pane3', 'working pane3/agent-1-x', 'clear pane3'],
    ],
    [
      "an exit reported as error clears each child by its own clear (the session's record stays)",
      [{ at: 0, hook: prompt }, { at: 100, hook: start('abc') }, { at: 500, exit: 3 }],
      { onExit: 'result' },
      ['working', 'working abc', 'clear abc', 'error "claude-code exited with status 3"'],
    ],
    [
      'the terminal hangs up: the id-less clear removes every record, children included',
      [{ at: 0, hook: prompt }, { at: 100, hook: start('abc') }, { at: 500, hangup: true }],
      {},
      ['working', 'working abc', 'clear'],
    ],
    [
      'a stop for a subagent never started, and a second start of the same one, say nothing',
      [{ at: 0, hook: prompt }, { at: 100, hook: stop('nobody') }, { at: 200, hook: start('abc') }, { at: 300, hook: start('abc') }, { at: 400, hook: stop('abc') }],
      {},
      ['working', 'working abc', 'clear abc'],
    ],
  ])('%s', (_name, steps, config, expected) => {
    expect(run(steps, config)).toEqual(expected);
  });
});

describe("the agent's own child reports win: the hooks' are never a duplicate", () => {
  test('Claude Code reporting for itself: a SubagentStart adds no record', () => {
    const reports = run([
      { at: 0, native: { state: 'idle', app: 'claude-code' } },
      { at: 100, native: { state: 'working', app: 'claude-code' } },
      { at: 200, hook: start('a31bf86884dfd3ebc', 'general-purpose') },
      { at: 300, hook: stop('a31bf86884dfd3ebc') },
    ]);
    expect(reports.filter((r) => r.includes('a31bf'))).toEqual([]);
  });

  test("a child the hooks made before the agent's first own report is cleared by it", () => {
    expect(run([{ at: 0, hook: prompt }, { at: 100, hook: start('abc') }, { at: 200, native: { state: 'working', app: 'claude-code' } }])).toEqual(['working', 'working abc', 'clear abc']);
  });
});

// The third source: the rows an agent draws for its running subagents (a rule file's `children`), read on each
// swept screen. `children` on a classification is the whole set while the rows' anchor shows; absent, nothing known.
const rows = (c: Classification, ...descriptions: string[]): Classification => ({ ...c, children: descriptions.map((description) => ({ type: 'general-purpose', description })) });
const docs = screenChildId('general-purpose', 'Survey the docs');
const tests = screenChildId('general-purpose', 'Survey the tests');
/** A dialog or the slash-command menu over the rows: their anchor is gone, the classification has no `children`. */
const menu: Classification = { state: 'idle', rule: 'prompt' };

describe('child records from the screen: the rows under the footer', () => {
  test('the id is a 32-bit FNV-1a of `<type> <description>` in base 36', () => {
    // Computed apart (Python, FNV-1a 32 over the UTF-8 bytes; it gives e40c292c for `a` and bf9cf968 for `foobar`).
    expect(screenChildId('general-purpose', 'Survey the docs')).toBe('137y4f0');
    expect(screenChildId('general-purpose', 'Survey the tests')).toBe('k9s2j0');
    expect(screenChildId('general-purpose', 'Überprüfe die Tests')).toBe('vmkhj3');
    expect(screenChildId('general-purpose', 'Survey the docs')).not.toBe(screenChildId('Explore', 'Survey the docs'));
  });

  test.each<[string, Step[], Partial<SignalPolicyConfig>, string[]]>([
    [
      'a row is a child record while it shows; the session works meanwhile; the turn ends when the last row has gone',
      [
        { at: 0, paint: working },
        { at: 1000, paint: rows(working, 'Survey the docs') },
        { at: 2000, paint: rows(working, 'Survey the docs', 'Survey the tests') },
        { at: 3000, paint: rows(idle, 'Survey the docs', 'Survey the tests') },
        { at: 5000, paint: rows(idle, 'Survey the tests') },
        { at: 7000, paint: rows(idle) },
      ],
      {},
      [
        'working',
        `working ${docs} [Survey the docs]`,
        `working ${tests} [Survey the tests]`,
        'working "waiting for 2 subagents"',
        `clear ${docs}`,
        'working "waiting for 1 subagent"',
        `clear ${tests}`,
        'done',
      ],
    ],
    [
      'two identical rows are one record',
      [{ at: 0, paint: working }, { at: 500, paint: rows(working, 'Survey the docs', 'Survey the docs') }, { at: 1000, paint: rows(working) }],
      {},
      ['working', `working ${docs} [Survey the docs]`, `clear ${docs}`],
    ],
    [
      'the anchor hidden (the /exit menu over the rows): a row out of sight has not ended; the exit clear cascades',
      [{ at: 0, paint: working }, { at: 500, paint: rows(working, 'Survey the docs') }, { at: 1000, paint: menu }, { at: 3000, exit: 0 }],
      {},
      ['working', `working ${docs} [Survey the docs]`, 'working "waiting for 1 subagent"', 'clear'],
    ],
    [
      'the anchor hidden by a dialog, then the footer back without the row: the child ends then',
      [{ at: 0, paint: working }, { at: 500, paint: rows(working, 'Survey the docs') }, { at: 1000, paint: { ...menu, state: 'blocked', kind: 'permission', rule: 'permission' } }, { at: 3000, paint: rows(working) }],
      {},
      ['working', `working ${docs} [Survey the docs]`, 'blocked:permission', `clear ${docs}`, 'working'],
    ],
    [
      'an exit kept as error clears each screen child by its own clear; children under a record id are under it',
      [{ at: 0, paint: working }, { at: 500, paint: rows(working, 'Survey the docs') }, { at: 1000, exit: 3 }],
      { onExit: 'result', id: 'pane3' },
      ['working pane3', `working pane3/${docs} [Survey the docs]`, `clear pane3/${docs}`, 'error pane3 "claude-code exited with status 3"'],
    ],
  ])('%s', (_name, steps, config, expected) => {
    expect(run(steps, config)).toEqual(expected);
  });
});

describe('rows that say a subagent ended (`children.ended`: Codex\'s `└ <id>: Completed - …`)', () => {
  const id1 = '01a24e2b-f82e-7133-97fc-a5198a39df9e';
  const id2 = '01a24e2b-f84a-7561-bbc2-d2cb66908f26';
  const codex = (c: Classification, running: string[] | undefined, ended: string[] = []): Classification => ({
    ...c,
    ...(running === undefined ? {} : { children: running.map((description) => ({ type: '', description })) }),
    ...(ended.length === 0 ? {} : { childrenEnded: ended.map((description) => ({ type: '', description })) }),
  });
  const a = screenChildId('', id1);
  const b = screenChildId('', id2);
  test('the id of a row without a type is the hash of its description alone', () => {
    expect(a).toBe('qtx98f'); // computed apart, as above
  });
  test('an ended row ends its child even with the anchor scrolled away; the turn then ends', () => {
    expect(
      run([
        { at: 0, paint: working },
        { at: 500, paint: codex(working, [id1, id2]) },
        { at: 2000, paint: codex(working, [id2], [id1]) },
        { at: 4000, paint: codex(idle, undefined, [id2]) },
      ]),
    ).toEqual(['working', `working ${a} [${id1}]`, `working ${b} [${id2}]`, `clear ${a}`, `clear ${b}`, 'done']);
  });
});

describe('ranked: the agent\'s own child reports, then hooks, then the rows', () => {
  test('an agent reporting for itself whose reports name no subagent (Codex): the rows still make records', () => {
    expect(
      run([
        { at: 0, native: { state: 'working', app: 'codex' } },
        { at: 100, paint: rows(working, 'Survey the docs') },
        { at: 2000, paint: rows(working) },
      ]).filter((r) => r.includes(docs)),
    ).toEqual([`working ${docs} [Survey the docs]`, `clear ${docs}`]);
  });

  test('the agent reporting a subagent of its own: the rows made so far are cleared, and make no record from then on', () => {
    const reports = run([
      { at: 0, native: { state: 'working', app: 'claude-code' } },
      { at: 500, paint: rows(working, 'Survey the docs') },
      { at: 1000, native: { state: 'working', app: 'claude-code', id: 'a31bf86884dfd3ebc', title: 'Survey the docs' } },
      { at: 2000, paint: rows(working, 'Survey the docs', 'Survey the tests') },
      { at: 3000, paint: rows(working) },
    ]);
    expect(reports.filter((r) => r.includes(docs) || r.includes('Survey the tests'))).toEqual([`working ${docs} [Survey the docs]`, `clear ${docs}`]);
  });

  test('hooks that told of a subagent: the rows make no record of theirs, before or after', () => {
    expect(
      run([
        { at: 0, hook: prompt },
        { at: 100, hook: start('a31bf86884dfd3ebc', 'general-purpose') },
        { at: 500, paint: rows(working, 'Survey the docs') },
        { at: 2000, paint: rows(working, 'Survey the docs', 'Survey the tests') },
        { at: 3000, hook: stop('a31bf86884dfd3ebc') },
        { at: 3100, paint: rows(working) },
      ]),
    ).toEqual(['working', 'working a31bf86884dfd3ebc [general-purpose]', 'clear a31bf86884dfd3ebc']);
  });

  test("a child the rows made before the first subagent hook is cleared by it: the hooks' ids speak from then on", () => {
    expect(
      run([
        { at: 0, paint: working },
        { at: 500, paint: rows(working, 'Survey the docs') },
        { at: 1000, hook: start('a31bf86884dfd3ebc', 'general-purpose') },
        { at: 2000, paint: rows(working) },
      ]),
    ).toEqual(['working', `working ${docs} [Survey the docs]`, `clear ${docs}`, 'working a31bf86884dfd3ebc [general-purpose]']);
  });
});

describe('a turn stopped by a failure (StopFailure) reads error until the next turn', () => {
  const failure: HookSignal = { event: 'StopFailure', state: 'error', msg: 'usage limit · resets 3:45pm', resets: '3:45pm' };
  test.each<[string, Step[], string[]]>([
    ['the hook says error, the screen then at rest keeps it; the next prompt clears it', [{ at: 0, hook: prompt }, { at: 10, paint: working }, { at: 500, hook: failure }, { at: 600, paint: idle }, { at: 5000, hook: prompt }], ['working', 'error "usage limit · resets 3:45pm"', 'working']],
    ['the screen sees it alone (an old Claude Code without StopFailure)', [{ at: 0, hook: prompt }, { at: 10, paint: working }, { at: 2000, paint: apiError }, { at: 4000, paint: idle }], ['working', 'error "API Error: 500 boom"']],
    ['a sign-in failure reads blocked:auth', [{ at: 0, hook: prompt }, { at: 500, hook: { event: 'StopFailure', state: 'blocked', kind: 'auth', msg: 'authentication failed' } }], ['working', 'blocked:auth "authentication failed"']],
  ])('%s', (_name, steps, expected) => {
    expect(run(steps)).toEqual(expected);
  });
});

describe('task progress from hooks: done/total, the task in progress as msg', () => {
  test('3/7 · Running the tests while working; the finished list is dropped at the end of the turn', () => {
    const tasks = (done: number, current?: string): HookSignal => ({ event: 'PostToolUse', state: 'working', tasks: { done, total: 7, ...(current ? { current } : {}) } });
    expect(
      run([{ at: 0, hook: prompt }, { at: 10, paint: working }, { at: 100, hook: tasks(3, 'Running the tests') }, { at: 2000, hook: tasks(7) }, { at: 2100, hook: stopHook }, { at: 2200, paint: idle }]),
    ).toEqual(['working', 'working "3/7 · Running the tests" 42%', 'working "7/7" 100%', 'done']);
  });
});

describe('childRecordId', () => {
  test.each<[string | undefined, string, string | undefined]>([
    [undefined, 'a31bf86884dfd3ebc', 'a31bf86884dfd3ebc'],
    ['pane', 'toolu_01/ABC DEF', 'pane/toolu_01-ABC-DEF'],
    [undefined, 'x'.repeat(40), 'x'.repeat(32)],
    [undefined, '///', undefined],
    ['a/b/c/d/e/f/g/h', 'child', undefined],
  ])('%s + %s → %s', (parent, agentId, expected) => {
    expect(childRecordId(parent, agentId)).toBe(expected);
  });
});

describe("a hook's failure the agent's own reports do not say: the agent's report stands, the disagreement is drift", () => {
  const drive = (nativeAfter: Report | undefined): { reports: string[]; drifts: PolicyOutput[] } => {
    const outputs: PolicyOutput[] = [];
    const policy = new SignalPolicy({ app: 'claude-code', onExit: 'clear', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false }, (o) => outputs.push(o));
    policy.handle({ type: 'native', at: 0, report: { state: 'working', app: 'claude-code' } });
    policy.handle({ type: 'hook', at: 100, signal: { event: 'StopFailure', state: 'error', msg: 'rate limit' } });
    if (nativeAfter !== undefined) policy.handle({ type: 'native', at: 400, report: nativeAfter });
    for (let next = policy.nextDeadline(); next !== null && next < 5000; next = policy.nextDeadline()) policy.tick(next);
    const reports = outputs.flatMap((o) => (o.type === 'report' ? [`${o.report.state}@${o.source}`] : []));
    return { reports, drifts: outputs.filter((o) => o.type === 'drift') };
  };

  test('the agent says error too: no drift', () => {
    expect(drive({ state: 'error', app: 'claude-code', msg: 'API Error: 429' }).drifts).toEqual([]);
  });

  test('the agent stays working: its report stands, one drift names the hook', () => {
    const { reports, drifts } = drive(undefined);
    expect(reports).toEqual(['working@native']);
    expect(drifts).toEqual([
      { type: 'drift', drift: { since: 100, at: 1100, nativeSince: 0, on: ['state'], native: { state: 'working' }, screen: { state: 'error', msg: 'rate limit', rule: 'hook:StopFailure' } } },
    ]);
  });
});

describe("the agent's own child records pass a multiplexer", () => {
  const childOutputs = (copyNative: boolean): string[] => {
    const outputs: PolicyOutput[] = [];
    const policy = new SignalPolicy({ app: 'claude-code', onExit: 'clear', timing: { settleMs: 40, intervalMs: 700 }, copyNative }, (o) => outputs.push(o));
    policy.handle({ type: 'native', at: 0, report: { state: 'working', app: 'claude-code' } });
    policy.handle({ type: 'native', at: 10, report: { state: 'working', id: 'a31bf86884dfd3ebc', app: 'claude-code', title: 'Survey the docs' } });
    policy.handle({ type: 'native', at: 20, report: { state: 'clear', id: 'a31bf86884dfd3ebc' } });
    return outputs.flatMap((o) => (o.type === 'child' ? [`${o.report.state} ${o.report.id}`] : []));
  };
  test('inside tmux (copyNative) a copy of each goes; outside, its own bytes suffice', () => {
    expect(childOutputs(true)).toEqual(['working a31bf86884dfd3ebc', 'clear a31bf86884dfd3ebc']);
    expect(childOutputs(false)).toEqual([]);
  });
});
