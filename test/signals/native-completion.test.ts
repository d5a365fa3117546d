// The agent's own `blocked`, `error` and `working` without a msg (or progress), completed from the screen (spec/signals.md,
// "Completing the agent's own report"): the real policy on a fake clock, the screen scripted as in signal-policy.test.ts.
import { describe, expect, test } from 'vitest';
import { parseReport, type Report } from '../../src/protocol/index.js';
import type { Classification } from '../../src/rules/types.js';
import { PolicyDriver } from './helpers/policy-driver.js';
import type { PolicyOutput, SignalPolicyConfig } from '../../src/signals/types.js';

const working: Classification = { state: 'working', rule: 'spinner' };
const dialog = (msg: string): Classification => ({ state: 'blocked', kind: 'permission', msg, rule: 'approve-command' });

type Step = { at: number; paint: Classification } | { at: number; native: Report };

/** The reports the record got, in order: the decoded bytes the shim wrote, and the child's own (`native`). */
/** The shim's own reports made before the agent's first report (from the screen) are left out of `written`. */
function run(steps: readonly Step[], config: Partial<SignalPolicyConfig> = {}): { written: Report[]; outputs: PolicyOutput[] } {
  const driver = new PolicyDriver({ app: 'codex', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false, ...config });
  for (const step of steps) {
    driver.until(step.at);
    if ('paint' in step) driver.paint(step.at, step.paint);
    else driver.handle({ type: 'native', at: step.at, report: step.native });
  }
  driver.until(10_000);
  const { outputs } = driver;
  const first = outputs.findIndex((o) => o.type === 'report' && o.source === 'native');
  const written = outputs.slice(Math.max(first, 0)).flatMap((o) => {
    if (first < 0 || o.type !== 'report' || o.bytes === undefined) return [];
    const parsed = parseReport(Buffer.from(o.bytes).toString('latin1').slice(2, -2).replace(/^7501;/u, ''));
    return parsed.type === 'report' ? [parsed.report] : [];
  });
  return { written, outputs };
}

const blocked: Report = { state: 'blocked', kind: 'permission', app: 'codex' };

describe("the agent's own blocked without a msg", () => {
  test('gets the msg the screen reads, in a report of the same state, kind and app written after it', () => {
    const { written, outputs } = run([
      { at: 0, paint: working },
      { at: 100, native: { state: 'working', app: 'codex' } },
      { at: 1000, paint: dialog('approve shell: npm test') },
      { at: 1010, native: blocked },
    ]);
    expect(written).toEqual([{ state: 'blocked', kind: 'permission', app: 'codex', msg: 'approve shell: npm test' }]);
    // The child's own report came first, untouched (no bytes of the shim's for it).
    const natives = outputs.filter((o) => o.type === 'report' && o.source === 'native');
    expect(natives.map((o) => (o.type === 'report' ? [o.report.msg, o.bytes === undefined] : []))).toEqual([
      [undefined, true],
      [undefined, true],
      ['approve shell: npm test', false],
    ]);
  });

  test('a dialog the screen reads before the agent reports is completed at once', () => {
    const { written } = run([{ at: 0, paint: dialog('approve shell: touch build.log') }, { at: 500, native: blocked }]);
    expect(written.at(-1)).toEqual({ ...blocked, msg: 'approve shell: touch build.log' });
  });

  test('nothing is added when the screen shows no dialog, a dialog of another kind, or the agent says what waits', () => {
    expect(run([{ at: 0, paint: working }, { at: 500, native: blocked }]).written).toEqual([]);
    const question: Classification = { state: 'blocked', kind: 'question', msg: 'answer: which?', rule: 'q' };
    expect(run([{ at: 0, paint: question }, { at: 500, native: blocked }]).written).toEqual([]);
    expect(run([{ at: 0, paint: dialog('approve shell: ls') }, { at: 500, native: { ...blocked, msg: 'approve ls' } }]).written).toEqual([]);
  });

  test("the agent's next report replaces the completed one, and is not completed itself", () => {
    const { written } = run([
      { at: 0, paint: dialog('approve shell: ls') },
      { at: 500, native: blocked },
      { at: 2000, paint: working },
      { at: 2010, native: { state: 'working', app: 'codex' } },
    ]);
    expect(written).toEqual([{ ...blocked, msg: 'approve shell: ls' }]);
  });
});

const planRow = (done: number, total = 3): Classification => ({ state: 'working', progress: Math.floor((done * 100) / total), msg: `${done}/${total}`, rule: 'plan' });
const ownWorking: Report = { state: 'working', app: 'codex' };
const ownError: Report = { state: 'error', app: 'codex' };

/** When (ms, to the 10 ms step) each completion was written: the driver stepped through time. */
function completionTimes(steps: readonly Step[], end: number): number[] {
  const driver = new PolicyDriver({ app: 'codex', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false });
  const times: number[] = [];
  let seenOutputs = 0;
  let i = 0;
  for (let t = 0; t <= end; t += 10) {
    for (; i < steps.length && steps[i]!.at <= t; i++) {
      const step = steps[i]!;
      driver.until(step.at);
      if ('paint' in step) driver.paint(step.at, step.paint);
      else driver.handle({ type: 'native', at: step.at, report: step.native });
    }
    driver.until(t);
    for (const o of driver.outputs.slice(seenOutputs)) if (o.type === 'report' && o.completes === true) times.push(t);
    seenOutputs = driver.outputs.length;
  }
  return times;
}

describe("the agent's own working and error without msg or progress", () => {
  test('a working gets the plan’s progress and count; the next step is sent again; a screen without them gives the agent’s own back', () => {
    const { written } = run([
      { at: 0, paint: working },
      { at: 100, native: ownWorking },
      { at: 500, paint: planRow(0) },
      { at: 1500, paint: planRow(1) },
      { at: 3000, paint: working },
    ]);
    expect(written).toEqual([
      { ...ownWorking, progress: 0, msg: '0/3' },
      { ...ownWorking, progress: 33, msg: '1/3' },
      ownWorking,
    ]);
  });

  test('a retry on screen is the working report’s msg', () => {
    const { written } = run([
      { at: 0, paint: working },
      { at: 100, native: ownWorking },
      { at: 1000, paint: { state: 'working', msg: 'Reconnecting... 2/3', rule: 'reconnecting' } },
    ]);
    expect(written).toEqual([{ ...ownWorking, msg: 'Reconnecting... 2/3' }]);
  });

  test('an error gets what the screen says happened, and when it resets', () => {
    const { written } = run([
      { at: 0, paint: working },
      { at: 100, native: ownWorking },
      { at: 1000, paint: { state: 'error', msg: 'usage limit · resets 3:45pm', rule: 'usage-limit' } },
      { at: 1010, native: ownError },
    ]);
    expect(written).toEqual([{ ...ownError, msg: 'usage limit · resets 3:45pm' }]);
  });

  test('a screen of another state never completes (nor contradicts) the agent’s report', () => {
    const failure: Classification = { state: 'error', msg: 'usage limit', rule: 'usage-limit' };
    expect(run([{ at: 0, paint: failure }, { at: 500, native: ownWorking }]).written).toEqual([]);
    expect(run([{ at: 0, paint: planRow(1) }, { at: 500, native: ownError }]).written).toEqual([]);
    expect(run([{ at: 0, paint: planRow(1) }, { at: 500, native: { state: 'done', app: 'codex' } }]).written).toEqual([]);
  });

  test('only what the agent leaves out is filled: its own msg stays, its own progress is never countered', () => {
    const ownMsg: Report = { ...ownWorking, msg: 'Running the tests' };
    expect(run([{ at: 0, paint: planRow(1) }, { at: 500, native: ownMsg }]).written).toEqual([{ ...ownMsg, progress: 33 }]);
    expect(run([{ at: 0, paint: planRow(1) }, { at: 500, native: { ...ownWorking, progress: 50 } }]).written).toEqual([]);
    expect(run([{ at: 0, paint: planRow(1) }, { at: 500, native: { ...ownWorking, progress: 33 } }]).written).toEqual([{ ...ownWorking, progress: 33, msg: '1/3' }]);
    expect(run([{ at: 0, paint: planRow(1) }, { at: 500, native: { ...ownError, msg: 'quota' } }]).written).toEqual([]);
  });

  test('an agent that rounds its progress (67 for 2/3) counts as the same count; a msg the agent has just dropped is not added back', () => {
    expect(run([{ at: 0, paint: planRow(2) }, { at: 500, native: { ...ownWorking, progress: 67 } }]).written).toEqual([{ ...ownWorking, progress: 67, msg: '2/3' }]);
    const shells: Classification = { state: 'working', msg: '1 shell still running', rule: 'background' };
    const { written } = run([
      { at: 0, paint: shells },
      { at: 100, native: { ...ownWorking, msg: '1 shell still running' } },
      { at: 1000, native: ownWorking },
      { at: 1200, paint: working },
    ]);
    expect(written).toEqual([]);
  });

  test('changes come at most 4 a second, the latest winning', () => {
    const steps: Step[] = [
      { at: 0, paint: planRow(0, 9) },
      { at: 100, native: ownWorking },
      ...[1, 2, 3, 4, 5, 6].map((done): Step => ({ at: 200 + done * 20, paint: planRow(done, 9) })),
    ];
    const { written } = run(steps);
    expect(written.map((r) => r.msg)).toEqual(['0/9', '6/9']);
    const times = completionTimes(steps, 2000);
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(250);
  });
});
