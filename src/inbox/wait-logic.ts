// Pure: when `osf7501 wait` is satisfied.
import type { SessionEntry } from './entry.js';

/** The states `wait --until` accepts; `any` = blocked, done or idle (the session stopped working). */
export const UNTIL_CHOICES = ['blocked', 'done', 'idle', 'any'] as const;
export type Until = (typeof UNTIL_CHOICES)[number];

/** True when the entry is in the state `until` asks for. */
export function reached(entry: SessionEntry, until: Until): boolean {
  if (until === 'any') return entry.state === 'blocked' || entry.state === 'done' || entry.state === 'idle';
  return entry.state === until;
}

/**
 * True when `entry` satisfies the wait: in the wanted state and, with `next`, changed since the wait
 * began (`baseline` = the session's revision then; a session that appeared later has none).
 */
export function satisfies(entry: SessionEntry, until: Until, baseline: number | undefined, next: boolean): boolean {
  if (!reached(entry, until)) return false;
  return !next || baseline === undefined || entry.revision > baseline;
}
