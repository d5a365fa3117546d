// The OSC 9;4 bar beside the reports, pure: what each state shows, who owns the bar, the re-send on an injected clock.
import { describe, expect, test } from 'vitest';
import { latin1String } from '../../src/protocol/bytes.js';
import type { Report } from '../../src/protocol/types.js';
import { PROGRESS_RESEND_MS, ProgressBar, progressBody } from '../../src/status/progress-bar.js';

const text = (bytes: Uint8Array | undefined): string | undefined => (bytes === undefined ? undefined : latin1String(bytes));

describe('what the bar shows', () => {
  test.each<[Report, string]>([
    [{ state: 'working' }, '4;3'],
    [{ state: 'working', progress: 40 }, '4;1;40'],
    [{ state: 'blocked', kind: 'permission' }, '4;4'],
    [{ state: 'blocked', kind: 'question', progress: 70 }, '4;4;70'],
    [{ state: 'error' }, '4;2'],
    [{ state: 'error', progress: 30 }, '4;2;30'],
    [{ state: 'done' }, '4;0'],
    [{ state: 'idle' }, '4;0'],
    [{ state: 'clear' }, '4;0'],
  ])('%j → 9;%s', (report, body) => {
    expect(progressBody(report)).toBe(body);
  });
});

describe('ProgressBar', () => {
  test('writes a change only, as ESC ] 9 ; … ESC \\, and nothing for a removal of nothing', () => {
    const bar = new ProgressBar();
    expect(bar.report({ state: 'idle' }, 0)).toBeUndefined();
    expect(text(bar.report({ state: 'working' }, 1))).toBe('\x1b]9;4;3\x1b\\');
    expect(bar.report({ state: 'working', msg: 'x' }, 2)).toBeUndefined();
    expect(text(bar.report({ state: 'blocked', kind: 'permission' }, 3))).toBe('\x1b]9;4;4\x1b\\');
    expect(text(bar.report({ state: 'done' }, 4))).toBe('\x1b]9;4;0\x1b\\');
    expect(bar.report({ state: 'idle' }, 5)).toBeUndefined();
  });

  test('a shown bar is due again every resend interval from its last write; a removed one never', () => {
    const bar = new ProgressBar(PROGRESS_RESEND_MS);
    expect(bar.nextDeadline()).toBeUndefined();
    bar.report({ state: 'working' }, 1_000);
    expect(bar.nextDeadline()).toBe(11_000);
    expect(bar.tick(10_999)).toBeUndefined();
    expect(text(bar.tick(11_000))).toBe('\x1b]9;4;3\x1b\\');
    expect(bar.nextDeadline()).toBe(21_000);
    bar.report({ state: 'blocked' }, 15_000); // a change restarts the interval
    expect(bar.nextDeadline()).toBe(25_000);
    expect(text(bar.tick(25_000))).toBe('\x1b]9;4;4\x1b\\');
    bar.report({ state: 'idle' }, 26_000);
    expect(bar.nextDeadline()).toBeUndefined();
    expect(bar.tick(99_000)).toBeUndefined();
  });

  test("the program's own OSC 9;4 owns the bar for the rest of the session: nothing more, not even a removal", () => {
    const bar = new ProgressBar();
    bar.report({ state: 'working' }, 0);
    bar.childMark();
    expect(bar.ownedByChild).toBe(true);
    expect(bar.report({ state: 'blocked' }, 1)).toBeUndefined();
    expect(bar.nextDeadline()).toBeUndefined();
    expect(bar.tick(50_000)).toBeUndefined();
    expect(bar.end(60_000)).toBeUndefined();
  });

  test('the end removes a shown bar once, and nothing is written after it', () => {
    const bar = new ProgressBar();
    bar.report({ state: 'error' }, 0);
    expect(text(bar.end(1))).toBe('\x1b]9;4;0\x1b\\');
    expect(bar.end(2)).toBeUndefined();
    expect(bar.report({ state: 'working' }, 3)).toBeUndefined();
    expect(bar.nextDeadline()).toBeUndefined();
    const quiet = new ProgressBar();
    expect(quiet.end(0)).toBeUndefined();
  });
});
