import { describe, expect, test } from 'vitest';
import { compileRuleFile } from '../../src/rules/compile.js';
import { RuleError, type RuleErrorCode } from '../../src/rules/errors.js';

const FILE = 'rules/demo.toml';
const HEAD = `app = "demo"\ncommands = ["demo"]\nversions = ["1.0"]\n`;
const RULE = `[[rules]]\nname = "permission"\nstate = "blocked"\nkind = "permission"\nany = ['Allow\\?']\n`;
const IDLE = `[[rules]]\nname = "prompt"\nstate = "idle"\nany = ['^> ']\n`;

function errorOf(text: string): RuleError {
  try {
    compileRuleFile(text, FILE);
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

describe('a valid rule file compiles', () => {
  test('metadata and rules come through in order', () => {
    const set = compileRuleFile(`${HEAD}description = "demo app"\n${RULE}${IDLE}`, FILE);
    expect(set.app).toBe('demo');
    expect(set.commands).toEqual(['demo']);
    expect(set.versions).toEqual(['1.0']);
    expect(set.description).toBe('demo app');
    expect(set.rules.map((r) => r.name)).toEqual(['permission', 'prompt']);
  });

  test('commands, versions and rules may be empty', () => {
    expect(compileRuleFile(`app = "x"\nrules = []\n`, FILE).rules).toEqual([]);
  });
});

// Every problem, with the exact one-line message the CLI prints before exiting 2.
const cases: [string, string, RuleErrorCode, string][] = [
  [
    'invalid TOML',
    `app = "demo\n${RULE}`,
    'toml',
    'rules/demo.toml: invalid TOML at line 1, column 12: control characters are not allowed in strings',
  ],
  [
    'an unknown top-level key',
    `${HEAD}colour = "red"\n${RULE}`,
    'unknown-key',
    'rules/demo.toml: unknown key "colour" (valid keys: app, commands, versions, description, lifecycle, children, rules)',
  ],
  [
    'an unknown key in a rule',
    `${HEAD}${RULE}nay = ['Deny']\n`,
    'unknown-key',
    'rules/demo.toml: rule "permission" (#1): unknown key "nay" (valid keys: name, description, state, kind, interrupted, region, dialog, flags, any, all, none, msg_from, msg_template, msg_lines, checklist)',
  ],
  [
    'a bad regex',
    `${HEAD}${IDLE}[[rules]]\nname = "broken"\nstate = "idle"\nany = ['ok', '(unclosed']\n`,
    'bad-regex',
    'rules/demo.toml: rule "broken" (#2): bad regex in any[1] "(unclosed": Invalid regular expression: /(unclosed/mu: Unterminated group',
  ],
  [
    'a regex the always-on u flag refuses',
    `${HEAD}[[rules]]\nname = "escape"\nstate = "idle"\nall = ['a\\:b']\n`,
    'bad-regex',
    'rules/demo.toml: rule "escape" (#1): bad regex in all[0] "a\\\\:b": Invalid regular expression: /a\\:b/mu: Invalid escape',
  ],
  [
    'a pattern that matches an empty screen',
    `${HEAD}[[rules]]\nname = "greedy"\nstate = "working"\nany = ['x*']\n`,
    'bad-regex',
    'rules/demo.toml: rule "greedy" (#1): any[0] "x*" matches an empty screen, so it would decide every screen',
  ],
  [
    'an unknown state',
    `${HEAD}[[rules]]\nname = "wait"\nstate = "waiting"\nany = ['x']\n`,
    'bad-state',
    'rules/demo.toml: rule "wait" (#1): unknown state "waiting" (valid: idle, working, blocked, done, error)',
  ],
  [
    'a missing state',
    `${HEAD}[[rules]]\nname = "wait"\nany = ['x']\n`,
    'missing-key',
    'rules/demo.toml: rule "wait" (#1): missing key "state" (valid: idle, working, blocked, done, error)',
  ],
  [
    'an unknown kind',
    `${HEAD}[[rules]]\nname = "ask"\nstate = "blocked"\nkind = "approval"\nany = ['x']\n`,
    'bad-kind',
    'rules/demo.toml: rule "ask" (#1): unknown kind "approval" (valid: permission, question, auth)',
  ],
  [
    'a kind on a rule that is not blocked',
    `${HEAD}[[rules]]\nname = "busy"\nstate = "working"\nkind = "question"\nany = ['x']\n`,
    'kind-not-blocked',
    'rules/demo.toml: rule "busy" (#1): kind "question" is only allowed with state "blocked" (state is "working")',
  ],
  [
    'blocked without a kind',
    `${HEAD}[[rules]]\nname = "stuck"\nstate = "blocked"\nany = ['x']\n`,
    'kind-missing',
    'rules/demo.toml: rule "stuck" (#1): state "blocked" needs a kind (valid: permission, question, auth)',
  ],
  [
    'a duplicate rule name',
    `${HEAD}${RULE}${IDLE}${RULE}`,
    'duplicate-name',
    'rules/demo.toml: rule "permission" (#3): duplicate name "permission" (also rule #1)',
  ],
  [
    'a rule without any or all',
    `${HEAD}[[rules]]\nname = "empty"\nstate = "idle"\nnone = ['x']\n`,
    'no-matchers',
    'rules/demo.toml: rule "empty" (#1): no matchers: give "any" or "all" (a list of patterns), or dialog = true',
  ],
  [
    'a rule without a name (named by index)',
    `${HEAD}${RULE}[[rules]]\nstate = "idle"\nany = ['x']\n`,
    'missing-key',
    'rules/demo.toml: rule #2: missing key "name"',
  ],
  [
    'a misspelt name key (reported as unknown, by index)',
    `${HEAD}[[rules]]\nnmae = "x"\nstate = "idle"\nany = ['x']\n`,
    'unknown-key',
    'rules/demo.toml: rule #1: unknown key "nmae" (valid keys: name, description, state, kind, interrupted, region, dialog, flags, any, all, none, msg_from, msg_template, msg_lines, checklist)',
  ],
  [
    'a single string where a list belongs',
    `${HEAD}[[rules]]\nname = "one"\nstate = "idle"\nany = 'x'\n`,
    'bad-value',
    'rules/demo.toml: rule "one" (#1): "any" must be a list of strings, got a string',
  ],
  [
    'a number inside a pattern list',
    `${HEAD}[[rules]]\nname = "one"\nstate = "idle"\nany = ['x', 3]\n`,
    'bad-value',
    'rules/demo.toml: rule "one" (#1): any[1] must be a string, got an integer',
  ],
  [
    'flags outside i and s',
    `${HEAD}[[rules]]\nname = "g"\nstate = "idle"\nflags = "gi"\nany = ['x']\n`,
    'bad-value',
    'rules/demo.toml: rule "g" (#1): bad flags "gi" (allowed: i, s; m and u are always on)',
  ],
  [
    'an unknown region name',
    `${HEAD}[[rules]]\nname = "r"\nstate = "idle"\nregion = "footer"\nany = ['x']\n`,
    'bad-value',
    'rules/demo.toml: rule "r" (#1): unknown region "footer" (valid: "screen", "below-last-rule", { bottom = N }, { top = N }, { rows = [start, end] }, { above = \'PATTERN\' })',
  ],
  [
    'a region count of zero',
    `${HEAD}[[rules]]\nname = "r"\nstate = "idle"\nregion = { bottom = 0 }\nany = ['x']\n`,
    'bad-value',
    'rules/demo.toml: rule "r" (#1): "region.bottom" must be an integer from 1 to 1000, got 0',
  ],
  [
    'an unknown region table key',
    `${HEAD}[[rules]]\nname = "r"\nstate = "idle"\nregion = { middle = 3 }\nany = ['x']\n`,
    'unknown-key',
    'rules/demo.toml: rule "r" (#1): unknown key "region.middle" (valid: "screen", "below-last-rule", { bottom = N }, { top = N }, { rows = [start, end] }, { above = \'PATTERN\' })',
  ],
  [
    'a region above a pattern that is no regex',
    `${HEAD}[[rules]]\nname = "r"\nstate = "idle"\nregion = { above = '(footer' }\nany = ['x']\n`,
    'bad-regex',
    'rules/demo.toml: rule "r" (#1): bad regex in region.above "(footer": Invalid regular expression: /(footer/mu: Unterminated group',
  ],
  [
    'a region above a pattern that matches every row',
    `${HEAD}[[rules]]\nname = "r"\nstate = "idle"\nregion = { above = 'x*' }\nany = ['x']\n`,
    'bad-regex',
    'rules/demo.toml: rule "r" (#1): region.above "x*" matches a blank row, so the region would end at the screen\'s last row',
  ],
  [
    'a region above something other than a string',
    `${HEAD}[[rules]]\nname = "r"\nstate = "idle"\nregion = { above = 3 }\nany = ['x']\n`,
    'bad-value',
    'rules/demo.toml: rule "r" (#1): "region.above" must be a pattern string, got an integer',
  ],
  [
    'a template placeholder other than {msg}',
    `${HEAD}[[rules]]\nname = "t"\nstate = "blocked"\nkind = "permission"\nany = ['(?<msg>x)']\nmsg_template = "approve {tool}: {msg}"\n`,
    'bad-value',
    'rules/demo.toml: rule "t" (#1): msg_template has unknown placeholder {tool} (only {msg})',
  ],
  [
    'a template using {msg} with nothing to fill it',
    `${HEAD}[[rules]]\nname = "t"\nstate = "blocked"\nkind = "permission"\nany = ['x']\nmsg_template = "approve {msg}"\n`,
    'bad-value',
    'rules/demo.toml: rule "t" (#1): msg_template uses {msg} but no pattern has a (?<msg>…) group and msg_lines is not set',
  ],
  [
    'a msg_from pattern without a msg group',
    `${HEAD}[[rules]]\nname = "t"\nstate = "idle"\nany = ['x']\nmsg_from = ['y']\n`,
    'bad-value',
    'rules/demo.toml: rule "t" (#1): msg_from[0] "y" has no (?<msg>…) group (msg_from is only for messages)',
  ],
  [
    'msg_lines out of range',
    `${HEAD}[[rules]]\nname = "t"\nstate = "idle"\nany = ['x']\nmsg_lines = 50\n`,
    'bad-value',
    'rules/demo.toml: rule "t" (#1): "msg_lines" must be an integer from 1 to 20, got 50',
  ],
  [
    'interrupted on a rule that is not idle',
    `${HEAD}[[rules]]\nname = "i"\nstate = "working"\ninterrupted = true\nany = ['x']\n`,
    'bad-value',
    'rules/demo.toml: rule "i" (#1): "interrupted" is only allowed with state "idle" (state is "working")',
  ],
  ['a missing app', `commands = ["x"]\n${RULE}`, 'missing-key', 'rules/demo.toml: missing key "app"'],
  [
    'an app that is not a valid OSC 7501 app',
    `app = "my app"\n${RULE}`,
    'bad-value',
    'rules/demo.toml: app "my app" must match ^[A-Za-z0-9_.+-]{1,32}$',
  ],
  [
    'a command given as a path',
    `app = "x"\ncommands = ["/usr/bin/claude"]\n${RULE}`,
    'bad-value',
    'rules/demo.toml: commands[0] "/usr/bin/claude" must be a command basename (no path, no spaces)',
  ],
  [
    'children that is not a table',
    `${HEAD}children = "rows"\n${RULE}`,
    'bad-value',
    'rules/demo.toml: children must be a table { anchor, row, ended? }, got a string',
  ],
  [
    'children without an anchor',
    `${HEAD}children = { row = '^  ◯ (?<type>\\S+)  (?<description>.+)' }\n${RULE}`,
    'missing-key',
    'rules/demo.toml: children needs "anchor" (a pattern)',
  ],
  [
    'children with an unknown key',
    `${HEAD}children = { anchor = '^─+$', row = '(?<type>a)(?<description>b)', list = 'x' }\n${RULE}`,
    'unknown-key',
    'rules/demo.toml: unknown key "list" (valid keys: anchor, row, ended)',
  ],
  [
    'a children row without its groups',
    `${HEAD}children = { anchor = '^─+$', row = '^  ◯ (?<type>\\S+)  .+' }\n${RULE}`,
    'bad-value',
    'rules/demo.toml: children.row needs the group (?<description>…) (and (?<type>…) where the agent shows one)',
  ],
  [
    'a children ended row without its description',
    `${HEAD}children = { anchor = '^─+$', row = '^(?<description>x)', ended = '^done' }\n${RULE}`,
    'bad-value',
    'rules/demo.toml: children.ended needs the group (?<description>…) (and (?<type>…) where the agent shows one)',
  ],
  [
    'a children anchor that is no regex',
    `${HEAD}children = { anchor = '^─+(', row = '(?<type>a)(?<description>b)' }\n${RULE}`,
    'bad-regex',
    'rules/demo.toml: bad regex in children.anchor "^─+(": Invalid regular expression: /^─+(/mu: Unterminated group',
  ],
  [
    'a children anchor that matches an empty screen',
    `${HEAD}children = { anchor = '^', row = '(?<type>a)(?<description>b)' }\n${RULE}`,
    'bad-regex',
    'rules/demo.toml: children.anchor "^" matches an empty screen, so it would decide every screen',
  ],
  ['no rules at all', HEAD, 'missing-key', 'rules/demo.toml: missing key "rules" (add [[rules]] tables)'],
];

describe('validation names the file, the rule and the problem', () => {
  test.each(cases)('%s', (_name, text, code, message) => {
    const error = errorOf(text);
    expect(error.message).toBe(message);
    expect(error.code).toBe(code);
    expect(error.file).toBe(FILE);
    expect(error.exitCode).toBe(2);
    expect(error.message).not.toContain('\n');
  });

  test('the error carries the rule and the key for tools', () => {
    const error = errorOf(`${HEAD}${RULE}nay = ['Deny']\n`);
    expect(error.rule).toEqual({ index: 1, name: 'permission' });
    expect(error.key).toBe('nay');
    expect(error.problem).toBe(
      'unknown key "nay" (valid keys: name, description, state, kind, interrupted, region, dialog, flags, any, all, none, msg_from, msg_template, msg_lines, checklist)',
    );
    expect(error.name).toBe('RuleError');
  });
});
