// The session the Codex, Gemini and OpenCode e2e tests drive (test/e2e/<agent>-e2e.test.ts): the shim on the
// agent in a real outer PTY; at the prompt, `make a build log` → its shell command approved with Enter → the
// turn's end; `run the tests` → its command denied with Esc → idle; then the agent's own way out. After each step
// the driver waits for the screen to show it, then for its report. Each file gives its agent's screens, pauses
// and way out (an AgentScript) and checks the reports the run collected.
import { chownSync, lchownSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Report } from '../../src/protocol/index.js';
import { BIN, OuterTerminal } from '../e2e/support/outer-terminal.js';
import {
  describeReports,
  extract,
  isSubsequence,
  readLog,
  ScreenMirror,
  sleep,
  ST,
  stReports,
  typeText,
  waitForReport,
  withoutForeignEnv,
  type LogEntry,
} from './agent-e2e.js';
import type { AgentE2eReady } from './agent-e2e-setup.js';
import { makeAgentSandbox } from './agents.mjs';

const COLS = 100;
const ROWS = 30;

/**
 * The pause between a typed prompt and its Enter: once in CI the prompt stayed unsent in Codex's composer
 * (keys arriving bunched on a loaded machine and read as a paste is the likely cause).
 */
const ENTER_PAUSE_MS = 300;

/** The shim on an agent, in a fresh sandbox. */
export interface AgentSession {
  outer: OuterTerminal;
  screen: ScreenMirror;
  /** The sandbox's project folder: the agent's working directory. */
  project: string;
  /** The shim's --log file. */
  logFile: string;
  /** Ends the terminal and removes the sandbox. */
  remove(): void;
}

/** `osf7501 --log <file> [shimArgs…] <agent> …` in a COLS×ROWS outer terminal, its screen mirrored (each wait up to `screenWaitMs`). */
export function startSession(
  { id, agent, mock }: AgentE2eReady,
  {
    options = {},
    screenWaitMs,
    shimArgs = [],
    env = {},
    asUser,
  }: {
    options?: Record<string, unknown>;
    screenWaitMs?: number;
    shimArgs?: string[];
    env?: Record<string, string>;
    /** Runs the shim (and so the agent) as this user, the sandbox theirs (needs root: setpriv). */
    asUser?: { uid: number; gid: number };
  } = {},
): AgentSession {
  const sandbox = makeAgentSandbox(id, { mockUrl: mock.url, options });
  const logFile = join(sandbox.root, 'osf7501.log');
  // node_modules/.bin/<agent>: the shim picks rules/<agent>.toml by the command's name.
  const args = ['--log', logFile, ...shimArgs, agent.bin, ...sandbox.args];
  let command: string[] | undefined;
  if (asUser !== undefined) {
    chownTree(sandbox.root, asUser.uid, asUser.gid);
    command = ['setpriv', `--reuid=${asUser.uid}`, `--regid=${asUser.gid}`, '--clear-groups', process.execPath, BIN];
  }
  const outer = withoutForeignEnv(
    () => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env: { ...sandbox.env, ...env }, ...(command === undefined ? {} : { command }) }),
  );
  const screen = new ScreenMirror(outer, ROWS, COLS, screenWaitMs);
  return {
    outer,
    screen,
    project: sandbox.project,
    logFile,
    remove: () => {
      screen.dispose();
      outer.kill();
      sandbox.remove();
    },
  };
}

/** Gives `dir` and everything under it to `uid`:`gid`. */
function chownTree(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) chownTree(path, uid, gid);
    else lchownSync(path, uid, gid);
  }
}

/** A screen to wait for, and what to call it when it does not come. */
export interface ScreenWait {
  screen: RegExp | ((screen: string) => boolean);
  what: string;
}

/** What differs from agent to agent in the approve / deny / exit session. */
export interface AgentScript {
  /** The prompt, ready for keys. */
  prompt: ScreenWait;
  /** After the idle report at start, before the first key: what else the agent needs before it takes keys. */
  settle?(session: AgentSession): Promise<void>;
  /** The permission dialog for a shell command. */
  approval: RegExp;
  /** Whether the blocked reports carry the command (msg `approve shell: <command>`). */
  msgNamesCommand: boolean;
  /** The pause before the key that answers a dialog (Enter, Esc) and before the second prompt is typed. */
  keyPauseMs: number;
  /** The screen once the approved turn is over. */
  turnDone: ScreenWait;
  /** After the Esc that denies the second command: what else the agent asks before it is denied (Kilo Code's reject-feedback dialog). */
  afterDeny?(session: AgentSession): Promise<void>;
  /** The screen once Esc has denied the second command. */
  denied: ScreenWait;
  /** The keys that leave the agent from its prompt, pauses included. */
  exit(outer: OuterTerminal): Promise<void>;
}

/** What an approve / deny / exit session left behind. */
export interface AgentRun {
  status: number;
  /** Every byte the terminal got. */
  output: Buffer;
  /** The valid, bare, ST-terminated reports in `output`. */
  reports: Report[];
  /** The shim's --log file. */
  log: LogEntry[];
}

/** The agent leaves with `script.exit`; resolves once the shim has exited. */
export async function exitAgent(session: AgentSession, script: AgentScript): Promise<{ status: number; output: Buffer }> {
  await script.exit(session.outer);
  return session.outer.result();
}

/**
 * Drives `session` through the approve / deny / exit session of `script` and removes it. After each step it
 * waits for the screen, then for the report (idle, blocked, done, blocked, idle), each after the one before.
 */
export async function approveDenyExit(session: AgentSession, script: AgentScript): Promise<AgentRun> {
  const { outer, screen } = session;
  const submit = async (prompt: string): Promise<void> => {
    await typeText(outer, prompt);
    await sleep(ENTER_PAUSE_MS);
    outer.write('\r');
  };
  const blocked = async (command: string, from: number): Promise<number> => {
    await screen.waitFor(script.approval, `the approval for ${command}`);
    const msg = `approve shell: ${command}`;
    const want: Partial<Report> = script.msgNamesCommand ? { state: 'blocked', kind: 'permission', msg } : { state: 'blocked', kind: 'permission' };
    return waitForReport(outer, from, want, `blocked: ${script.msgNamesCommand ? msg : command}`);
  };
  try {
    await screen.waitFor(script.prompt.screen, script.prompt.what);
    let at = await waitForReport(outer, 0, { state: 'idle' }, 'idle at start');
    await script.settle?.(session);

    // Turn 1: a shell command, approved.
    await submit('make a build log');
    at = await blocked('touch build.log', at + 1);
    await sleep(script.keyPauseMs);
    outer.write('\r');
    await screen.waitFor(script.turnDone.screen, script.turnDone.what);
    at = await waitForReport(outer, at + 1, { state: 'done' }, 'done after turn 1');

    // Turn 2: another one, denied with Esc: blocked, then idle.
    await sleep(script.keyPauseMs);
    await submit('run the tests');
    at = await blocked('npm test', at + 1);
    await sleep(script.keyPauseMs);
    outer.write('\x1b');
    await script.afterDeny?.(session);
    await screen.waitFor(script.denied.screen, script.denied.what);
    await waitForReport(outer, at + 1, { state: 'idle' }, 'idle after the denial');

    const { status, output } = await exitAgent(session, script);
    return { status, output, reports: stReports(output), log: readLog(session.logFile) };
  } finally {
    session.remove();
  }
}

/** `state` or `state:kind`, one per report. */
export function stateKinds(reports: readonly Report[]): string[] {
  return reports.map((r) => `${r.state}${r.kind ? `:${r.kind}` : ''}`);
}

/** The states of the session, in order (stateKinds), others allowed in between. */
export const APPROVE_DENY_EXIT = ['idle', 'working', 'blocked:permission', 'working', 'done', 'working', 'blocked:permission', 'idle', 'clear'];

/**
 * For an agent that writes no OSC 7501: every report names `app` but the last, the exit's bare clear; every
 * sequence in the stream is the shim's, a bare ST-terminated report; the --log has the same states, none native.
 */
export function expectShimReportsOnly(run: AgentRun, app: string): void {
  for (const report of run.reports.slice(0, -1)) expect(report.app).toBe(app);
  expect(run.reports.at(-1)).toEqual({ state: 'clear' });
  for (const f of extract(run.output)) {
    expect(Buffer.from(f.sequence).toString('latin1').endsWith(ST)).toBe(true);
    expect(f.parsed.type).toBe('report');
    expect(f.tmuxDepth).toBe(0);
  }
  const logged = run.log.filter((e) => e.type === 'report');
  expect(logged.map((e) => e.state)).toEqual(run.reports.map((r) => r.state));
  expect(logged.every((e) => e.source !== 'native')).toBe(true);
}

/**
 * The end-to-end story of `approveDenyExit` for an agent that writes no OSC 7501 and whose denial ends the turn
 * without a done: the agent exits 0; the reports hold APPROVE_DENY_EXIT in order; the two blocked reports are
 * exactly `blocked` (the whole message of each dialog); after the denial only idle and working, the last before
 * the exit's clear idle; every report is the shim's (expectShimReportsOnly); and the --log names `denyRule` as
 * the rule that read the screen after the denial.
 */
export function expectApproveThenDenyToIdle(run: AgentRun, app: string, blocked: readonly string[], denyRule: string): void {
  expect(run.status).toBe(0);
  const states = stateKinds(run.reports);
  const seen = describeReports(run.reports).join(' → ');
  expect(isSubsequence(states, APPROVE_DENY_EXIT), seen).toBe(true);
  expect(describeReports(run.reports).filter((r) => r.startsWith('blocked'))).toEqual(blocked);
  const denied = states.lastIndexOf('blocked:permission');
  expect(states.slice(denied + 1, -1).every((s) => s === 'idle' || s === 'working'), seen).toBe(true);
  expect(states.at(-2), seen).toBe('idle');
  expectShimReportsOnly(run, app);
  expect(run.log.some((e) => e.type === 'classification' && e.rule === denyRule)).toBe(true);
}
