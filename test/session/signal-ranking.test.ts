// When two signals disagree, the stronger one decides (spec/signals.md): a visible dialog beats a
// hook, a hook beats the screen's other rules for a while, and a hook's idle never undoes a done.
// The reporter runs for real (its scheduler, tracker, gate and timers); the screen is scripted.
import { afterEach, describe, expect, test } from 'vitest';
import type { Classification } from '../../src/rules/types.js';
import { HOOK_BLOCKED_GRACE_MS, type StatusReporter } from '../../src/session/status-reporter.js';
import { ScriptedScreen, sleep, startReporter } from './support/reporter-harness.js';

/** Longer than a sweep's settle time plus the tracker's idle confirmation window. */
const SETTLED_MS = 500;

let reporters: StatusReporter[] = [];
afterEach(() => {
  for (const r of reporters) r.dispose();
  reporters = [];
});

function setup(): { screen: ScriptedScreen; reporter: StatusReporter; reports: () => string[]; paint: (c: Classification) => Promise<void> } {
  const screen = new ScriptedScreen();
  screen.shows = { state: 'idle' };
  const { reporter, reports } = startReporter(screen);
  reporters.push(reporter);
  const paint = async (c: Classification): Promise<void> => {
    screen.shows = c;
    reporter.output(new Uint8Array([0x2e]));
    await sleep(80);
  };
  return { screen, reporter, reports, paint };
}

const working: Classification = { state: 'working', rule: 'spinner' };
const dialog: Classification = { state: 'blocked', kind: 'permission', msg: 'approve Bash: ls', rule: 'permission-bash' };
const idle: Classification = { state: 'idle', rule: 'prompt' };

describe('signal ranking', () => {
  test('a visible dialog beats a hook saying working', async () => {
    const { reporter, reports, paint } = setup();
    await paint(dialog);
    reporter.hookSignal({ state: 'working', event: 'PreToolUse' }, performance.now());
    await sleep(SETTLED_MS);
    expect(reports()).toEqual(['blocked:permission']);
  });

  test("a hook's blocked comes before the dialog paints, and holds against a working screen meanwhile", async () => {
    const { reporter, reports, paint } = setup();
    await paint(working);
    reporter.hookSignal({ state: 'blocked', kind: 'permission', msg: 'approve Bash: ls', event: 'PermissionRequest' }, performance.now());
    await paint(working);
    expect(reports()).toEqual(['working', 'blocked:permission']);
  });

  test("a hook's blocked lapses at a later screen without a dialog (no hook fires on approval)", async () => {
    const { reporter, reports, paint } = setup();
    await paint(working);
    reporter.hookSignal({ state: 'blocked', kind: 'permission', event: 'Notification' }, performance.now());
    await sleep(HOOK_BLOCKED_GRACE_MS + 50);
    await paint(working);
    expect(reports()).toEqual(['working', 'blocked:permission', 'working']);
  });

  test("a hook's working beats an idle screen (the spinner has not painted yet)", async () => {
    const { reporter, reports, paint } = setup();
    await paint(idle);
    await sleep(SETTLED_MS);
    reporter.hookSignal({ state: 'working', event: 'UserPromptSubmit' }, performance.now());
    await paint(idle);
    await sleep(100);
    expect(reports()).toEqual(['idle', 'working']);
  });

  test("a hook's idle never replaces done", async () => {
    const { reporter, reports, paint } = setup();
    await paint(working);
    await paint(idle);
    await sleep(SETTLED_MS);
    reporter.hookSignal({ state: 'idle', event: 'Notification' }, performance.now());
    await sleep(SETTLED_MS);
    expect(reports()).toEqual(['working', 'done']);
  });
});
