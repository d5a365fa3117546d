// Pure: the one-line summary of every live session for status bars (`1 blocked · 1 done · 2 working`).
import type { State } from '../protocol/types.js';
import type { SessionEntry } from './entry.js';
import { STATE_GLYPHS, TMUX_STYLES } from './glyphs.js';
import { URGENCY } from './order.js';

/** How many live sessions are in each state (a `clear` entry is a session that reports nothing). */
type StateCounts = Record<Exclude<State, 'clear'>, number>;

/** The states a summary counts, most urgent first. */
const COUNTED = URGENCY.filter((s): s is Exclude<State, 'clear'> => s !== 'clear');

/** Counts the sessions per state. */
export function countStates(entries: readonly SessionEntry[]): StateCounts {
  const counts = Object.fromEntries(COUNTED.map((s) => [s, 0])) as StateCounts;
  for (const e of entries) if (e.state !== 'clear') counts[e.state]++;
  return counts;
}

/** `1 blocked · 1 done · 2 working`, most urgent first, zero counts left out; `''` when nothing runs. */
export function statusLine(counts: StateCounts): string {
  return COUNTED.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(' · ');
}

/** The same line with tmux style codes and each state's glyph: `#[fg=red,bold]● 1 blocked#[default] · …`. */
export function tmuxStatusLine(counts: StateCounts): string {
  return COUNTED.filter((s) => counts[s] > 0)
    .map((s) => `#[${TMUX_STYLES[s]}]${STATE_GLYPHS[s]} ${counts[s]} ${s}#[default]`)
    .join(' · ');
}
