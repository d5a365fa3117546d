// Every bundled pattern must stay fast on hostile screens. A pattern like `(?:[^\n]*\S[^\n]*\n)*?`
// can match a row in many ways and backtracks exponentially when the rest fails: the first version
// of the Claude Code question rule hung on a screen of option rows with no blank row after them.
import { describe, expect, test } from 'vitest';
import { bundledRules } from './helpers/screens.js';

/** A pattern that takes longer than this on a 50×200 screen is backtracking, not matching. */
const SLOW_PATTERN_MS = 50;

const ROWS = 50;
const words = 'option with a few words of description text in it and more words'.repeat(3).slice(0, 199);
const fragments = [
  ' Bash command',
  ' Do you want to proceed?',
  '╌'.repeat(120),
  '   1. Yes',
  'Enter to select · ↑/↓ to navigate',
  ' Would you like to',
  '  ⎿  Interrupted · What should Claude do instead?',
  '✻ Thinking… (esc',
  ' Password for x',
  ' Continue? [y/N] y',
];
const screens: [string, string[]][] = [
  ['non-blank rows of words', Array.from({ length: ROWS }, (_, i) => `  ${i} ${words}`)],
  ['rules on every row', Array.from({ length: ROWS }, () => '─'.repeat(200))],
  ['dialog fragments out of order', Array.from({ length: ROWS }, (_, i) => fragments[i % fragments.length] ?? '')],
  ['option rows then the question footer', [...Array.from({ length: ROWS - 1 }, (_, i) => `     ${words.slice(i)}`), 'Enter to select · ↑/↓ to navigate · Esc to cancel']],
  ['spaces and single characters', Array.from({ length: ROWS }, (_, i) => `${' '.repeat(i)}x${' '.repeat(100)}y`)],
];

describe.each(['claude-code.toml', 'generic.toml'])('%s patterns stay fast', (file) => {
  const rules = bundledRules(file);
  const patterns = rules.rules.flatMap((rule) =>
    [...rule.any, ...rule.all, ...rule.none, ...rule.msgFrom].map((m): [string, RegExp] => [`${rule.name} ${m.key}`, m.re]),
  );

  test.each(screens)('on %s', (_name, lines) => {
    const text = lines.join('\n');
    const slow: string[] = [];
    for (const [name, re] of patterns) {
      const start = performance.now();
      re.exec(text);
      const ms = performance.now() - start;
      if (ms > SLOW_PATTERN_MS) slow.push(`${name}: ${ms.toFixed(0)} ms`);
    }
    expect(slow).toEqual([]);
  });

  test.each(screens)('classify and explain on %s', (_name, lines) => {
    const start = performance.now();
    rules.explain(lines);
    expect(performance.now() - start).toBeLessThan(SLOW_PATTERN_MS * 4);
  });
});
