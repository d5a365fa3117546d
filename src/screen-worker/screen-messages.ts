// The messages between the shim's main thread and its screen worker.
import type { CompiledRule, RuleSetInfo } from '../rules/rule-set.js';
import type { CursorStart } from '../screen/row-footprint.js';
import type { SweepResult } from '../screen/screen-classifier.js';

/** What a sweep tells the client about the screen it read, besides the result. */
export interface SweepHint {
  cursor: CursorStart;
  volatileRows: number[];
}

/**
 * A rule set compiled by the main thread, as structured clone carries it (RegExps keep their source and
 * flags): the worker rebuilds the RuleSet from it and never loads the TOML parser or the validation.
 */
export type RuleData = RuleSetInfo & { rules: readonly CompiledRule[] };

/** Main thread → worker. */
export type ToScreenWorker =
  /** `watch`: the SweepWatch block; `rules`: without the rules that ran past the sweep time limit. */
  | { t: 'init'; cols: number; rows: number; rules: RuleData; watch: SharedArrayBuffer }
  | { t: 'data'; bytes: Uint8Array }
  | { t: 'resize'; cols: number; rows: number }
  /** Output was skipped (a flood): start over from a blank screen; the flood's tail follows as data. */
  | { t: 'reset' }
  /** Classify with another rule set from now on (the foreground program changed). */
  | { t: 'rules'; rules: RuleData }
  | { t: 'sweep'; seq: number };

/** Worker → main thread. */
export type FromScreenWorker =
  /**
   * `hint`: where the cursor stood at this sweep and which rows changed in it while the classification
   * stayed the same (omitted when none did): what the client needs to defer spinner-only sweeps.
   */
  | { t: 'swept'; seq: number; result: SweepResult; hint?: SweepHint }
  | { t: 'fault'; message: string };
