// Every bundled pattern must stay fast on hostile screens. A pattern like `(?:[^\n]*\S[^\n]*\n)*?`
// can match a row in many ways and backtracks exponentially when the rest fails: the first version
// of the Claude Code question rule hung on a screen of option rows with no blank row after them.
import { describe, expect, test } from 'vitest';
import { bundledRules } from './helpers/screens.js';

/**
 * No absolute time limit (machines here are shared and noisy): each pattern is compared with a linear scan of
 * the same screen, timed side by side in the same run, best of a few tries each. Catastrophic backtracking is
 * thousands of times slower than a scan; an honest pattern, even a busy one, is within a few dozen.
 */
const SLOW_RATIO = 400;
/** Tries per timing: the best of them drops a scheduler pause or a collection that hit one try. */
const TRIES = 5;
/** A linear scan of every row, the yardstick. */
const LINEAR = /^[^\n]*$/gmu;

/** The fastest of TRIES runs of fn, in ms. */
function best(fn: () => void): number {
  let min = Infinity;
  for (let i = 0; i < TRIES; i++) {
    const start = performance.now();
    fn();
    min = Math.min(min, performance.now() - start);
  }
  return min;
}

/** The yardstick for one screen: ten linear scans (so that it is long enough to time), at least 0.05 ms. */
function yardstick(text: string): number {
  return Math.max(0.05, best(() => { for (let i = 0; i < 10; i++) text.match(LINEAR); }));
}

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
      const base = yardstick(text);
      const ms = best(() => re.exec(text));
      if (ms > SLOW_RATIO * base) slow.push(`${name}: ${ms.toFixed(1)} ms, ${(ms / base).toFixed(0)}× ten linear scans`);
    }
    expect(slow).toEqual([]);
  });

  test.each(screens)('classify and explain on %s', (_name, lines) => {
    const text = lines.join('\n');
    const base = yardstick(text);
    const ms = best(() => rules.explain(lines));
    // Every pattern once, plus the screen joined per region: a multiple of the per-pattern bound.
    expect(ms / base, `${ms.toFixed(1)} ms`).toBeLessThan(SLOW_RATIO * patterns.length);
  });
});

// The rule files' `[children]` patterns (anchor, row, ended) run on every screen, whatever rule decides.
const childScreens: [string, string[]][] = [
  ...screens,
  ['task rows with no hint under them', Array.from({ length: ROWS }, (_, i) => (i % 2 === 0 ? `     ⠋ General Task — ${words}` : `${' '.repeat(60)}LSP`))],
  ['prompt boxes with no footer', Array.from({ length: ROWS }, (_, i) => ['─'.repeat(120), `❯ ${words}`, `  ${words}`][i % 3] ?? '')],
  ['waiting rows and ids', Array.from({ length: ROWS }, (_, i) => (i % 5 === 0 ? '• Waiting for 3 agents' : `    01a24e2b-f82e-7133-97fc-a5198a39df9e${i % 2 === 0 ? ': Completed - x' : ''}`))],
];

describe.each(['claude-code.toml', 'codex.toml', 'opencode.toml'])('%s [children] patterns stay fast', (file) => {
  const children = bundledRules(file).children;
  const patterns: [string, RegExp][] = children === undefined ? [] : [['anchor', children.anchor], ['row', children.row], ...(children.ended === undefined ? [] : [['ended', children.ended] as [string, RegExp]])];

  test('the file reads subagent rows', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(2);
  });

  test.each(childScreens)('on %s', (_name, lines) => {
    const text = lines.join('\n');
    const slow: string[] = [];
    for (const [name, re] of patterns) {
      const base = yardstick(text);
      // The anchor runs over the whole screen (every match); a row pattern on each row.
      const ms = best(() => {
        if (re.global) {
          re.lastIndex = 0;
          while (re.exec(text) !== null);
        } else for (const line of lines) re.exec(line);
      });
      if (ms > SLOW_RATIO * base) slow.push(`${name}: ${ms.toFixed(1)} ms, ${(ms / base).toFixed(0)}× ten linear scans`);
    }
    expect(slow).toEqual([]);
  });
});
