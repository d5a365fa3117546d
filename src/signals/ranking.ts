// The ranking of spec/signals.md below the agent's own reports: a visible blocked, a recent hook, the foreground, the screen.
import type { Classification } from '../rules/types.js';
import type { HookSignal } from '../hooks/events.js';
import type { ForegroundView } from './types.js';

/** How long a hook's working/done/idle outranks the screen's other rules (it has no end signal). */
export const HOOK_HINT_MS = 1500;
/** A hook's blocked arrives just before the dialog paints: it lapses only at a later non-blocked screen. */
export const HOOK_BLOCKED_GRACE_MS = 500;

/** A hook's signal as a classification the tracker takes. */
export function hookClassification(signal: HookSignal): Classification {
  const input: Classification = { state: signal.state, rule: `hook:${signal.event}` };
  if (signal.kind !== undefined) input.kind = signal.kind;
  if (signal.msg !== undefined) input.msg = signal.msg;
  return input;
}

/** Ranks each screen classification against the latest hook and the foreground program. Pure. */
export class SignalRanking {
  /** The latest lifecycle-hook classification, while it still counts. */
  private hookHint: { input: Classification; at: number } | undefined;
  /** The last screen classification ranked (re-ranked when the foreground changes). */
  lastScreen: Classification | undefined;
  /** The foreground as last read (a wrapped shell only). */
  view: ForegroundView | undefined;

  constructor(private readonly app: string) {}

  /** Remembers a hook's classification; true when it acts at once (a visible dialog outranks all but a hook's blocked). */
  noteHook(input: Classification, at: number): boolean {
    this.hookHint = { input, at };
    return !(this.lastScreen?.state === 'blocked' && input.state !== 'blocked');
  }

  /** The classification the tracker gets for `screen` at `now`. */
  rank(now: number, screen: Classification): Classification {
    this.lastScreen = screen;
    const running = this.view?.away === true && this.view.rules.app === this.app;
    let input: Classification = running && screen.state === 'idle' ? { state: 'working', rule: 'foreground-program' } : screen;
    const hint = this.hookHint;
    if (hint !== undefined && input.state !== 'blocked') {
      const age = now - hint.at;
      if (hint.input.state === 'blocked') {
        if (age < HOOK_BLOCKED_GRACE_MS) input = hint.input;
        else this.hookHint = undefined; // no hook fires on approval or Esc: the screen says it is over
      } else if (age < HOOK_HINT_MS) input = hint.input;
      else this.hookHint = undefined;
    }
    return input;
  }
}
