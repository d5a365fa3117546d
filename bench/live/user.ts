// The simulated user: answers each prompt a few seconds after it appears, types the next task a few
// seconds after a turn ends, and sends /exit after the last one. Driven by the truth log, never by the shim.
import { monotonicMs } from '../../src/demo/clock.js';
import { makeRng, substreamSeed, type Rng } from '../../src/demo/rng.js';
import type { TruthEntry } from '../../src/demo/truth-log.js';
import type { LiveMode, Range } from './modes.js';

/** What the user types; some tasks end with a question mark, as people type them. */
const TASKS = [
  'fix the login timeout',
  'why does the cache serve stale pages?',
  'add a health endpoint',
  'update the dependencies and run the tests',
  'can you make the build reproducible?',
  'rename the config loader to loadSettings',
  'find out why CI is red on main',
  'remove the dead feature flags',
];

/** Random stream of the user, apart from the agent's (seed 7 plays the same turns either way). */
const USER_STREAM = 1_000_000;

/** The user's side of the session; `onTruth` is called for every truth entry, in order. */
export class SimulatedUser {
  private readonly rng: Rng;
  private submitted = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  /** `send` types keys into the terminal; `beforeExit` runs right before the Enter of `/exit`. */
  constructor(
    seed: number,
    private readonly mode: LiveMode,
    private readonly send: (keys: string) => void,
    private readonly beforeExit: () => void,
  ) {
    this.rng = makeRng(substreamSeed(seed, USER_STREAM));
  }

  /** Reacts to one change of the agent's true state. */
  onTruth(entry: TruthEntry): void {
    if (entry.state === 'blocked') {
      this.at(entry.t + this.delay(this.mode.answerDelay), () => this.send(this.rng.chance(0.5) ? '1' : '\r'));
    } else if (entry.state === 'done' || entry.state === 'idle') {
      const submitAt = entry.t + this.delay(this.mode.nextTaskDelay);
      if (this.submitted < this.mode.tasks) {
        this.submitted += 1;
        this.type(this.rng.pick(TASKS), submitAt);
      } else {
        this.type('/exit', submitAt, () => this.beforeExit());
      }
    }
  }

  /** Cancels whatever is still scheduled. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Types `text` one key at a time so that Enter lands at `submitAt`. */
  private type(text: string, submitAt: number, beforeEnter?: () => void): void {
    const step = this.mode.keystroke * 1000;
    const start = Math.max(monotonicMs(), submitAt - step * text.length);
    [...text].forEach((char, i) => this.at(start + step * i, () => this.send(char)));
    this.at(Math.max(submitAt, start + step * text.length), () => {
      beforeEnter?.();
      this.send('\r');
    });
  }

  private delay(range: Range): number {
    return this.rng.between(range.min, range.max) * 1000;
  }

  private at(t: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, Math.max(0, t - monotonicMs()));
    this.timers.add(timer);
  }
}
