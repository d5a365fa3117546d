// The messages between the shim's main thread and its screen worker.
import type { SweepResult } from './screen-classifier.js';

/** Main thread → worker. */
export type ToScreenWorker =
  | { t: 'init'; cols: number; rows: number; ruleText: string; ruleFile: string }
  | { t: 'data'; bytes: Uint8Array }
  | { t: 'resize'; cols: number; rows: number }
  | { t: 'reset' }
  | { t: 'sweep'; seq: number };

/** Worker → main thread. */
export type FromScreenWorker =
  | { t: 'parsed'; bytes: number }
  | { t: 'swept'; seq: number; result: SweepResult }
  | { t: 'fault'; message: string };
