// Drives the real SignalPolicy as the shim does, on a fake clock: every deadline in time order, each sweep the
// policy asks for answered at once with the screen last painted (changed only when a new paint came, or once
// the policy changed its rules).
import type { Classification } from '../../../src/rules/types.js';
import { SignalPolicy } from '../../../src/signals/signal-policy.js';
import type { ForegroundView, PolicyOutput, SignalEvent, SignalPolicyConfig } from '../../../src/signals/types.js';

const idle: Classification = { state: 'idle', rule: 'prompt' };

interface Painted {
  classification: Classification;
  /** The text of the cursor's row, for the terminal's own verdict. */
  cursorRow?: string;
}

export class PolicyDriver {
  readonly outputs: PolicyOutput[] = [];
  private readonly policy: SignalPolicy;
  private painted: Painted = { classification: idle };
  private lastSwept: Painted | undefined;
  private readonly asked: number[] = [];
  private clock = 0;

  /** `onOutput` sees each output as it comes, with `now` the time of the step or deadline that made it. */
  constructor(config: SignalPolicyConfig, private readonly onOutput?: (output: PolicyOutput) => void) {
    this.policy = new SignalPolicy(config, (output) => {
      this.outputs.push(output);
      if (output.type === 'sweep') this.asked.push(output.epoch);
      if (output.type === 'rules') this.lastSwept = undefined;
      this.onOutput?.(output);
    });
  }

  /** The time of the step or deadline being handled. */
  get now(): number {
    return this.clock;
  }

  /** Every deadline up to `t`, each sweep it asks for answered. */
  until(t: number): void {
    for (let next = this.policy.nextDeadline(); next !== null && next <= t; next = this.policy.nextDeadline()) {
      this.clock = next;
      this.policy.tick(next);
      for (let epoch = this.asked.shift(); epoch !== undefined; epoch = this.asked.shift()) {
        const changed = this.painted !== this.lastSwept;
        this.lastSwept = this.painted;
        const { classification, cursorRow } = this.painted;
        this.policy.handle({
          type: 'swept',
          at: next,
          epoch,
          outcome: changed ? { changed: true, classification, ...(cursorRow === undefined ? {} : { cursorRow }) } : { changed: false },
        });
      }
    }
  }

  /** The program draws a screen the rules read as `c` (output reaches the screen model). */
  paint(at: number, c: Classification, cursorRow?: string): void {
    this.clock = at;
    this.painted = { classification: c, ...(cursorRow === undefined ? {} : { cursorRow }) };
    this.policy.output(at);
  }

  /** Output the screen does not count as a change (a volatile row: a spinner's frame). */
  frame(at: number): void {
    this.clock = at;
    this.policy.output(at);
  }

  foreground(at: number, view: ForegroundView): void {
    this.clock = at;
    this.policy.foreground(at, view);
  }

  handle(event: SignalEvent): void {
    this.clock = event.at;
    this.policy.handle(event);
  }
}
