// What the classifier says about one visible screen.
import type { BlockedKind, ScreenState } from '../protocol/types.js';
import type { ScreenChild } from './children.js';

/** The verdict of one sweep: the first rule that matched, or the idle default. */
export interface Classification {
  state: ScreenState;
  /** Only with `blocked`. */
  kind?: BlockedKind;
  /** Text from the rule's named group `msg` (unsanitized screen text, whitespace collapsed). */
  msg?: string;
  /** Name of the rule that matched; undefined for the nothing-matched default. */
  rule?: string;
  /** The text the deciding matcher matched, for `--explain`. */
  matched?: string;
  /** Which matcher decided, as `any[0]` or `all[1]`, for `--explain`. */
  matcher?: string;
  /** True when an idle rule says the turn was interrupted (not finished) — the tracker's hint. */
  interrupted?: boolean;
  /** Percent done (0–100) of what is working, where known (a program's OSC 9;4). */
  progress?: number;
  /**
   * The subagents the rule file's `children` rows show running, whatever rule decided: the whole set while their
   * anchor is on screen (empty: none runs); absent when the file reads no rows or the anchor is not on screen.
   */
  children?: ScreenChild[];
  /** The subagents a row on the screen says have ended (the file's `children.ended`), anchor or not; absent when none. */
  childrenEnded?: ScreenChild[];
}

/**
 * The style of a row's first non-blank cell (a space with a background or in reverse video counts): its column,
 * reverse video, and its colours (-1: the terminal's default). A selection drawn in colour only shows in it.
 */
export interface RowStyle {
  column: number;
  inverse: boolean;
  bg: number;
  fg: number;
}
