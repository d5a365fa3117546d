// Output that arrives while a sweep is running is swept once that sweep is over, even when nothing follows it.
// The reporter runs for real (its scheduler, tracker, gate and timers); the screen is scripted and slow.
import { afterEach, expect, test } from 'vitest';
import type { StatusReporter } from '../../src/session/status-reporter.js';
import { ScriptedScreen, startReporter, until } from './support/reporter-harness.js';

/** How long each sweep of the scripted screen takes (a screen busy with a large backlog). */
const SWEEP_MS = 150;

let reporter: StatusReporter | undefined;
afterEach(() => reporter?.dispose());

test('a dialog painted during a running sweep is reported after it, with no further output', async () => {
  const screen = new ScriptedScreen(SWEEP_MS);
  const started = startReporter(screen);
  reporter = started.reporter;

  reporter.output(new Uint8Array([0x2e]));
  await until('the first sweep to start', () => screen.sweeps === 1);
  // The dialog paints while that sweep runs, in many chunks; then the child is silent.
  screen.shows = { state: 'blocked', kind: 'permission', msg: 'approve Bash: ls', rule: 'permission-bash' };
  for (let i = 0; i < 50; i++) reporter.output(new Uint8Array([0x2e]));
  expect(screen.sweeps).toBe(1);

  await until('the blocked report', () => started.reports().includes('blocked:permission'));
  expect(screen.feeds).toBe(51);
  // One sweep for the first output, one for everything that came during it: not one per chunk.
  expect(screen.sweeps).toBe(2);
});
