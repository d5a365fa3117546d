// RuleSet.classify tells a probe which rule runs (the live screen's time limit names a rule that runs too
// long by it), and RuleSet.without leaves dropped rules out.
import { describe, expect, test } from 'vitest';
import { compileRuleFile } from '../../src/rules/compile.js';

const RULES = compileRuleFile(
  [
    'app = "probe"',
    '[[rules]]',
    'name = "first"',
    'state = "working"',
    "any = ['^working$']",
    '[[rules]]',
    'name = "second"',
    'state = "blocked"',
    'kind = "question"',
    "any = ['^Continue\\?']",
    '',
  ].join('\n'),
  'probe.toml',
);

describe('RuleSet probe and without', () => {
  test('the probe hears each rule before it runs, by its place in the file', () => {
    const heard: number[] = [];
    const result = RULES.classify(['Continue?'], (i) => heard.push(i));
    expect(result).toMatchObject({ state: 'blocked', rule: 'second' });
    expect(heard).toEqual([1, 2]);
  });

  test('the first match stops the rules', () => {
    const heard: number[] = [];
    RULES.classify(['working'], (i) => heard.push(i));
    expect(heard).toEqual([1]);
  });

  test('without leaves the named rules out and keeps the file positions of the rest', () => {
    const rest = RULES.without(new Set(['first']));
    expect(rest.rules.map((r) => [r.name, r.index])).toEqual([['second', 2]]);
    expect(rest.classify(['working'])).toEqual({ state: 'idle' });
    expect(rest.app).toBe('probe');
    expect(RULES.without(new Set())).toBe(RULES);
  });
});
