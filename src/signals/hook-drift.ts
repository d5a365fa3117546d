// The agent's hooks as a check on the rules: where the screen rules' verdict and the agent's hooks disagree.
import type { HookSignal } from '../hooks/events.js';
import type { Report } from '../protocol/types.js';
import type { Classification } from '../rules/types.js';
import { DriftWatch, type DriftEvent, type DriftWatchConfig } from './drift.js';

/**
 * Follows the screen rules' own verdict beside the agent's hooks, as DriftWatch does beside its own reports,
 * with the hooks' verdict made a lasting one: each hook's state holds until the next hook, except a `blocked`,
 * which no hook ends (nothing fires on approval or Esc): once the screen has shown the dialog and then shows
 * none, the hooks say nothing until the next one. A hook `idle` after `done` changes nothing (Claude Code's
 * 60 s idle notification is no new turn). Pure: the caller passes the time, as for DriftWatch.
 */
export class HookDriftWatch {
  private readonly watch: DriftWatch;
  /** The hooks' current verdict, or undefined while they say nothing. */
  private verdict: Report | undefined;
  /** The screen has agreed with the hooks' current blocked. */
  private dialogSeen = false;

  constructor(config: DriftWatchConfig) {
    this.watch = new DriftWatch(config);
  }

  /** A hook's signal at `at`. */
  noteHook(at: number, signal: HookSignal): DriftEvent[] {
    if (signal.state === 'idle' && this.verdict?.state === 'done') return this.watch.tick(at);
    const report: Report = { state: signal.state, ...(signal.kind === undefined ? {} : { kind: signal.kind }), ...(signal.msg === undefined ? {} : { msg: signal.msg }) };
    this.verdict = report;
    this.dialogSeen = false;
    return this.mark(this.watch.noteNative(at, report));
  }

  /** The screen, classified at `at`. */
  observe(at: number, screen: Classification): DriftEvent[] {
    const found = this.watch.observe(at, screen);
    return this.mark([...found, ...this.lapse(at)]);
  }

  /** Deadlines that have come by `at`. */
  tick(at: number): DriftEvent[] {
    const found = this.watch.tick(at);
    return this.mark([...found, ...this.lapse(at)]);
  }

  /** When `tick` must next come (ms), or null. */
  nextDeadline(): number | null {
    return this.watch.nextDeadline();
  }

  /** A hooks' blocked the screen has shown and no longer shows is over. */
  private lapse(at: number): DriftEvent[] {
    if (this.verdict?.state !== 'blocked') return [];
    const screen = this.watch.screenVerdict;
    if (screen?.state === 'blocked') {
      this.dialogSeen = true;
      return [];
    }
    if (!this.dialogSeen) return [];
    this.verdict = undefined;
    return this.watch.noteNative(at, { state: 'clear' });
  }

  private mark(found: DriftEvent[]): DriftEvent[] {
    return found.map((d) => ({ ...d, from: 'hooks' as const }));
  }
}
