// Drives the real SignalPolicy as the shim does, on a fake clock: every deadline in time order, each sweep the
// policy asks for answered at once with the screen last painted (changed only when a new paint came).
import type { Classification } from '../../../src/rules/types.js';
import { SignalPolicy } from '../../../src/signals/signal-policy.js';
import type { PolicyOutput, SignalEvent, SignalPolicyConfig } from '../../../src/signals/types.js';

const idle: Classification = { state: 'idle', rule: 'prompt' };

export class PolicyDriver {
  readonly outputs: PolicyOutput[] = [];
  private readonly policy: SignalPolicy;
  private painted: Classification = idle;
  private lastSwept: Classification | undefined;
  private readonly asked: number[] = [];

  constructor(config: SignalPolicyConfig) {
    this.policy = new SignalPolicy(config, (output) => {
      this.outputs.push(output);
      if (output.type === 'sweep') this.asked.push(output.epoch);
    });
  }

  /** Every deadline up to `t`, each sweep it asks for answered. */
  until(t: number): void {
    for (let next = this.policy.nextDeadline(); next !== null && next <= t; next = this.policy.nextDeadline()) {
      this.policy.tick(next);
      for (let epoch = this.asked.shift(); epoch !== undefined; epoch = this.asked.shift()) {
        const changed = this.painted !== this.lastSwept;
        this.lastSwept = this.painted;
        this.policy.handle({ type: 'swept', at: next, epoch, outcome: changed ? { changed: true, classification: this.painted } : { changed: false } });
      }
    }
  }

  /** The program draws a screen the rules read as `c` (output reaches the screen model). */
  paint(at: number, c: Classification): void {
    this.painted = c;
    this.policy.output(at);
  }

  handle(event: SignalEvent): void {
    this.policy.handle(event);
  }
}
