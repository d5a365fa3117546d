// The pure half of the viewer watch: tmux's answer about the pane, and whether a client may have missed a report.
import { describe, expect, test } from 'vitest';
import { attachedSince, parsePaneSeen } from '../../src/session/viewer-watch.js';

describe('parsePaneSeen reads `#{session_attached} #{window_active} #{session_last_attached}`', () => {
  test.each([
    ['1 1 1765000000\n', { seen: true, lastAttachedMs: 1_765_000_000_000 }],
    ['2 1 1765000000', { seen: true, lastAttachedMs: 1_765_000_000_000 }],
    ['0 1 1765000000\n', { seen: false, lastAttachedMs: 1_765_000_000_000 }],
    ['1 0 1765000000\n', { seen: false, lastAttachedMs: 1_765_000_000_000 }],
    ['0 1 \n', { seen: false }],
    ['', undefined],
    ["can't find pane: %9\n", undefined],
  ])('%j', (answer, expected) => {
    expect(parsePaneSeen(answer)).toEqual(expected);
  });
});

describe('attachedSince: a client that shows the pane may have missed the report', () => {
  const writtenAt = 1_765_000_000_400;
  test.each([
    ['attached in the same second as the report', { seen: true, lastAttachedMs: 1_765_000_000_000 }, undefined, true],
    ['attached after it', { seen: true, lastAttachedMs: 1_765_000_001_000 }, undefined, true],
    ['attached long before it', { seen: true, lastAttachedMs: 1_764_999_990_000 }, undefined, false],
    ['the attach the last answer told of (the resend it caused went out)', { seen: true, lastAttachedMs: 1_765_000_000_000 }, 1_765_000_000_000, false],
    ['nobody shows the pane', { seen: false, lastAttachedMs: 1_765_000_001_000 }, undefined, false],
    ['tmux did not say when', { seen: true }, undefined, false],
  ])('%s', (_what, answer, known, expected) => {
    expect(attachedSince(answer, writtenAt, known)).toBe(expected);
  });
});
