// When reporting loads for a child that runs first: at the output's first pause, at an OSC 7501 sequence, at
// the exit, after silence, after a long stream; with a real EarlyOutput and real timers (no time thresholds:
// each test asserts what had happened when the cue came, however late the machine ran the timers).
import { describe, expect, test } from 'vitest';
import { EarlyOutput } from '../../src/session/early-output.js';
import { reportingCue, type ReportingCue } from '../../src/session/reporting-cue.js';
import type { ChildExit } from '../../src/pty/exit-status.js';

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const TIMING = { pauseMs: 40, silenceMs: 20, longestMs: 60_000 };

function output(): EarlyOutput {
  return new EarlyOutput({ writeTerminal: () => undefined, pause: () => undefined, resume: () => undefined });
}

/** A child's exit the test settles by hand. */
function exitLater(): { exited: Promise<ChildExit>; exit: (e: ChildExit) => void } {
  let exit: (e: ChildExit) => void = () => undefined;
  const exited = new Promise<ChildExit>((resolve) => (exit = resolve));
  return { exited, exit };
}

/** The cue and the time it came, as performance.now(). */
function watch(cue: Promise<ReportingCue>): { settled: Promise<{ cue: ReportingCue; at: number }> } {
  return { settled: cue.then((c) => ({ cue: c, at: performance.now() })) };
}

describe('reporting loads when output first pauses', () => {
  test('output that streams: the cue comes only once no chunk has come for the pause', async () => {
    const out = output();
    const { exited } = exitLater();
    const { settled } = watch(reportingCue(out, exited, Promise.resolve(true), TIMING));
    let cueAt: number | undefined;
    void settled.then((s) => (cueAt = s.at));
    // 300 ms of chunks every 2 ms (a stalled loop may still leave a real pause in it: then the cue may come early)
    const streamEnd = performance.now() + 300;
    while (performance.now() < streamEnd && cueAt === undefined) {
      out.write(enc('x'.repeat(4095)));
      await sleep(2);
    }
    const { cue, at } = await settled;
    expect(cue).toEqual({ reason: 'pause' });
    expect(at - out.lastOutputAt).toBeGreaterThanOrEqual(TIMING.pauseMs);
  });

  test('an OSC 7501 sequence in the output: at once, without waiting for a pause', async () => {
    const out = output();
    const { exited } = exitLater();
    const { settled } = watch(reportingCue(out, exited, Promise.resolve(true), TIMING));
    out.write(enc('text'));
    out.write(enc('\x1b]7501;?\x07'));
    const { cue, at } = await settled;
    expect(cue).toEqual({ reason: 'osc7501' });
    // Sooner than any pause could have been seen after the last chunk.
    expect(at - out.lastOutputAt).toBeLessThan(TIMING.pauseMs);
  });

  test("the child's exit comes first: the cue carries how it ended", async () => {
    const out = output();
    const { exited, exit } = exitLater();
    const cue = reportingCue(out, exited, Promise.resolve(true), TIMING);
    out.write(enc('bye'));
    exit({ code: 3 });
    expect(await cue).toEqual({ reason: 'exit', exit: { code: 3 } });
  });

  test('a child that writes nothing: silence after raw mode', async () => {
    const out = output();
    const { exited } = exitLater();
    let rawAt = 0;
    const raw = sleep(10).then(() => (rawAt = performance.now()));
    const { cue, at } = await watch(reportingCue(out, exited, raw, TIMING)).settled;
    expect(cue).toEqual({ reason: 'silence' });
    expect(at - rawAt).toBeGreaterThanOrEqual(TIMING.silenceMs - 1);
    expect(out.lastOutputAt).toBe(0);
  });

  test('output that never pauses: the cue comes after the longest stream', async () => {
    const out = output();
    const { exited } = exitLater();
    const { settled } = watch(reportingCue(out, exited, Promise.resolve(true), { pauseMs: 10_000, silenceMs: 20, longestMs: 80 }));
    let done = false;
    void settled.then(() => (done = true));
    out.write(enc('first'));
    const firstAt = performance.now();
    while (!done) {
      out.write(enc('more'));
      await sleep(2);
    }
    const { cue, at } = await settled;
    expect(cue).toEqual({ reason: 'stream' });
    expect(at - firstAt).toBeGreaterThanOrEqual(80 - 1);
  });
});
