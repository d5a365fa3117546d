// What the terminal's own state says of the program at the cursor's row: a secret asked, a line read, a program running.
import type { Classification } from '../rules/types.js';
import type { TerminalState } from './terminal-state.js';

/** How a session's program lives: an agent (its own rules and exit), a plain program, or an interactive shell. */
export type Lifecycle = 'agent' | 'program' | 'shell';

/**
 * A shell's, REPL's or pager's own prompt at the cursor: a line read there is the user's to type at, not a
 * question. `$ ` `# ` `% ` `> ` `❯ ` `› ` `» ` (a shell), `>>> ` and `... ` (Python), `(Pdb) `, `irb(…)> `,
 * `In [3]: ` (IPython), `=> ` / `mysql> ` (psql, mysql), `user@host:/tmp# `, and a row that is only `:` (less).
 */
const OWN_PROMPT = /(?:[$#%>❯›»]|>>>|\.\.\.|\(Pdb\)|In \[\d+\]:)\s*$|^\s*:\s*$/u;

/** A question that asks leave to do something (apt, rm -i, terraform, a deploy script) is a permission. */
const PERMISSION_WORDS = /\b(?:approve|proceed|remove|overwrite|delete|discard|apply|continue|replace|destroy|install|allow|confirm)\b/iu;

/** The longest prompt kept as a message (the encoder cuts to the report's budget anyway). */
const MAX_PROMPT_CHARS = 300;

/**
 * The verdict of the terminal's state: blocked (a secret, a line read at a prompt), idle (a line read at a shell's or
 * REPL's own prompt), working (a canonical-mode program that reads nothing), or undefined when it says nothing.
 */
export function terminalVerdict(state: TerminalState | undefined, cursorRow: string | undefined): Classification | undefined {
  if (state === undefined || state.mode !== 'canonical') return undefined; // a TUI reads keys: its screen tells
  const row = (cursorRow ?? '').replace(/\s+/gu, ' ').trim().slice(0, MAX_PROMPT_CHARS);
  if (state.echo === false && state.reading !== false) {
    const secret: Classification = { state: 'blocked', kind: 'auth', rule: 'terminal:echo-off' };
    if (row !== '') secret.msg = row;
    return secret;
  }
  if (state.reading === true) {
    if (row === '') return undefined;
    if (OWN_PROMPT.test(cursorRow ?? '')) return { state: 'idle', rule: 'terminal:own-prompt' }; // a shell's or REPL's
    return { state: 'blocked', kind: PERMISSION_WORDS.test(row) ? 'permission' : 'question', msg: row, rule: 'terminal:line-read' };
  }
  if (state.reading === false) return { state: 'working', rule: 'terminal:running' };
  return undefined;
}
