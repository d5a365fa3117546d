// `osf7501 rules check` warns about patterns that can backtrack catastrophically: a group repeated without
// bound around a body of nothing but repetition. The bundled rules must not have one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadRuleFile } from '../../src/rule-files/load.js';
import { lintRules, nestedQuantifierGroups } from '../../src/rules/pattern-lint.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'osf7501');

describe('nested unbounded quantifiers', () => {
  test.each([
    ['^(a+)+$', '(a+)+'],
    ['(?:\\s*\\w*)*x', '(?:\\s*\\w*)*'],
    ['(?:a|b+)+c', '(?:a|b+)+'],
    ['(?:(a+))+$', '(?:(a+))+'],
    ['(?<msg>(?:[ \\t]*\\S+)*)$', '(?:[ \\t]*\\S+)*'],
    ['x(a{2,})*y', '(a{2,})*'],
  ])('%s is flagged at %s', (source, group) => {
    expect(nestedQuantifierGroups(source)).toEqual([group]);
  });

  test.each([
    '(?:[^\\n]*\\n)*?x', // each iteration ends at its one newline
    '((a+)b)+',
    '(a{1,3})+',
    '\\(a+\\)+', // escaped parentheses are no group
    '[(a+)]+', // nor are they inside a class
    '(?=a+)+x', // a lookahead is an assertion
    '^[ \\t]*(?:●|⏺|⎿)[ \\t]+(?<msg>API Error\\b[^\\n]*(?:\\n[ \\t]+(?![─━✻])\\S[^\\n]*){0,5})',
  ])('%s is not flagged', (source) => {
    expect(nestedQuantifierGroups(source)).toEqual([]);
  });

  test('no bundled rule file has one', () => {
    const dir = join(ROOT, 'rules');
    const warnings = readdirSync(dir)
      .filter((f) => f.endsWith('.toml'))
      .flatMap((f) => lintRules(f, loadRuleFile(join(dir, f), f).rules));
    expect(warnings).toEqual([]);
  });

  test('a region pattern is linted too: { above = ... } names region.above', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf7501-lint-'));
    const file = join(dir, 'slow-region.toml');
    writeFileSync(file, 'app = "slow"\n[[rules]]\nname = "r"\nstate = "working"\nregion = { above = \'^(a+)+$\' }\nany = [\'x\']\n');
    expect(lintRules('slow-region.toml', loadRuleFile(file, 'slow-region.toml').rules)).toEqual([
      'slow-region.toml: rule "r" region.above: nested unbounded quantifier (a+)+ can backtrack exponentially ' +
        'on a row that almost matches (repeat something mandatory instead, e.g. (?:a+,)+)',
    ]);
  });

  test('rules check prints the warning on stderr, naming file, rule and group, and still passes the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf7501-lint-'));
    const file = join(dir, 'slow.toml');
    writeFileSync(file, 'app = "slow"\n[[rules]]\nname = "as"\nstate = "working"\nany = [\'^(a+)+$\']\n');
    const r = spawnSync(process.execPath, [BIN, 'rules', 'check', file], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`ok\t${file}\tslow, 1 rules\n`);
    expect(r.stderr).toBe(
      `osf7501: warning: ${file}: rule "as" any[0]: nested unbounded quantifier (a+)+ can backtrack exponentially ` +
        'on a row that almost matches (repeat something mandatory instead, e.g. (?:a+,)+)\n',
    );
  });
});
