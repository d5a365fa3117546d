// Drives a StatusTracker through timed screens with an ideal timer, and prints the reports compactly.
import type { Report } from '../../src/protocol/types.js';
import { StatusTracker } from '../../src/status/tracker.js';
import type { StatusInput, TrackerConfig } from '../../src/status/types.js';

/** A classification at a time (ms). */
export type Step = readonly [number, StatusInput];

/** `state/kind: msg`, without the parts a report leaves out. */
export function describeReport(r: Report): string {
  return `${r.state}${r.kind ? `/${r.kind}` : ''}${r.msg !== undefined ? `: ${r.msg}` : ''}`;
}

/** Every report of a run as `time state/kind: msg`; `tick()` is called exactly at each deadline, as an edge timer would. */
export function runSteps(steps: readonly Step[], config: Partial<TrackerConfig> = {}): string[] {
  const tracker = new StatusTracker({ app: 'claude-code', ...config });
  const seen: string[] = [];
  const record = (time: number, reports: Report[]): void => {
    for (const r of reports) seen.push(`${time} ${describeReport(r)}`);
  };
  const fireUntil = (time: number): void => {
    for (let d = tracker.nextDeadline(), guard = 0; d !== null && d <= time; d = tracker.nextDeadline(), guard++) {
      if (guard > 1000) throw new Error(`deadline ${d} never clears`);
      record(d, tracker.tick(d));
    }
  };
  for (const [time, input] of steps) {
    fireUntil(time);
    record(time, tracker.observe(time, input));
  }
  fireUntil(Infinity);
  return seen;
}

/** Screen shorthands. */
export const working = (msg?: string): StatusInput => ({ state: 'working', msg });
export const idle: StatusInput = { state: 'idle' };
export const interrupted: StatusInput = { state: 'idle', interrupted: true };
export const permission = (msg: string): StatusInput => ({ state: 'blocked', kind: 'permission', msg });
export const question = (msg: string): StatusInput => ({ state: 'blocked', kind: 'question', msg });
