// The messages between the shim's main thread and its screen worker.
import type { SweepResult } from '../screen/screen-classifier.js';

/** Main thread → worker. */
export type ToScreenWorker =
  | { t: 'init'; cols: number; rows: number; ruleText: string; ruleFile: string }
  | { t: 'data'; bytes: Uint8Array }
  | { t: 'resize'; cols: number; rows: number }
  /** Output was skipped (a flood): start over from a blank screen; the flood's tail follows as data. */
  | { t: 'reset' }
  /** Classify with another rule set from now on (the foreground program changed). */
  | { t: 'rules'; ruleText: string; ruleFile: string }
  | { t: 'sweep'; seq: number };

/** Worker → main thread. */
export type FromScreenWorker =
  | { t: 'swept'; seq: number; result: SweepResult }
  | { t: 'fault'; message: string };
