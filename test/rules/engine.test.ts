import { describe, expect, test } from 'vitest';
import { compileRuleFile } from '../../src/rules/compile.js';
import type { RuleSet } from '../../src/rules/rule-set.js';

const set = (rules: string): RuleSet => compileRuleFile(`app = "t"\n${rules}`, 'rules/t.toml');

describe('first matching rule wins', () => {
  const rules = set(`
[[rules]]
name = "dialog"
state = "blocked"
kind = "permission"
any = ['^ Do you want to proceed\\?']

[[rules]]
name = "busy"
state = "working"
any = ['esc to interrupt']

[[rules]]
name = "prompt"
state = "idle"
any = ['^>(?: |$)']
`);

  test('a permission dialog whose footer still says esc to interrupt is blocked', () => {
    const screen = ['✶ Running… (esc to interrupt)', ' Do you want to proceed?', ' ❯ 1. Yes', 'esc to interrupt'];
    expect(rules.classify(screen)).toMatchObject({ state: 'blocked', kind: 'permission', rule: 'dialog' });
  });

  test.each([
    ['only the spinner', ['✶ Running… (esc to interrupt)', '> '], 'working', 'busy'],
    ['only the prompt', ['done.', '> '], 'idle', 'prompt'],
  ])('%s: the first rule that matches decides', (_name, screen, state, rule) => {
    expect(rules.classify(screen)).toMatchObject({ state, rule });
  });

  test('nothing matching is idle with no rule name', () => {
    expect(rules.classify(['compiling…', ''])).toEqual({ state: 'idle' });
    expect(rules.classify([])).toEqual({ state: 'idle' });
  });

  test('the classification names the deciding matcher and its text', () => {
    expect(rules.classify(['x esc to interrupt'])).toEqual({
      state: 'working',
      rule: 'busy',
      matched: 'esc to interrupt',
      matcher: 'any[0]',
    });
  });
});

describe('any, all and none', () => {
  const rules = set(`
[[rules]]
name = "r"
state = "working"
any = ['alpha', 'beta']
all = ['gamma']
none = ['delta']
`);

  test.each([
    ['one any and the all', ['alpha gamma'], true],
    ['the other any and the all', ['beta', 'gamma'], true],
    ['no any', ['gamma'], false],
    ['the all missing', ['alpha'], false],
    ['a none present', ['alpha gamma delta'], false],
  ])('%s → matches: %s', (_name, screen, matches) => {
    expect(rules.classify(screen).rule === 'r').toBe(matches);
  });

  test('all alone is enough', () => {
    const only = set(`[[rules]]\nname = "a"\nstate = "working"\nall = ['x', 'y']\n`);
    expect(only.classify(['x', 'y']).state).toBe('working');
    expect(only.classify(['x']).state).toBe('idle');
  });
});

describe('patterns', () => {
  test('^ and $ anchor at every row (m is always on)', () => {
    const rules = set(`[[rules]]\nname = "row"\nstate = "working"\nany = ['^Working$']\n`);
    expect(rules.classify(['first', 'Working', 'last']).state).toBe('working');
    expect(rules.classify(['Still Working now']).state).toBe('idle');
  });

  test('rows are right-trimmed before matching, so a pattern cannot rely on trailing spaces', () => {
    const rules = set(`[[rules]]\nname = "row"\nstate = "working"\nany = ['Working$']\n`);
    expect(rules.classify(['Working    ']).state).toBe('working');
    const spaced = set(`[[rules]]\nname = "row"\nstate = "idle"\nany = ['^> ']\n`);
    expect(spaced.classify(['> ']).rule).toBeUndefined();
  });

  test('a no-break space reads as a space (Claude Code 2.1.150 draws its prompt as ❯ U+00A0)', () => {
    const rules = set(`[[rules]]\nname = "p"\nstate = "idle"\nany = ['^❯ \\S']\n`);
    expect(rules.classify(['❯\u00a0make a build log']).rule).toBe('p');
  });

  test.each([
    ['i', ['WORK-ING'], 'working'],
    ['s', ['work', 'ing'], 'working'],
    ['', ['WORK-ING'], 'idle'],
    ['', ['work', 'ing'], 'idle'],
  ])('flags "%s"', (flags, screen, state) => {
    const rules = set(`[[rules]]\nname = "f"\nstate = "working"\nflags = "${flags}"\nany = ['work.ing']\n`);
    expect(rules.classify(screen).state).toBe(state);
  });

  test('u is always on: \\p{…} classes and astral characters work', () => {
    const rules = set(`[[rules]]\nname = "u"\nstate = "working"\nany = ['^\\p{So} \\p{L}+…$']\n`);
    expect(rules.classify(['✻ Thinking…']).state).toBe('working');
  });
});

describe('regions', () => {
  const screen = ['top line', '', 'middle', '──────────────', 'below rule', 'last', '', ''];
  const regionRule = (region: string, pattern: string): RuleSet =>
    set(`[[rules]]\nname = "r"\nstate = "working"\nregion = ${region}\nany = ['${pattern}']\n`);

  test.each([
    ['"screen"', 'top line', true],
    ['"below-last-rule"', 'below rule', true],
    ['"below-last-rule"', 'middle', false],
    ['{ bottom = 2 }', 'below rule', true],
    ['{ bottom = 1 }', 'below rule', false],
    ['{ bottom = 1 }', '^last$', true],
    ['{ top = 1 }', 'top line', true],
    ['{ top = 2 }', 'middle', true],
    ['{ top = 2 }', 'below rule', false],
    ['{ rows = [2, 3] }', 'middle', true],
    ['{ rows = [0, 2] }', 'middle', false],
    ['{ rows = [-4] }', 'below rule', true],
    ['{ rows = [-4] }', 'middle', false],
    ["{ above = '^below' }", 'middle', true],
    ["{ above = '^below' }", 'below rule', false],
    ["{ above = '^below' }", 'last', false],
    ["{ above = 'nowhere' }", 'last', true],
  ])('region %s sees %s: %s', (region, pattern, seen) => {
    expect(regionRule(region, pattern).classify(screen).state).toBe(seen ? 'working' : 'idle');
  });

  test('bottom counts non-empty rows and keeps blank rows between them', () => {
    const rules = regionRule('{ bottom = 2 }', 'a\\n\\nb');
    expect(rules.classify(['x', 'a', '', 'b', '', '']).state).toBe('working');
  });

  test('below-last-rule is the whole screen when there is no rule', () => {
    expect(regionRule('"below-last-rule"', 'top line').classify(['top line', 'x']).state).toBe('working');
  });

  test('above takes the rows over the LAST row its pattern matches (a footer drawn twice: the lower one)', () => {
    const rules = regionRule("{ above = '^footer' }", '^footer\\ndialog$');
    expect(rules.classify(['footer', 'dialog', 'footer', 'more']).state).toBe('working');
    expect(rules.classify(['dialog', 'footer']).state).toBe('idle');
  });

  test('below-last-rule is empty when the last row is a rule', () => {
    expect(regionRule('"below-last-rule"', 'x').classify(['x', '━━━━━━━━━━━━']).state).toBe('idle');
  });
});

describe('message extraction', () => {
  test('the named group msg becomes the message, whitespace collapsed', () => {
    const rules = set(`[[rules]]\nname = "m"\nstate = "blocked"\nkind = "question"\nany = ['Delete (?<msg>.+)\\?']\n`);
    expect(rules.classify(['Delete   my   file.txt?']).msg).toBe('my file.txt');
  });

  test('msg_template wraps the message', () => {
    const rules = set(`[[rules]]
name = "bash"
state = "blocked"
kind = "permission"
all = ['^ Bash command\\n\\s*^\\s*(?<msg>\\S.*)$', 'proceed\\?']
msg_template = "approve Bash: {msg}"
`);
    expect(rules.classify([' Bash command', '', '   ls -la', ' Do you want to proceed?']).msg).toBe('approve Bash: ls -la');
  });

  test('a template without {msg} is a fixed message', () => {
    const rules = set(`[[rules]]\nname = "m"\nstate = "blocked"\nkind = "auth"\nany = ['Login']\nmsg_template = "log in"\n`);
    expect(rules.classify(['Login']).msg).toBe('log in');
  });

  test('a template with {msg} gives no message when the group did not take part', () => {
    const rules = set(`[[rules]]
name = "m"
state = "blocked"
kind = "question"
any = ['Pick (?<msg>\\w+)\\?', 'Pick one']
msg_template = "pick {msg}"
`);
    expect(rules.classify(['Pick colour?']).msg).toBe('pick colour');
    expect(rules.classify(['Pick one']).msg).toBeUndefined();
  });

  test('msg_from patterns give the message without deciding the match', () => {
    const rules = set(`[[rules]]
name = "q"
state = "blocked"
kind = "question"
any = ['^Enter to select']
msg_from = ['^Q: (?<msg>.+)$', '^Title: (?<msg>.+)$']
`);
    expect(rules.classify(['Title: t', 'Q: which one?', 'Enter to select']).msg).toBe('which one?');
    expect(rules.classify(['Title: t', 'Enter to select']).msg).toBe('t');
    expect(rules.classify(['Q: which one?']).state).toBe('idle');
    expect(rules.classify(['Enter to select']).msg).toBeUndefined();
  });

  test('a group in the deciding matcher comes before msg_from', () => {
    const rules = set(`[[rules]]
name = "q"
state = "blocked"
kind = "question"
any = ['^Ask (?<msg>.+)$']
msg_from = ['^Q: (?<msg>.+)$']
`);
    expect(rules.classify(['Q: from msg_from', 'Ask from any']).msg).toBe('from any');
  });

  test('msg_lines takes a block of rows from the group, up to a blank row', () => {
    const rules = set(`[[rules]]
name = "q"
state = "blocked"
kind = "question"
any = ['^(?<msg>Which)']
msg_lines = 3
`);
    expect(rules.classify(['Which colour should the', 'banner be?', '', 'not this']).msg).toBe(
      'Which colour should the banner be?',
    );
    expect(rules.classify(['Which a', 'b', 'c', 'd']).msg).toBe('Which a b c');
  });

  test('msg_lines without a group takes the rows after the match, skipping blank rows first', () => {
    const rules = set(`[[rules]]
name = "b"
state = "blocked"
kind = "permission"
any = ['^ Bash command$']
msg_lines = 2
msg_template = "approve Bash: {msg}"
`);
    expect(rules.classify([' Bash command', '', '   git commit -m "one', '   two"', '', ' Do you?']).msg).toBe(
      'approve Bash: git commit -m "one two"',
    );
  });

  test('msg_lines trims box sides from each row', () => {
    const rules = set(`[[rules]]\nname = "b"\nstate = "blocked"\nkind = "permission"\nany = ['│ Bash command']\nmsg_lines = 1\n`);
    expect(rules.classify(['│ Bash command     │', '│                  │', '│   npm test       │']).msg).toBe('npm test');
  });
});

describe('interrupted', () => {
  test('an idle rule with interrupted = true marks the classification', () => {
    const rules = set(`[[rules]]\nname = "cut"\nstate = "idle"\ninterrupted = true\nany = ['Interrupted']\n`);
    expect(rules.classify(['Interrupted by user'])).toMatchObject({ state: 'idle', rule: 'cut', interrupted: true });
    expect(rules.classify(['fine'])).toEqual({ state: 'idle' });
  });

  test('other rules leave interrupted out', () => {
    const rules = set(`[[rules]]\nname = "p"\nstate = "idle"\nany = ['> ']\n`);
    expect(rules.classify(['> '])).not.toHaveProperty('interrupted');
  });
});

describe('explain', () => {
  const rules = set(`
[[rules]]
name = "dialog"
state = "blocked"
kind = "permission"
region = { bottom = 3 }
all = ['proceed\\?', 'Yes']

[[rules]]
name = "busy"
state = "working"
any = ['esc to interrupt']
none = ['Baked']

[[rules]]
name = "prompt"
state = "idle"
any = ['^>$']
`);

  test('every rule gets a verdict, and the result is the first match', () => {
    const explanation = rules.explain(['esc to interrupt', 'Baked for 3s', '> ', '']);
    expect(explanation.result).toMatchObject({ state: 'idle', rule: 'prompt' });
    expect(explanation.traces).toEqual([
      {
        rule: 'dialog',
        index: 1,
        state: 'blocked',
        kind: 'permission',
        region: '{ bottom = 3 }',
        regionRows: 3,
        outcome: 'all-failed',
        matcher: 'all[0]',
      },
      {
        rule: 'busy',
        index: 2,
        state: 'working',
        region: '"screen"',
        regionRows: 4,
        outcome: 'none-matched',
        matcher: 'none[0]',
        matched: 'Baked',
      },
      {
        rule: 'prompt',
        index: 3,
        state: 'idle',
        region: '"screen"',
        regionRows: 4,
        outcome: 'matched',
        matcher: 'any[0]',
        matched: '>',
      },
    ]);
  });

  test('explain agrees with classify', () => {
    const screen = ['Do you want to proceed?', '❯ 1. Yes', 'esc to interrupt'];
    expect(rules.explain(screen).result).toEqual(rules.classify(screen));
  });
});
