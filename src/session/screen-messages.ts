// The messages between the shim's main thread and its screen worker.
import type { SweepResult } from './screen-classifier.js';

/** Main thread → worker. */
export type ToScreenWorker =
  | { t: 'init'; cols: number; rows: number; ruleText: string; ruleFile: string }
  | { t: 'data'; bytes: Uint8Array }
  | { t: 'resize'; cols: number; rows: number }
  | { t: 'reset' }
  /** Classify with another rule set from now on (the foreground program changed). */
  | { t: 'rules'; ruleText: string; ruleFile: string }
  /** Asks for a `parsed` message once everything received so far is parsed. */
  | { t: 'progress' }
  | { t: 'sweep'; seq: number };

/** Worker → main thread. */
export type FromScreenWorker =
  /** Sent when much has been parsed since the last report (bytes parsed in all, since the start). */
  | { t: 'parsed'; total: number }
  | { t: 'swept'; seq: number; result: SweepResult; parsed: number }
  | { t: 'fault'; message: string };
