// Sweeps follow output: once after it settles, and at least every interval while it streams.
import { describe, expect, test } from 'vitest';
import { SweepScheduler } from '../../src/sweep/sweep-scheduler.js';

/** Replays output times and returns the times at which sweeps happen (checked every ms). */
function sweepsFor(outputs: number[], until: number, timing = { settleMs: 40, intervalMs: 700 }): number[] {
  const s = new SweepScheduler(timing);
  const sweeps: number[] = [];
  const pending = [...outputs];
  for (let t = 0; t <= until; t++) {
    while (pending.length > 0 && (pending[0] as number) <= t) s.noteOutput(pending.shift() as number);
    if (s.takeDue(t)) sweeps.push(t);
  }
  return sweeps;
}

describe('sweep scheduling', () => {
  test('nothing is swept before any output', () => {
    expect(sweepsFor([], 5000)).toEqual([]);
  });

  test('one paint then silence: exactly one sweep, settle time after the paint', () => {
    expect(sweepsFor([100], 5000)).toEqual([140]);
  });

  test('a burst is swept once, after its last byte', () => {
    expect(sweepsFor([100, 110, 120, 130], 5000)).toEqual([170]);
  });

  test('output every 10 ms never settles, so a sweep comes every interval', () => {
    const outputs = Array.from({ length: 300 }, (_, i) => i * 10);
    const sweeps = sweepsFor(outputs, 3100);
    expect(sweeps.slice(0, 4)).toEqual([700, 1400, 2100, 2800]);
    expect(sweeps.at(-1)).toBe(2990 + 40);
  });

  test('a 10 Hz spinner settles between frames: one sweep per frame', () => {
    const outputs = Array.from({ length: 10 }, (_, i) => i * 100);
    expect(sweepsFor(outputs, 2000)).toEqual(outputs.map((t) => t + 40));
  });

  test('nextDue reports the earliest of settle and interval deadlines', () => {
    const s = new SweepScheduler({ settleMs: 40, intervalMs: 700 });
    expect(s.nextDue()).toBeNull();
    s.noteOutput(0);
    expect(s.nextDue()).toBe(40);
    s.noteOutput(690);
    expect(s.nextDue()).toBe(700);
  });
});
