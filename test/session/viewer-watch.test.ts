// The pure half of the viewer watch: tmux's answer about the pane, and whether a client is new since the last one.
import { describe, expect, test } from 'vitest';
import { newViewer, parsePaneSeen } from '../../src/session/viewer-watch.js';

describe("parsePaneSeen reads `#{session_attached} #{window_active}` and the clients' pids", () => {
  test.each([
    ['1 1\n4242\n', { seen: true, clients: ['4242'] }],
    ['2 1\n4242\n4300\n', { seen: true, clients: ['4242', '4300'] }],
    ['0 1\n', { seen: false, clients: [] }],
    ['1 0\n4242\n', { seen: false, clients: ['4242'] }],
    ['', undefined],
    ["can't find pane: %9\n", undefined],
  ])('%j', (answer, expected) => {
    expect(parsePaneSeen(answer)).toEqual(expected);
  });
});

describe('newViewer: a client that shows the pane and was not there at the last answer', () => {
  test.each([
    ['a client attached again (a new pid, the same tty)', { seen: true, clients: ['5000'] }, ['4242'], true],
    ['a second client beside the first', { seen: true, clients: ['4242', '5000'] }, ['4242'], true],
    ['the same client', { seen: true, clients: ['4242'] }, ['4242'], false],
    ['no answer before: unknown', { seen: true, clients: ['4242'] }, undefined, false],
    ['a new client that does not show the pane', { seen: false, clients: ['5000'] }, ['4242'], false],
  ])('%s', (_what, answer, known, expected) => {
    expect(newViewer(answer, known)).toBe(expected);
  });
});
