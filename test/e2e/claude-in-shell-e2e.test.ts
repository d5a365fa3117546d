// A real Claude Code started from a shell the shim wraps (`osf7501 bash`), in a real PTY, against the mock
// Anthropic API: the shell's own record first (`idle bash`), then — as the foreground program changes — Claude
// Code's record classified by its own rules (or reported by Claude Code itself), one Bash command approved, and
// when `/exit` hands the terminal back to the shell, Claude Code's record cleared and the shell's `idle bash`
// back; `exit` ends the shell with status 0. A second session kills Claude Code (SIGKILL) with its permission
// dialog up: it cannot clear its own record, so the shim must once the shell is back — never a stale blocked.
//
// - `--no-native`: nobody answers Claude Code's OSC 7501 query, so every report is the shim's, read from the
//   screen with the rule set of whoever holds the terminal (ST-terminated).
// - default options: the shim answers the query, so Claude Code ≥ 2.1.295 reports on its own (BEL-terminated)
//   while it runs. Once it has gone and the shell is back, the shell's record is the shim's to report again.
//   An older Claude Code sends no query: every report is the shim's, as with --no-native.
//
// Claude Code is the one the other e2e tests install (test/tools/claude-env.mjs: $OSF7501_CC_CACHE/cc-<version>,
// default the OS temp folder); without a reachable npm registry the tests are skipped with the reason.
// $OSF7501_CC_VERSIONS (comma-separated) picks the versions; default 2.1.332 and 2.1.150.
//
// The driver reads the screen (an @xterm/headless mirror of the outer terminal, which also answers DA1/DSR) and
// waits for each report before the next key; the reports never steer the run. Every wait is a hang guard only.
import { describe, expect, test } from 'vitest';
import { basename, dirname, join } from 'node:path';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import type { Report } from '../../src/protocol/index.js';
import { extract, readLog, ScreenMirror, sleep, ST, typeText, withoutForeignEnv, type LogEntry } from '../tools/agent-e2e.js';
import { CLAUDE_VERSIONS, reportsNatively, setUpClaudeE2e } from '../tools/agent-e2e-setup.js';
import { claudeEnv, makeSandbox, type InstalledClaude } from '../tools/claude-env.mjs';
import { OuterTerminal } from './support/outer-terminal.js';

const COLS = 100;
const ROWS = 30;
/** Hang guard for one wait on the screen or on a report (not a performance bound: the machine may be loaded). */
const WAIT_MS = 60_000;
/** Hang guard for one whole session. */
const SESSION_MS = 8 * WAIT_MS;

const PS1 = 'PROMPT$ ';
const IDLE_FOOTER = /\? for shortcuts/;
const PERMISSION = /Do you want to proceed\?/;
const APPROVE_TOUCH = 'approve Bash: touch build.log';

/** Claude Code's record while it runs, as either source reports it (`state kind "msg"`). */
const CLAUDE_TURN = ['idle', 'working', `blocked permission ${JSON.stringify(APPROVE_TOUCH)}`, 'working', 'done'];

/** Whose report: the shim writes ST-terminated ones, Claude Code BEL-terminated ones. */
type Source = 'shim' | 'native';

interface Seen {
  source: Source;
  offset: number;
  report: Report;
  /** `state kind app "msg"`, e.g. `idle bash`, `blocked permission claude-code "approve Bash: touch build.log"`. */
  line: string;
}

function describeOne(r: Report): string {
  return [r.state, r.kind, r.app, r.msg === undefined ? undefined : JSON.stringify(r.msg)].filter(Boolean).join(' ');
}

/** Every valid, bare report in the bytes, in stream order, with its source. */
function reportsIn(bytes: Buffer): Seen[] {
  const out: Seen[] = [];
  for (const found of extract(bytes)) {
    if (found.tmuxDepth !== 0 || found.parsed.type !== 'report') continue;
    const source: Source = Buffer.from(found.sequence).toString('latin1').endsWith(ST) ? 'shim' : 'native';
    out.push({ source, offset: found.offset, report: found.parsed.report, line: describeOne(found.parsed.report) });
  }
  return out;
}

/** For failure messages: `shim:idle bash → native:working claude-code → …`. */
function timeline(seen: readonly Seen[]): string {
  return seen.map((s) => `${s.source}:${s.line}`).join(' → ') || '(none)';
}

/** `state kind "msg"`, as claude-e2e.test.ts describes Claude Code's reports (no app). */
function stateLine(r: Report): string {
  return [r.state, r.kind, r.msg === undefined ? undefined : JSON.stringify(r.msg)].filter(Boolean).join(' ');
}

/** The last non-empty row of the screen. */
function lastRow(screen: string): string {
  return (
    screen
      .split('\n')
      .filter((row) => row.trim() !== '')
      .at(-1) ?? ''
  );
}

/** The shell's prompt, alone on the last non-empty row (nothing typed after it). */
const shellPrompt = (screen: string): boolean => lastRow(screen).trimEnd() === PS1.trimEnd();

/** What one session left behind. */
interface Session {
  status: number;
  output: Buffer;
  log: LogEntry[];
}

/** How Claude Code leaves: `/exit` after an approved turn, or SIGKILL while its permission dialog is up. */
type Ending = 'exit' | 'kill';

/** The pid of the one child of `parent` (from /proc: each process's stat names its parent). */
function childOf(parent: number): number {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // `pid (comm) state ppid …`; comm may hold spaces or parentheses, so read after its last `)`.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false; // gone meanwhile
      }
    });
  if (children.length !== 1) throw new Error(`expected one child of ${parent}, found ${children.join(', ') || 'none'}`);
  return Number(children[0]);
}

/**
 * One session: `osf7501 [flags] bash`, `claude` typed into it, `touch build.log` approved then `/exit` (or
 * Claude Code killed at the dialog), then `exit` typed into the shell.
 * After each step it waits for the screen to show it, then for the report of it from `source` (who speaks
 * for Claude Code's record). The shell's own reports are always the shim's.
 */
async function runSession(claude: InstalledClaude, mockUrl: string, flags: string[], source: Source, ending: Ending = 'exit'): Promise<Session> {
  const sandbox = makeSandbox({ version: claude.version });
  const logFile = join(sandbox.root, 'osf7501.log');
  // bash finds `claude` on PATH and runs it as `claude` (argv[0]), the name the claude-code rules list. The
  // npm platform package's binary is named so already; anything else (a cli.js) gets a link of that name.
  let binDir = dirname(claude.bin);
  if (basename(claude.bin) !== 'claude') {
    binDir = join(sandbox.root, 'bin');
    mkdirSync(binDir);
    symlinkSync(claude.bin, join(binDir, 'claude'));
  }
  const env = { ...claudeEnv({ mockUrl, home: sandbox.home }), PS1, PATH: `${binDir}:${process.env['PATH'] ?? '/usr/bin:/bin'}` };
  const args = ['--log', logFile, ...flags, 'bash', '--norc', '--noprofile', '-i'];
  const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd: sandbox.project, env }));
  const screen = new ScreenMirror(outer, ROWS, COLS, WAIT_MS);
  // Keep the mirror fed on its own timer: Claude Code waits for DA1/DSR answers while the test waits for reports.
  const pump = setInterval(() => void screen.sync(), 20);

  /** Waits until a report of `from` (index `after` on, among all reports) matches; returns its index. */
  const waitForReport = async (want: (s: Seen) => boolean, after: number, what: string): Promise<number> => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const seen = reportsIn(outer.output());
      const index = seen.findIndex((s, i) => i >= after && want(s));
      if (index >= 0) return index;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; reports so far: ${timeline(seen)}`);
      await sleep(50);
    }
  };
  const claudeReport = (want: Partial<Report>) => (s: Seen): boolean =>
    s.source === source && s.report.app === 'claude-code' && Object.entries(want).every(([k, v]) => s.report[k as keyof Report] === v);
  const shellIdle = (s: Seen): boolean => s.source === 'shim' && s.line === 'idle bash';
  /** The shell's record back and settled: idle (SHELL_BACK). */
  const shellBack = (s: Seen): boolean => s.source === 'shim' && s.line === 'idle bash';

  try {
    await screen.waitFor(shellPrompt, 'the shell prompt');
    let at = await waitForReport(shellIdle, 0, 'idle bash at start');
    if (ending === 'kill') {
      // The shell's pid, to find Claude Code by (a builtin: nothing else takes the terminal).
      await typeText(outer, 'echo $$ > ../bash.pid');
      outer.write('\r');
      await screen.waitFor((text) => shellPrompt(text) && existsSync(join(sandbox.root, 'bash.pid')), 'the shell pid');
    }

    // Claude Code, started from the shell.
    await typeText(outer, 'claude --permission-mode default');
    outer.write('\r');
    await screen.waitFor(IDLE_FOOTER, "Claude Code's idle prompt");
    at = await waitForReport(claudeReport({ state: 'idle' }), at + 1, "Claude Code's idle");

    // One turn: a Bash tool call, approved.
    await typeText(outer, 'make a build log');
    outer.write('\r');
    await screen.waitFor(PERMISSION, 'the permission dialog for touch build.log');
    at = await waitForReport(claudeReport({ state: 'blocked', kind: 'permission', msg: APPROVE_TOUCH }), at + 1, `blocked: ${APPROVE_TOUCH}`);
    await sleep(300);
    if (ending === 'exit') {
      outer.write('1');
      await screen.waitFor(/README\.md and package\.json/, 'the answer after the approval');
      await screen.waitFor(IDLE_FOOTER, 'the idle prompt after the turn');
      at = await waitForReport(claudeReport({ state: 'done' }), at + 1, 'done after the turn');

      // /exit: the shell is back in front.
      await sleep(300);
      await typeText(outer, '/exit');
      await sleep(500);
      outer.write('\r');
      await screen.waitFor(shellPrompt, 'the shell prompt after /exit');
    } else {
      // Killed with its dialog up: Claude Code cannot clear its own record; the shell is back in front.
      const bash = Number(readFileSync(join(sandbox.root, 'bash.pid'), 'utf8').trim());
      process.kill(childOf(bash), 'SIGKILL');
    }
    // The shell's record is asserted below; waiting for it here only lets a missing one show in the full
    // report sequence instead of a time-out.
    try {
      await waitForReport(shellBack, at + 1, `the shell's record after Claude Code ${ending === 'exit' ? 'exited' : 'was killed'}`);
    } catch (error) {
      console.warn(`claude-in-shell-e2e: ${(error as Error).message}`);
    }

    await sleep(300);
    // After the kill, the shell's last status is 137: `exit 0` ends it as a user's clean logout would.
    outer.write(ending === 'exit' ? 'exit\r' : 'exit 0\r');
    const result = await outer.result();
    return { status: result.status, output: result.output, log: readLog(logFile) };
  } finally {
    clearInterval(pump);
    screen.dispose();
    outer.kill();
    try {
      sandbox.remove();
    } catch {
      // Claude Code, killed with the terminal, may still be writing its files: once more, later.
      await sleep(1000);
      rmSync(sandbox.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  }
}

/**
 * How the shell's record comes back once Claude Code has gone (after its record's clear), up to the exit's
 * clear: the shell's idle. (For ~0.1 s after Claude Code exits its process group still holds the terminal
 * with a zombie leader whose /proc cmdline is empty; the foreground reader treats that as no change, so it
 * never reads as a command of the shell's running and ending.)
 */
const SHELL_BACK = [['shim:idle bash', 'shim:clear']];

/**
 * The whole sequence the terminal got, checked part by part:
 * the shell's idle → (bash's record cleared) → Claude Code's turn from `source` → Claude Code's record cleared,
 * never a stale blocked → the shell's record back → the exit's clear.
 */
function expectShellClaudeShell(seen: Seen[], source: Source, ending: Ending = 'exit'): void {
  const all = timeline(seen);
  const tagged = (list: readonly Seen[]): string[] => list.map((s) => `${s.source}:${s.line}`);
  expect(seen[0]?.line, all).toBe('idle bash');
  expect(seen[0]?.source, all).toBe('shim');

  // Claude Code's record, with its own app name: its turn from `source`. When Claude Code reports natively the
  // shim may have read its idle prompt from the screen first (Claude Code queries once its UI is up).
  const claude = seen.filter((s) => s.report.app === 'claude-code');
  const firstSpoken = claude.findIndex((s) => s.source === source);
  const turn = ending === 'exit' ? CLAUDE_TURN : CLAUDE_TURN.slice(0, 3);
  const early = tagged(claude.slice(0, Math.max(firstSpoken, 0)));
  expect(early, all).toEqual(source === 'native' && early.length > 0 ? ['shim:idle claude-code'] : []);
  const spoken = claude.slice(Math.max(firstSpoken, 0), Math.max(firstSpoken, 0) + turn.length);
  expect(spoken.map((s) => `${s.source}:${stateLine(s.report)}`), all).toEqual(turn.map((t) => `${source}:${t}`));
  // Nothing more for Claude Code's record: killed at its dialog, it stays blocked until the shell is back
  // (the foreground is checked before each sweep's result is used, so the dialog, overwritten by the
  // shell, is never read again with Claude Code's rules).
  const extra = claude.slice(Math.max(firstSpoken, 0) + turn.length);
  expect(tagged(extra), all).toEqual([]);
  const firstClaude = seen.indexOf(claude[0] as Seen);
  const lastClaude = seen.indexOf(claude.at(-1) as Seen);
  expect(seen.slice(firstClaude, lastClaude + 1).every((s) => s.report.app === 'claude-code'), all).toBe(true);

  // Before Claude Code: the shell's record (idle, maybe working while `claude` starts), then its clear.
  const before = tagged(seen.slice(1, firstClaude));
  expect(before.at(-1), all).toBe('shim:clear');
  expect(before.every((l) => ['shim:clear', 'shim:working bash'].includes(l)), all).toBe(true);

  // After Claude Code's last report: its record cleared (by Claude Code on the way out, by the shim when the
  // shell is back, or both) — never a stale blocked; the shell's record back; the exit's clear last.
  const after = seen.slice(lastClaude + 1);
  expect(after.some((s) => s.report.state === 'blocked'), all).toBe(false);
  const cleared = after.findIndex((s) => s.report.state !== 'clear');
  const gone = ending === 'exit' ? 'exited' : 'was killed';
  expect(
    cleared,
    `the shell's record never came back after Claude Code ${gone}: after its last report (${claude.at(-1)?.line}) the ` +
      `terminal got only ${tagged(after).join(' → ') || 'nothing'} up to the shell's exit; all reports: ${all}`,
  ).not.toBe(-1);
  expect(cleared, `Claude Code's record was not cleared before the shell's came back: ${all}`).toBeGreaterThan(0);
  // A killed Claude Code cannot clear its own record: the shim must.
  if (ending === 'kill') expect(after[0]?.source, all).toBe('shim');
  expect(SHELL_BACK, all).toContainEqual(tagged(after.slice(cleared)));
}

const e2e = setUpClaudeE2e('claude-in-shell-e2e');

describe.skipIf(process.platform !== 'linux').each(CLAUDE_VERSIONS)('Claude Code %s started from `osf7501 bash`', (version) => {
  const installed = e2e.install(version);

  test(
    '--no-native: the shim reports the shell, then Claude Code by its own rules, then the shell again',
    async (ctx) => {
      const { claude, mock } = installed.ready(ctx);
      if (!reportsNatively(claude.version)) {
        const reason = `Claude Code ${claude.version} sends no OSC 7501 query: --no-native is the default test's run`;
        console.warn(`claude-in-shell-e2e: skipping: ${reason}`);
        ctx.skip(reason);
      }
      const session = await runSession(claude, mock.url, ['--no-native'], 'shim');
      expect(session.status).toBe(0);
      const seen = reportsIn(session.output);
      console.info(`claude-in-shell-e2e --no-native: ${timeline(seen)}`);
      expect(seen.filter((s) => s.source === 'native'), timeline(seen)).toEqual([]);
      expectShellClaudeShell(seen, 'shim');
      // The log has the same reports, all from the screen but the exit's clear.
      const logged = session.log.filter((e) => e.type === 'report').map((e) => `${e.source}:${e.state}`);
      expect(logged).toEqual(seen.map((s, i) => `${i === seen.length - 1 ? 'exit' : 'screen'}:${s.report.state}`));
    },
    SESSION_MS,
  );

  test(
    'default options: Claude Code reports itself while it runs; the shell is the shim’s again once it has gone',
    async (ctx) => {
      const { claude, mock } = installed.ready(ctx);
      const native = reportsNatively(claude.version);
      const source: Source = native ? 'native' : 'shim';
      const session = await runSession(claude, mock.url, [], source);
      expect(session.status).toBe(0);
      const seen = reportsIn(session.output);
      console.info(`claude-in-shell-e2e default: ${timeline(seen)}`);
      expectShellClaudeShell(seen, source);
      const queries = extract(session.output).filter((f) => f.parsed.type === 'query');
      // The shim answers the query itself and hides nothing: Claude Code's query still reaches the terminal.
      expect(queries.length).toBe(native ? 1 : 0);
      if (native) {
        // The log has Claude Code's reports, marked native.
        const own = seen.filter((s) => s.source === 'native').map((s) => s.report.state);
        expect(session.log.filter((e) => e.type === 'report' && e.source === 'native').map((e) => e.state)).toEqual(own);
      } else {
        expect(seen.filter((s) => s.source === 'native')).toEqual([]);
      }
    },
    SESSION_MS,
  );

  test.for([
    { mode: '--no-native', flags: ['--no-native'] },
    { mode: 'default options', flags: [] as string[] },
  ])(
    '$mode: Claude Code killed with its permission dialog up leaves no stale blocked once the shell is back',
    { timeout: SESSION_MS },
    async ({ mode, flags }, ctx) => {
      const { claude, mock } = installed.ready(ctx);
      const native = reportsNatively(claude.version);
      if (!native && flags.length > 0) {
        const reason = `Claude Code ${claude.version} sends no OSC 7501 query: --no-native is the default test's run`;
        console.warn(`claude-in-shell-e2e: skipping: ${reason}`);
        ctx.skip(reason);
      }
      const source: Source = native && flags.length === 0 ? 'native' : 'shim';
      const session = await runSession(claude, mock.url, flags, source, 'kill');
      expect(session.status).toBe(0);
      const seen = reportsIn(session.output);
      console.info(`claude-in-shell-e2e ${mode}, killed: ${timeline(seen)}`);
      expectShellClaudeShell(seen, source, 'kill');
    },
  );
});
