// The rows that keep changing while the classification stays the same (a spinner's row). Pure.
import type { SweepResult } from './screen-classifier.js';

/**
 * Follows the sweeps of one screen: after each, the rows whose text differs from the sweep before it,
 * when both classified the same way (state, kind, message, rule, interrupted); none after a change of
 * classification, a first sweep, a change of size or rules, or a reset.
 */
export class VolatileRows {
  private lines: string[] | undefined;
  private key: string | undefined;
  private volatile: number[] = [];

  /** Takes one sweep's result; returns the volatile rows as of it. */
  observe(result: SweepResult): readonly number[] {
    if (!result.changed) return this.volatile;
    // What a report is made of; `matched` and `matcher` (for --explain) follow the changing text itself.
    const { state, kind, msg, rule, interrupted } = result.classification;
    const key = JSON.stringify([state, kind, msg, rule, interrupted]);
    const before = this.lines;
    this.volatile =
      before !== undefined && key === this.key && before.length === result.lines.length
        ? result.lines.flatMap((line, row) => (line === before[row] ? [] : [row]))
        : [];
    this.lines = result.lines;
    this.key = key;
    return this.volatile;
  }

  /** Forgets everything (new size, new rules, a screen rebuilt after a flood). */
  reset(): void {
    this.lines = undefined;
    this.key = undefined;
    this.volatile = [];
  }
}
