// Pure: at most one notification per session and state within the cooldown.
import type { State } from '../protocol/types.js';

/** At most one notification per session and state every 30 s: a flapping prompt must not spam. */
export const NOTIFY_COOLDOWN_MS = 30_000;

/** The states worth a notification. */
const NOTIFY_STATES: readonly State[] = ['blocked', 'done'];

/** Remembers the last notification per (session, state); time comes from the caller. */
export class NotificationCooldown {
  private readonly last = new Map<string, number>();

  constructor(private readonly cooldownMs = NOTIFY_COOLDOWN_MS) {}

  /** True (and remembered) when a notification for `state` of `session` may go out at `now`. */
  take(session: string, state: State, now: number): boolean {
    if (!NOTIFY_STATES.includes(state)) return false;
    const key = `${session}\u0000${state}`;
    const before = this.last.get(key);
    if (before !== undefined && now - before < this.cooldownMs) return false;
    this.last.set(key, now);
    return true;
  }
}
