// Each hook event only for the Claude Code versions that know it (src/hooks/versions.ts), checked against real
// binaries: an event name a version does not know makes it skip the whole --settings value (the user's settings
// with it) behind a "Settings Error" dialog. Claude Code 2.0.77 (no StopFailure, no TaskCreated) starts clean with
// the events chosen for it, and shows the error when StopFailure is added; 2.1.150 and 2.1.332 start clean with all.
import * as pty from 'node-pty';
import xtermHeadless from '@xterm/headless';
import { describe, expect, test } from 'vitest';
import { injectClaudeHooks } from '../../src/hook-channel/inject.js';
import type { HookEventName } from '../../src/hooks/events.js';
import { defaultHookCommand } from '../../src/hooks/settings.js';
import { hookEventsFor } from '../../src/hooks/versions.js';
import { sleep } from '../tools/agent-e2e.js';
import { setUpClaudeE2e } from '../tools/agent-e2e-setup.js';
import { claudeEnv, makeSandbox, type InstalledClaude } from '../tools/claude-env.mjs';

const COLS = 100;
const ROWS = 30;
/** Hang guard for the first screen (not a performance bound). */
const WAIT_MS = 30_000;
const READY = /\? for shortcuts|Settings Error/;

const e2e = setUpClaudeE2e('claude-hook-versions-e2e');

/** Starts Claude Code with the shim's hooks for `events` and returns its first settled screen. */
async function firstScreen(claude: InstalledClaude, mockUrl: string, events: readonly HookEventName[]): Promise<string> {
  const sandbox = makeSandbox({ version: claude.version });
  const injected = injectClaudeHooks(['--permission-mode', 'default'], { hookCommand: defaultHookCommand(), events, cwd: sandbox.project, spillDir: sandbox.root });
  expect(injected.injected).toBe(true);
  const child = pty.spawn(claude.command[0]!, [...claude.command.slice(1), ...injected.argv], {
    cols: COLS,
    rows: ROWS,
    cwd: sandbox.project,
    env: claudeEnv({ mockUrl, home: sandbox.home }),
  });
  const exited = new Promise<void>((resolve) => child.onExit(() => resolve()));
  const term = new xtermHeadless.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  child.onData((d) => term.write(d));
  term.onData((d) => child.write(d));
  const screen = (): string => {
    const b = term.buffer.active;
    return Array.from({ length: ROWS }, (_, y) => b.getLine(b.viewportY + y)?.translateToString(true) ?? '').join('\n');
  };
  try {
    const deadline = Date.now() + WAIT_MS;
    while (!READY.test(screen())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for the first screen:\n${screen()}`);
      await sleep(100);
    }
    await sleep(1000); // a settings dialog draws over the prompt a moment later, if it comes
    return screen();
  } finally {
    child.kill();
    await Promise.race([exited, sleep(WAIT_MS)]);
    term.dispose();
    sandbox.remove();
  }
}

describe.each(['2.0.77', '2.1.150', '2.1.332'])('Claude Code %s', (version) => {
  const installed = e2e.install(version);

  test('the events chosen for it start without a settings error', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const screen = await firstScreen(claude, mock.url, hookEventsFor(claude.version));
    expect(screen).toMatch(/\? for shortcuts/);
    expect(screen).not.toMatch(/Settings (?:Error|Warning)/);
  }, 120_000);
});

describe('Claude Code 2.0.77, an event it does not know', () => {
  const installed = e2e.install('2.0.77');

  test('StopFailure makes it refuse the whole settings value', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    expect(hookEventsFor(claude.version)).not.toContain('StopFailure');
    const screen = await firstScreen(claude, mock.url, [...hookEventsFor(claude.version), 'StopFailure']);
    expect(screen).toMatch(/Settings Error[\s\S]*StopFailure/);
  }, 120_000);
});
