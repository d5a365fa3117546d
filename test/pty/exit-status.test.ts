// The one table of signal names and numbers (the platform's own): the names in exit reports, 128+N statuses.
import { constants } from 'node:os';
import { describe, expect, test } from 'vitest';
import { shellStatus, signalName, signalNumber } from '../../src/pty/exit-status.js';

describe('signal names and numbers', () => {
  // Numbers POSIX fixes (and Linux and macOS share).
  test.each([
    [1, 'SIGHUP'], [2, 'SIGINT'], [3, 'SIGQUIT'], [6, 'SIGABRT'], [9, 'SIGKILL'], [13, 'SIGPIPE'], [14, 'SIGALRM'], [15, 'SIGTERM'],
  ] as const)('signal %i is %s, both ways', (number, name) => {
    expect(signalName(number)).toBe(name);
    expect(signalNumber(name)).toBe(number);
  });

  test('a number the platform has no name for is "signal N"', () => {
    expect(Object.values(constants.signals)).not.toContain(99);
    expect(signalName(99)).toBe('signal 99');
  });

  test('a child killed by signal N has the shell status 128+N; else its exit code', () => {
    expect(shellStatus({ code: 0, signal: signalNumber('SIGTERM') })).toBe(143);
    expect(shellStatus({ code: 3 })).toBe(3);
  });
});
