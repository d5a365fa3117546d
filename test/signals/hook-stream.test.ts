// A hook's working between two hooks (spec/signals.md, "The ranking stays"): under the generic rules an agent's
// spinner is no rule's, its screen reads idle, and a plan's step that calls no tool for seconds fires no hook. The
// hook's working counts on while the output streams with no key typed; a pause or a key ends it. The real policy on
// a fake clock (PolicyDriver), the screen scripted: `frame` is a spinner's frame (output, no change of the screen),
// `paint` a changed screen (the spinner's elapsed seconds) the generic rules read as idle.
import { describe, expect, test } from 'vitest';
import type { HookSignal } from '../../src/hooks/events.js';
import type { Classification } from '../../src/rules/types.js';
import { PolicyDriver } from './helpers/policy-driver.js';

const agent = 'gemini-cli';
const working: HookSignal = { event: 'BeforeAgent', agent, state: 'working' };
const tool: HookSignal = { event: 'AfterTool', agent, state: 'working' };
const done: HookSignal = { event: 'AfterAgent', agent, state: 'done' };
const idleAt = (s: number): Classification => ({ state: 'idle', rule: 'prompt', msg: `${s}s` });

type Step = { at: number; hook: HookSignal } | { at: number; paint: Classification } | { at: number; frames: number } | { at: number; key: true };

/** The reports, `state@time`; `frames` draws a spinner frame every 100 ms until its time. */
function run(steps: readonly Step[]): string[] {
  const reports: string[] = [];
  const driver: PolicyDriver = new PolicyDriver({ app: 'generic', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false }, (o) => {
    if (o.type === 'report' && o.bytes !== undefined) reports.push(`${o.report.state}@${driver.now}`);
  });
  let spinnerFrom = 0;
  for (const step of steps) {
    if ('frames' in step) {
      for (let t = spinnerFrom; t <= step.frames; t += 100) {
        driver.until(t);
        driver.frame(t);
      }
      continue;
    }
    driver.until(step.at);
    spinnerFrom = step.at + 100;
    if ('hook' in step) driver.handle({ type: 'hook', at: step.at, signal: step.hook });
    else if ('paint' in step) driver.paint(step.at, step.paint);
    else driver.handle({ type: 'input', at: step.at });
  }
  driver.until(20_000);
  return reports;
}

describe("a hook's working while the output streams", () => {
  test('a step of seconds with no hook, the spinner turning: working until the end-of-turn hook, no done between', () => {
    expect(
      run([
        { at: 0, hook: working },
        { at: 50, paint: idleAt(0) },
        { at: 50, frames: 1000 },
        { at: 1000, paint: idleAt(1) },
        { at: 1000, frames: 2000 },
        { at: 2000, paint: idleAt(2) },
        { at: 2000, frames: 3000 },
        { at: 3000, paint: idleAt(3) },
        { at: 3000, frames: 3500 },
        { at: 3500, hook: tool },
        { at: 3500, frames: 6000 },
        { at: 5000, paint: idleAt(5) },
        { at: 6000, hook: done },
        { at: 6100, paint: idleAt(6) },
      ]),
    ).toEqual(['working@0', 'done@6300']);
  });

  test('a key (Esc, no hook fires) ends it: the idle screen speaks at once', () => {
    const reports = run([
      { at: 0, hook: working },
      { at: 50, paint: idleAt(0) },
      { at: 50, frames: 2500 },
      { at: 2500, key: true },
      { at: 2550, paint: idleAt(2) },
    ]);
    expect(reports).toEqual(['working@0', 'done@2890']);
  });

  test('a pause in the output ends it: a changed screen after the spinner stopped reads as the screen says', () => {
    const reports = run([
      { at: 0, hook: working },
      { at: 50, paint: idleAt(0) },
      { at: 50, frames: 1000 },
      { at: 3000, paint: idleAt(3) },
    ]);
    expect(reports).toEqual(['working@0', 'done@3340']);
  });
});
