// How a report's message is built from the classifier's msg.
import { describe, expect, test } from 'vitest';
import { buildMessage } from '../../src/status/message.js';
import type { StatusInput } from '../../src/status/types.js';

describe('buildMessage', () => {
  test.each<[string, StatusInput, string | undefined]>([
    ['the raw msg', { state: 'working', msg: 'Reading file' }, 'Reading file'],
    ['whitespace collapsed', { state: 'working', msg: '  Reading\n  file \t' }, 'Reading file'],
    ['no msg at all', { state: 'working' }, undefined],
    ['an empty msg', { state: 'working', msg: '   ' }, undefined],
  ])('%s', (_name, input, expected) => {
    expect(buildMessage(input)).toBe(expected);
  });
});
