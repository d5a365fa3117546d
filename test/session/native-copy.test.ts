// Inside tmux the shim re-sends an agent's own reports, wrapped (tmux drops bare OSC 7501): a copy that is
// byte for byte what the record last got from the shim's screen is not sent again, whatever came first.
// The reporter runs for real (its scheduler, tracker, gate and timers); the screen is scripted.
import { afterEach, expect, test } from 'vitest';
import type { StatusReporter } from '../../src/session/status-reporter.js';
import { ScriptedScreen, sleep, startReporter, until } from './support/reporter-harness.js';

let reporter: StatusReporter | undefined;
afterEach(() => reporter?.dispose());

test("inside tmux, the agent's first idle after the screen's idle is not sent a second time", async () => {
  const started = startReporter(new ScriptedScreen(), { tmuxLevels: 1 });
  reporter = started.reporter;
  const states = (): string[] => started.reports();
  reporter.output(new Uint8Array([0x2e]));
  await until("the screen's idle", () => states().length > 0);
  expect(states()).toEqual(['idle']);
  reporter.noteNative({ state: 'idle', app: 'claude-code' });
  reporter.noteNative({ state: 'working', app: 'claude-code' });
  reporter.noteNative({ state: 'idle', app: 'claude-code' });
  await sleep(50);
  expect(states()).toEqual(['idle', 'working', 'idle']);
});
