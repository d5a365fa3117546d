// A StatusReporter run for real (its scheduler, tracker, gate and timers) on a scripted screen, for the tests
// of test/session: what it wrote, as `state[:kind]` strings, and a wait for a condition.
import { ReportExtractor } from '../../../src/protocol/index.js';
import type { Classification } from '../../../src/rules/types.js';
import type { SweepResult } from '../../../src/screen/screen-classifier.js';
import { StatusReporter } from '../../../src/session/status-reporter.js';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A screen whose classification the test sets; each sweep answers what it shows when the sweep begins, `sweepMs` later. */
export class ScriptedScreen {
  shows: Classification = { state: 'idle', rule: 'prompt' };
  sweeps = 0;
  feeds = 0;
  constructor(private readonly sweepMs = 0) {}
  feed(): void {
    this.feeds++;
  }
  resize(): void {}
  setRules(): void {}
  sweep(): Promise<SweepResult> {
    this.sweeps++;
    const seen = this.shows;
    const result: SweepResult = { changed: true, classification: seen, lines: [] };
    return this.sweepMs === 0 ? Promise.resolve(result) : new Promise((resolve) => setTimeout(() => resolve(result), this.sweepMs));
  }
  dispose(): void {}
}

/** A reporter for `app` on `screen` (20 ms settle, 700 ms interval); `reports()` lists what it wrote. */
export function startReporter(screen: ScriptedScreen, { app = 'claude-code', tmuxLevels = 0 } = {}): { reporter: StatusReporter; reports: () => string[] } {
  const written: Uint8Array[] = [];
  const reporter = new StatusReporter(screen, {
    app,
    timing: { settleMs: 20, intervalMs: 700 },
    onExit: 'result',
    tmuxLevels,
    write: (bytes) => written.push(bytes.slice()),
  });
  const reports = (): string[] =>
    written.flatMap((bytes) =>
      new ReportExtractor().push(bytes).flatMap((e) => (e.parsed.type === 'report' ? [[e.parsed.report.state, e.parsed.report.kind].filter(Boolean).join(':')] : [])),
    );
  return { reporter, reports };
}

/** Resolves once `ok()` holds; rejects naming `what` after `timeoutMs`. */
export async function until(what: string, ok: () => boolean, timeoutMs = 3000): Promise<void> {
  for (const start = Date.now(); !ok(); await sleep(10)) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}
