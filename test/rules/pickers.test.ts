// rules/generic.toml on pickers and install questions drawn in raw mode: fzf (its layouts, info styles and prompts),
// npx's `Ok to proceed? (y)` under its package list, and a whiptail box whose right edge is not drawn (debconf's
// scrolling msgbox): hand-made screens beside the recordings (test/rules/programs-recordings.test.ts: fixtures/fzf,
// fixtures/npm/*/npx-*, fixtures/debconf), for the shapes and the screens that must not read blocked — a shell's own
// `> ` continuation prompt, test output with a count, an answered question, the output left after fzf exited.
import { describe, expect, test } from 'vitest';
import { bundledRules, renderBytes } from './helpers/screens.js';

const generic = bundledRules('generic.toml');
const rows = (...lines: string[]): string => lines.join('\r\n');
type Want = { state: string; kind?: string; msg?: string; rule?: string };
const SEP = '─'.repeat(40);

const cases: [string, string, Want][] = [
  // ---- fzf, default layout (bottom-up): items, the counter, the prompt last
  ['fzf: the default prompt', rows('  gamma', '  beta', '> alpha', `  3/3 ${SEP}`, '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3', rule: 'fzf' }],
  ['fzf: a query typed', rows('> gamma', `  1/3 ${SEP}`, '> ga'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3', rule: 'fzf' }],
  ['fzf: the pointer on an upper item', rows('  gamma', '> beta', '  alpha', `  3/3 ${SEP}`, '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3' }],
  ['fzf: a custom prompt and a query', rows('> feature/login', '  fix/issue-27', `  2/4 ${SEP}`, 'Branch> f'), { state: 'blocked', kind: 'question', msg: 'fzf: Branch', rule: 'fzf-prompt' }],
  ['fzf: a prompt ending in a colon', rows('> notes.txt', `  1/1 ${SEP}`, 'Pick a file: '), { state: 'blocked', kind: 'question', msg: 'fzf: Pick a file' }],
  ['fzf: an item with a colon over the counter does not make a prompt', rows('> b', '  note: a', `  2/2 ${SEP}`, '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 2', rule: 'fzf' }],
  ['fzf: --multi, two marked', rows(' >gamma', '>>beta', '  alpha', `  3/3 (2) ${SEP}`, '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3' }],
  ['fzf: still reading its input (a spinner, a percentage)', rows('> a.txt', `⠋ 120/4000 (3%) ${SEP}`, '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 4000' }],
  ['fzf: nothing matches (no pointer row)', rows(`  0/3 ${SEP}`, '> zzz'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3' }],
  ['fzf: no separator (--no-separator, fzf < 0.36)', rows('  beta', '> alpha', '  2/2', '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 2' }],
  ['fzf ≥ 0.53: the `▌` pointer', rows('  beta', '▌ alpha', `  2/2 ${SEP}`, '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 2' }],
  ['fzf --height under shell output', rows('dev@box:~/repo$ git branch | fzf --height 40%', '  main', '> develop', `  2/2 ${SEP}`, '>'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 2' }],
  // ---- fzf, reverse layout: the prompt first, the counter, the items
  ['fzf --layout=reverse', rows('Branch>', `  4/4 ${SEP}`, '> main', '  develop', '  feature/login-form'), { state: 'blocked', kind: 'question', msg: 'fzf: Branch', rule: 'fzf-prompt' }],
  ['fzf --layout=reverse, the default prompt', rows('>', `  2/2 ${SEP}`, '  main', '> develop'), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 2', rule: 'fzf' }],
  ['fzf --layout=reverse, nothing matches', rows('Branch> zzz', `  0/4 ${SEP}`), { state: 'blocked', kind: 'question', msg: 'fzf: Branch' }],
  // ---- fzf --info=inline: the counter on the prompt row
  ['fzf --info=inline', rows('  README.md', '> src/main.ts', `>   < 2/2 (0) ${SEP}`), { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 2' }],
  ['fzf --info=inline, a custom prompt, reverse', rows('File> ma  < 1/2', '> src/main.ts'), { state: 'blocked', kind: 'question', msg: 'fzf: File' }],
  // ---- not fzf
  ['fzf exited: the picked item printed', rows('dev@box:~/repo$ git branch | fzf', 'develop', 'dev@box:~/repo$'), { state: 'idle' }],
  ["a shell's continuation prompt", rows('$ for f in a b', '> do', '>'), { state: 'idle' }],
  ['a REPL: test output with a count, then its `> ` prompt', rows('> .test', '  3/3 tests passed', '>'), { state: 'idle' }],
  ['a heredoc with a fraction', rows('$ cat <<X', '>   1/2 cup sugar', '>'), { state: 'idle' }],
  // ---- npx
  ['npx: one package (npm 10+)', rows('Need to install the following packages:', 'cowsay@1.6.0', 'Ok to proceed? (y)'), { state: 'blocked', kind: 'permission', msg: 'npx: install cowsay@1.6.0? (y)', rule: 'npx-install' }],
  ['npx: indented (npm 7–9)', rows('Need to install the following packages:', '  cowsay@1.6.0', 'Ok to proceed? (y) '), { state: 'blocked', kind: 'permission', msg: 'npx: install cowsay@1.6.0? (y)' }],
  ['npx -p a -p b: two packages', rows('Need to install the following packages:', 'cowsay@1.6.0', 'lolcatjs@2.4.3', 'Ok to proceed? (y)'), { state: 'blocked', kind: 'permission', msg: 'npx: install cowsay@1.6.0 lolcatjs@2.4.3? (y)' }],
  ['npx: the list scrolled off', rows('lolcatjs@2.4.3', 'Ok to proceed? (y)'), { state: 'blocked', kind: 'permission', msg: 'Ok to proceed? (y)', rule: 'npx-proceed' }],
  ['npx: answered, the spinner under it', rows('Need to install the following packages:', 'cowsay@1.6.0', 'Ok to proceed? (y) y', '⠹'), { state: 'idle' }],
  ['npx: answered, cowsay ran', rows('Ok to proceed? (y) y', ' ____', '< hi >', ' ----'), { state: 'idle' }],
  ['npx: refused', rows('Ok to proceed? (y) n', 'npm error canceled'), { state: 'idle' }],
  // ---- whiptail/newt: a scrolling msgbox draws no right edge on its text rows and its button row
  [
    'whiptail scrolling msgbox (debconf at 60x15)',
    rows(
      'Package configuration',
      '',
      '  ┌────────────────┤ Configuring tzdata ├────────────────┐',
      '  │                                                      │',
      '  │ Please select your time zone. Contrary to modern',
      '  │ conventions, these POSIX-compatible zones use',
      '  │',
      '  │                        <Ok>',
      '  │                                                      │',
      '  └──────────────────────────────────────────────────────┘',
    ),
    { state: 'blocked', kind: 'question', msg: 'Please select your time zone. Contrary to modern conventions, these POSIX-compatible zones use', rule: 'box-buttons' },
  ],
];

describe.each([
  { cols: 80, rows: 24 },
  { cols: 200, rows: 50 },
])('pickers and install questions at $cols x $rows (rules/generic.toml)', (size) => {
  test.each(cases)('%s', async (_name, bytes, want) => {
    const result = generic.classify(await renderBytes(bytes, size));
    const got: Want = { state: result.state, ...(result.kind ? { kind: result.kind } : {}), ...(result.msg ? { msg: result.msg } : {}), ...(want.rule ? { rule: result.rule } : {}) };
    expect(got).toEqual(want);
  });
});
