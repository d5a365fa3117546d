// RuleSet.classify tells a probe which rule runs (the screen worker's watchdog reads it to name a rule that
// runs too long), and RuleSet.without leaves dropped rules out.
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
  test('the probe hears each rule that runs, by its place in the file, and then done', () => {
    const heard: string[] = [];
    const result = RULES.classify(['Continue?'], { rule: (i) => heard.push(`rule ${i}`), done: () => heard.push('done') });
    expect(result).toMatchObject({ state: 'blocked', rule: 'second' });
    expect(heard).toEqual(['rule 1', 'rule 2', 'done']);
  });

  test('the first match stops the rules; done is still told', () => {
    const heard: string[] = [];
    RULES.classify(['working'], { rule: (i) => heard.push(`rule ${i}`), done: () => heard.push('done') });
    expect(heard).toEqual(['rule 1', 'done']);
  });

  test('without leaves the named rules out and keeps the file positions of the rest', () => {
    const rest = RULES.without(new Set(['first']));
    expect(rest.rules.map((r) => [r.name, r.index])).toEqual([['second', 2]]);
    expect(rest.classify(['working'])).toEqual({ state: 'idle' });
    expect(rest.app).toBe('probe');
    expect(RULES.without(new Set())).toBe(RULES);
  });
});
