// The status tracker's inputs and configuration.
import type { Classification } from '../rules/types.js';

/** One classified screen. `interrupted` marks a screen that shows the user cut the turn short (Esc). */
export interface StatusInput extends Classification {
  interrupted?: boolean;
}

/** What to report when the child exits: `result` = clear on status 0, else error; `clear`; `keep` = nothing. */
export type ExitPolicy = 'clear' | 'result' | 'keep';

/** How a {@link StatusTracker} reports. Times are in milliseconds. */
export interface TrackerConfig {
  /** Stable program name sent on every report (`claude-code`, `codex`, …). */
  app: string;
  /** Record id for every report; absent = the root record. */
  id?: string;
  /** How long the screen must stay idle before `idle`/`done` is reported (hides redraw gaps). Default 300. */
  settleMs?: number;
  /** Least time between two reports that are not transitions into or out of blocked/done/error. Default 250 (4 a second). */
  minIntervalMs?: number;
  /** What the child's exit reports. Default `result`. */
  onExit?: ExitPolicy;
}
