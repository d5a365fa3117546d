// Pure: which sessions need the user first, and which entries are stale.
import type { State } from '../protocol/types.js';
import type { SessionEntry } from './entry.js';

/** Most urgent first: a session waiting for the user, then a failed one, a finished one, a busy one. */
export const URGENCY: readonly State[] = ['blocked', 'error', 'done', 'working', 'idle', 'clear'];

/** Sorts by urgency, then longest in its state first, then by id (a stable, total order). */
export function byUrgency(a: SessionEntry, b: SessionEntry): number {
  return URGENCY.indexOf(a.state) - URGENCY.indexOf(b.state) || a.since - b.since || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The live entries, most urgent first; `alive(pid)` says whether a shim still runs. */
export function liveSessions(entries: readonly SessionEntry[], alive: (pid: number) => boolean): SessionEntry[] {
  return entries.filter((e) => alive(e.pid)).sort(byUrgency);
}
