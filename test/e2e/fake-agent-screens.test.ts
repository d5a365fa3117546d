// The fake agent (src/demo) draws screens the bundled Claude Code rules read as its true state:
// run it in a real PTY (no shim), mirror its output in a shadow screen, classify at each change of truth.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';
import { describe, expect, test } from 'vitest';
import { TruthFollower } from '../../bench/live/truth-follower.js';
import type { TruthEntry } from '../../src/demo/truth-log.js';
import { loadRuleFile } from '../../src/rule-files/load.js';
import type { Classification } from '../../src/rules/types.js';
import { ShadowScreen } from '../../src/screen/shadow-screen.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const AGENT = join(REPO, 'dist', 'src', 'demo', 'fake-agent.js');
const RULES = loadRuleFile(join(REPO, 'rules', 'claude-code.toml'));
/** Hang guard: longest wait for the screen to show a state the agent has logged. */
const SCREEN_WAIT_MS = 10_000;
const POLL_MS = 20;
/** Hang guard for the whole session (it takes about 18 s). */
const SESSION_LIMIT_MS = 90_000;
/** The screen classifier has no `done`: a finished turn shows the idle prompt box (the tracker says done). */
const SCREEN_STATE: Record<string, string> = { idle: 'idle', working: 'working', blocked: 'blocked', done: 'idle' };

interface Seen {
  truth: string;
  screen: Classification;
  dialogOnScreen: boolean;
}

/** Runs seed 7's first three turns at 80x24: approves the first prompt, denies the second, then exits. */
async function playSession(): Promise<Seen[]> {
  const log = join(mkdtempSync(join(tmpdir(), 'osf-fake-agent-')), 'truth.jsonl');
  const screen = new ShadowScreen({ cols: 80, rows: 24 });
  const term = pty.spawn(process.execPath, [AGENT, '--seed', '7', '--truth-log', log, '--time-scale', '0.5'], {
    name: 'xterm-256color',
    cols: 80,
    rows: 24,
    cwd: REPO,
    env: { ...(process.env as Record<string, string>), TERM: 'xterm-256color' },
    encoding: null,
  } as pty.IPtyForkOptions);
  term.onData((data) => screen.write(data as unknown as Buffer));
  const exited = new Promise<number>((resolve) => term.onExit(({ exitCode }) => resolve(exitCode)));
  const queue: TruthEntry[] = [];
  const deadline = Date.now() + SESSION_LIMIT_MS;
  const guard = (): void => {
    if (Date.now() > deadline) throw new Error(`the fake agent session did not end within ${SESSION_LIMIT_MS} ms`);
  };
  let follower: TruthFollower | undefined;
  const seen: Seen[] = [];
  let tasks = 0;
  let prompts = 0;
  try {
    while (!existsSync(log)) {
      guard();
      await sleep(POLL_MS);
    }
    follower = new TruthFollower(log, (entry) => queue.push(entry));
    for (;;) {
      guard();
      const entry = queue.shift();
      if (entry === undefined) {
        await sleep(POLL_MS);
        continue;
      }
      if (entry.state === 'exit') break;
      if (entry.state === undefined) continue;
      const classification = await screenShows(screen, SCREEN_STATE[entry.state] ?? '?');
      const text = screen.visibleLines().join('\n');
      seen.push({ truth: entry.state, screen: classification, dialogOnScreen: text.includes('Do you want to proceed?') });
      if (entry.state === 'blocked') term.write(++prompts === 1 ? '1' : '\x1b');
      else if (entry.state === 'idle' || entry.state === 'done') {
        const more = tasks === 0 || (entry.state === 'done' && tasks < 3);
        term.write(more ? `task number ${++tasks}\r` : '/exit\r');
      }
    }
    expect(await exited).toBe(0);
    return seen;
  } finally {
    follower?.stop();
    term.kill();
    screen.dispose();
  }
}

/** Waits until the shadow screen classifies as `state`; after the hang guard, returns what it shows. */
async function screenShows(screen: ShadowScreen, state: string): Promise<Classification> {
  const deadline = Date.now() + SCREEN_WAIT_MS;
  for (;;) {
    await screen.flush();
    const classification = RULES.classify(screen.visibleLines());
    if (classification.state === state || Date.now() > deadline) return classification;
    await sleep(POLL_MS);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let played: Promise<Seen[]> | undefined;
/** One session shared by the tests of this file. */
const session = (): Promise<Seen[]> => (played ??= playSession());

describe.skipIf(process.platform === 'win32')('fake agent screens under the Claude Code rules', () => {
  test('every true state shows on screen as the rules read it: idle, working, blocked, a finished turn, an interrupted one', async () => {
    const seen = await session();
    expect(seen.map((s) => `${s.truth}→${s.screen.state}`)).toEqual([
      'idle→idle',
      'working→working',
      'done→idle',
      'working→working',
      'done→idle',
      'working→working',
      'blocked→blocked',
      'working→working',
      'blocked→blocked',
      'idle→idle',
    ]);
    const blocked = seen.filter((s) => s.truth === 'blocked').map((s) => [s.screen.rule, s.screen.kind, s.screen.msg]);
    expect(blocked).toEqual([
      ['permission-bash', 'permission', 'approve Bash: npx tsc --noEmit'],
      ['permission-bash', 'permission', 'approve Bash: git commit -am "Fix login timeout"'],
    ]);
    expect(seen.at(-1)?.screen.rule).toBe('interrupted');
  }, SESSION_LIMIT_MS + 10_000);

  test('an answered prompt is erased: no working screen still shows the dialog', async () => {
    const seen = await session();
    expect(seen.filter((s) => s.truth === 'working' && s.dialogOnScreen)).toEqual([]);
  }, SESSION_LIMIT_MS + 10_000);
});
