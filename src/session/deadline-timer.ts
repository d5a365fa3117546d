// One timer for the earliest of several deadlines (the policy's next sweep or settle, the gate's next retry).
import { performance } from 'node:perf_hooks';

/** Calls `fire(now)` once the earliest deadline asked for has come; a later deadline never delays an earlier one. */
export class DeadlineTimer {
  private timer: NodeJS.Timeout | undefined;
  private at = Infinity;

  constructor(private readonly fire: (now: number) => void) {}

  /** Fires at `deadline` (performance.now() ms) unless an earlier deadline is already set; Infinity sets none. */
  arm(deadline: number, now: number): void {
    if (deadline === Infinity || deadline >= this.at) return;
    clearTimeout(this.timer);
    this.at = deadline;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.at = Infinity;
      this.fire(performance.now());
    }, Math.max(0, deadline - now));
    this.timer.unref();
  }

  /** Stops the timer. */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.at = Infinity;
  }
}
