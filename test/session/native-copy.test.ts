// Inside tmux the shim re-sends an agent's own reports, wrapped (tmux drops bare OSC 7501): a copy that is
// byte for byte what the record last got from the shim's screen is not sent again, whatever came first.
// The reporter runs for real (its scheduler, tracker, gate and timers); the screen is scripted.
import { afterEach, expect, test } from 'vitest';
import { ReportExtractor } from '../../src/protocol/index.js';
import type { Classification } from '../../src/rules/types.js';
import type { SweepResult } from '../../src/session/screen-classifier.js';
import { StatusReporter } from '../../src/session/status-reporter.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

class ScriptedScreen {
  shows: Classification = { state: 'idle', rule: 'prompt' };
  feed(): void {}
  resize(): void {}
  setRules(): void {}
  sweep(): Promise<SweepResult> {
    return Promise.resolve({ changed: true, classification: this.shows, lines: [] });
  }
  dispose(): void {}
}

async function until(what: string, ok: () => boolean, timeoutMs = 3000): Promise<void> {
  for (const start = Date.now(); !ok(); await sleep(10)) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

let reporter: StatusReporter | undefined;
afterEach(() => reporter?.dispose());

function start(tmuxLevels: number): { reporter: StatusReporter; states: () => string[] } {
  const written: Uint8Array[] = [];
  reporter = new StatusReporter(new ScriptedScreen(), {
    app: 'claude-code',
    timing: { settleMs: 20, intervalMs: 700 },
    onExit: 'result',
    tmuxLevels,
    write: (bytes) => written.push(bytes.slice()),
  });
  const states = (): string[] =>
    written.flatMap((bytes) => new ReportExtractor().push(bytes).flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report.state] : [])));
  return { reporter, states };
}

test("inside tmux, the agent's first idle after the screen's idle is not sent a second time", async () => {
  const { reporter, states } = start(1);
  reporter.output(new Uint8Array([0x2e]));
  await until("the screen's idle", () => states().length > 0);
  expect(states()).toEqual(['idle']);
  reporter.noteNative({ state: 'idle', app: 'claude-code' });
  reporter.noteNative({ state: 'working', app: 'claude-code' });
  reporter.noteNative({ state: 'idle', app: 'claude-code' });
  await sleep(50);
  expect(states()).toEqual(['idle', 'working', 'idle']);
});
