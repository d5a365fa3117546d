// The messages between the shim's main thread and its screen worker.
import type { CursorStart } from '../screen/row-footprint.js';
import type { SweepResult } from '../screen/screen-classifier.js';

/** What a sweep tells the client about the screen it read, besides the result. */
export interface SweepHint {
  cursor: CursorStart;
  volatileRows: number[];
}

/** Main thread → worker. */
export type ToScreenWorker =
  /** `watch`: the SweepWatch block; `dropped`: rule names left out (they ran past the sweep time limit). */
  | { t: 'init'; cols: number; rows: number; ruleText: string; ruleFile: string; watch: SharedArrayBuffer; dropped: string[] }
  | { t: 'data'; bytes: Uint8Array }
  | { t: 'resize'; cols: number; rows: number }
  /** Output was skipped (a flood): start over from a blank screen; the flood's tail follows as data. */
  | { t: 'reset' }
  /** Classify with another rule set from now on (the foreground program changed). */
  | { t: 'rules'; ruleText: string; ruleFile: string; dropped: string[] }
  | { t: 'sweep'; seq: number };

/** Worker → main thread. */
export type FromScreenWorker =
  /**
   * `hint`: where the cursor stood at this sweep and which rows changed in it while the classification
   * stayed the same (omitted when none did): what the client needs to defer spinner-only sweeps.
   */
  | { t: 'swept'; seq: number; result: SweepResult; hint?: SweepHint }
  | { t: 'fault'; message: string };
