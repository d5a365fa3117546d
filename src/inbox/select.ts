// Pure: which session a SESSION argument names (an id, a unique id prefix, or a shim pid).
import type { SessionEntry } from './entry.js';

/** The outcome of matching a SESSION argument against the live sessions. */
type Selection =
  | { ok: true; entry: SessionEntry }
  | { ok: false; reason: 'none' | 'ambiguous'; candidates: SessionEntry[] };

/** Finds the session `arg` names: an exact id, else the shim's pid (all digits), else a unique id prefix. */
export function selectSession(arg: string, entries: readonly SessionEntry[]): Selection {
  const exact = entries.find((e) => e.id === arg);
  if (exact) return { ok: true, entry: exact };
  if (/^[0-9]+$/u.test(arg)) {
    const byPid = entries.find((e) => e.pid === Number(arg));
    if (byPid) return { ok: true, entry: byPid };
  }
  const prefixed = arg === '' ? [] : entries.filter((e) => e.id.startsWith(arg));
  if (prefixed.length === 1 && prefixed[0]) return { ok: true, entry: prefixed[0] };
  return { ok: false, reason: prefixed.length === 0 ? 'none' : 'ambiguous', candidates: prefixed };
}
