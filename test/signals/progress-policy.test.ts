// A program's own OSC 9;4 in the signal policy, on a fake clock (spec/signals.md, "Progress"): the real policy,
// ranking and tracker; the screen is scripted (each sweep reads what was painted).
import { describe, expect, test } from 'vitest';
import { parseReport } from '../../src/protocol/index.js';
import type { Classification } from '../../src/rules/types.js';
import { PolicyDriver } from './helpers/policy-driver.js';
import type { SignalPolicyConfig } from '../../src/signals/types.js';
import type { ProgressMark } from '../../src/stream/progress-marks.js';

const idle: Classification = { state: 'idle' };
const dialog: Classification = { state: 'blocked', kind: 'permission', msg: 'Apply the changes?', rule: 'dialog' };

type Step = { at: number; paint: Classification } | { at: number; bar: ProgressMark } | { at: number; exit: number };

/** Drives the policy as the shim does: every deadline in time order, each sweep answered at once. Reports as `t state[:kind][ progress][ msg]`. */
function run(steps: readonly Step[], config: Partial<SignalPolicyConfig> = {}): string[] {
  const reports: string[] = [];
  const driver: PolicyDriver = new PolicyDriver({ app: 'prog', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false, lifecycle: 'agent', ...config }, (o) => {
    if (o.type !== 'report' || o.bytes === undefined) return;
    const parsed = parseReport(o.bytes);
    if (parsed.type !== 'report') return;
    const r = parsed.report;
    reports.push([`${driver.now}`, [r.state, r.kind].filter((x) => x !== undefined).join(':'), r.progress === undefined ? undefined : `${r.progress}%`, r.msg].filter((x) => x !== undefined).join(' '));
  });
  for (const step of steps) {
    driver.until(step.at);
    if ('paint' in step) driver.paint(step.at, step.paint);
    else if ('bar' in step) {
      driver.handle({ type: 'progress', at: step.at, mark: step.bar });
      driver.frame(step.at); // the sequence is output too, though it draws nothing
    } else driver.handle({ type: 'exit', at: step.at, code: step.exit, signal: null });
  }
  driver.until(Infinity);
  return reports;
}

const value = (v: number): ProgressMark => ({ state: 'value', value: v });

describe("a program's own progress bar (OSC 9;4)", () => {
  test('a value on an idle screen is working with that progress; rising values follow; removed, the screen speaks again', () => {
    const reports = run([
      { at: 0, paint: idle },
      { at: 1000, bar: value(10) },
      { at: 2000, bar: value(50) },
      { at: 3000, bar: value(90) },
      { at: 4000, bar: { state: 'removed' } },
    ]);
    expect(reports).toEqual(['340 idle', '1000 working 10%', '2000 working 50%', '3000 working 90%', '4300 done']);
  });

  test('indeterminate is working without a value; an error or paused bar keeps its value', () => {
    // No screen swept yet: the first sweep (40 ms on) ranks it.
    expect(run([{ at: 0, bar: { state: 'indeterminate' } }])).toEqual(['40 working']);
    expect(run([{ at: 0, bar: { state: 'error', value: 30 } }])).toEqual(['40 working 30%']);
    expect(run([{ at: 0, bar: { state: 'paused', value: 60 } }])).toEqual(['40 working 60%']);
  });

  test('progress-only changes are rate limited to 4 a second, the latest winning, and never delay a change of state', () => {
    const steps: Step[] = Array.from({ length: 20 }, (_, i) => ({ at: 1000 + i * 20, bar: value(i * 5) }));
    steps.push({ at: 1500, paint: dialog });
    const reports = run([{ at: 0, paint: idle }, ...steps]);
    // 20 values in 400 ms: the first at once, then at most one a 250 ms, the latest; the dialog at its sweep.
    expect(reports).toEqual(['340 idle', '1000 working 0%', '1250 working 60%', '1500 working 95%', '1540 blocked:permission 95% Apply the changes?']);
  });

  test('a visible dialog wins over the bar, and the bar goes on once it is answered', () => {
    const reports = run([{ at: 0, bar: value(40) }, { at: 500, paint: dialog }, { at: 2000, paint: idle }]);
    expect(reports).toEqual(['40 working 40%', '540 blocked:permission 40% Apply the changes?', '2040 working 40%']);
  });

  test('a bar not updated for 15 s says nothing more: the screen decides', () => {
    const reports = run([{ at: 0, bar: value(40) }, { at: 16000, paint: idle }]);
    expect(reports).toEqual(['40 working 40%', '16340 done']);
  });

  test('a plain program exits: its record ends as a plain program does, the bar with it', () => {
    const reports = run([{ at: 0, bar: value(40) }, { at: 5000, bar: value(100) }, { at: 6000, exit: 0 }], { lifecycle: 'program', doneAfterMs: 3000, startedAt: 0 });
    expect(reports).toEqual(['40 working 40%', '5000 working 100%', '6000 done prog finished']);
  });
});
