// The agent's own `blocked` without a msg, completed from the screen (spec/signals.md, "Completing the agent's
// own report"): the real policy on a fake clock, the screen scripted as in signal-policy.test.ts.
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
