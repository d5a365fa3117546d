// Pure: one glyph and one colour per state, shared by `status --tmux`, `watch`, tmux formats and `--title`.
import type { State } from '../protocol/types.js';

/** The glyph of each state: one terminal cell each, in every common font. */
export const STATE_GLYPHS: Readonly<Record<State, string>> = {
  blocked: '●',
  error: '✗',
  done: '✓',
  working: '…',
  idle: '○',
  clear: ' ',
};

/** tmux style of each state in `status --tmux` (`#[fg=…]`). */
export const TMUX_STYLES: Readonly<Record<State, string>> = {
  blocked: 'fg=red,bold',
  error: 'fg=red',
  done: 'fg=green',
  working: 'fg=yellow',
  idle: 'fg=default',
  clear: 'fg=default',
};
