// Output that arrives while a sweep is running is swept once that sweep is over, even when nothing follows it.
// The reporter runs for real (its scheduler, tracker, gate and timers); the screen is scripted and slow.
import { afterEach, expect, test } from 'vitest';
import { ReportExtractor } from '../../src/protocol/index.js';
import type { Classification } from '../../src/rules/types.js';
import type { SweepResult } from '../../src/session/screen-classifier.js';
import { StatusReporter } from '../../src/session/status-reporter.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** How long each sweep of the scripted screen takes (a worker busy with a large backlog). */
const SWEEP_MS = 150;

/** A screen that answers each sweep with what it showed when the sweep began, SWEEP_MS later. */
class SlowScreen {
  shows: Classification = { state: 'idle', rule: 'prompt' };
  sweeps = 0;
  feeds = 0;
  feed(): void {
    this.feeds++;
  }
  resize(): void {}
  setRules(): void {}
  sweep(): Promise<SweepResult> {
    this.sweeps++;
    const seen = this.shows;
    return new Promise((resolve) => setTimeout(() => resolve({ changed: true, classification: seen, lines: [] }), SWEEP_MS));
  }
  dispose(): void {}
}

let reporter: StatusReporter | undefined;
afterEach(() => reporter?.dispose());

async function until(what: string, ok: () => boolean, timeoutMs = 3000): Promise<void> {
  for (const start = Date.now(); !ok(); await sleep(10)) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

test('a dialog painted during a running sweep is reported after it, with no further output', async () => {
  const screen = new SlowScreen();
  const written: Uint8Array[] = [];
  reporter = new StatusReporter(screen, {
    app: 'claude-code',
    timing: { settleMs: 20, intervalMs: 700 },
    onExit: 'result',
    tmuxLevels: 0,
    write: (bytes) => written.push(bytes.slice()),
  });
  const states = (): string[] =>
    written.flatMap((bytes) =>
      new ReportExtractor().push(bytes).flatMap((e) => (e.parsed.type === 'report' ? [[e.parsed.report.state, e.parsed.report.kind].filter(Boolean).join(':')] : [])),
    );

  reporter.output(new Uint8Array([0x2e]));
  await until('the first sweep to start', () => screen.sweeps === 1);
  // The dialog paints while that sweep runs, in many chunks; then the child is silent.
  screen.shows = { state: 'blocked', kind: 'permission', msg: 'approve Bash: ls', rule: 'permission-bash' };
  for (let i = 0; i < 50; i++) reporter.output(new Uint8Array([0x2e]));
  expect(screen.sweeps).toBe(1);

  await until('the blocked report', () => states().includes('blocked:permission'));
  expect(screen.feeds).toBe(51);
  // One sweep for the first output, one for everything that came during it: not one per chunk.
  expect(screen.sweeps).toBe(2);
});
