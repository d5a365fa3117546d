// A real Claude Code (from the npm registry) under the shim, in a real PTY, against the mock Anthropic API.
// One session per test: approve a Bash command (blocked → working → done), deny a second one with Esc
// (blocked → idle), /exit (clear, status 0). Two ways:
//
// - `--no-native`: nobody answers Claude Code's OSC 7501 query, so Claude Code stays silent and every report
//   is the shim's own, read from the screen (ST-terminated; the query is BEL-terminated). The msg of each
//   blocked report names the command.
// - default options: osf7501 answers the query itself, so Claude Code ≥ 2.1.295 reports on its own
//   (BEL-terminated) and the shim steps back: none of its reports after Claude Code's first, none at exit.
//   An older Claude Code sends no query, and the shim's screen reports follow the session as above.
// - inside tmux (skipped without tmux): the same session in a tmux pane, typed into and read from a tmux
//   client attached in a PTY (the user's terminal). tmux drops bare OSC 7501, so what reaches the terminal is
//   what the shim wraps in DCS passthrough: its screen reports, or its copies of Claude Code's own.
//
// Claude Code is installed on first use into $OSF7501_CC_CACHE/cc-<version> (default: the OS temp folder);
// without a reachable npm registry the tests are skipped with the reason. $OSF7501_CC_VERSIONS (comma-
// separated) picks the versions; default 2.1.332 and 2.1.150.
//
// The driver reads the screen (an @xterm/headless mirror of everything the outer terminal receives, which
// also answers DA1/DSR like a real terminal) and waits for each report before the next key, so a report
// must arrive while the dialog it describes is still up; the reports never steer the run.
import xtermHeadless from '@xterm/headless';
import * as pty from 'node-pty';
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { basename, join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Extracted, Report } from '../../src/protocol/index.js';
import { extract, sleep, ST, withoutForeignEnv } from '../tools/agent-e2e.js';
import { CLAUDE_VERSIONS, reportsNatively, setUpClaudeE2e } from '../tools/agent-e2e-setup.js';
import { claudeEnv, makeSandbox, type InstalledClaude } from '../tools/claude-env.mjs';
import { BIN, OuterTerminal } from './support/outer-terminal.js';

const { Terminal } = xtermHeadless;

const COLS = 100;
const ROWS = 30;
/** Hang guard for one wait on the screen or on a report (not a performance bound). */
const WAIT_MS = 30_000;

const IDLE_FOOTER = /\? for shortcuts/;
const PERMISSION = /Do you want to proceed\?/;

/** The session, as either source reports it (`state kind "msg"`). */
const EXPECTED = [
  'idle',
  'working',
  'blocked permission "approve Bash: touch build.log"',
  'working',
  'done',
  'working',
  'blocked permission "approve Bash: npm test"',
  'idle',
  'clear',
];

/** Why the tmux variant cannot run here, if it cannot. */
const NO_TMUX = spawnSync('tmux', ['-V']).status === 0 ? undefined : 'tmux is not installed (apt-get install tmux)';

/** An @xterm/headless copy of the outer terminal: the visible screen, and DA1/DSR answers typed back. It
 * follows the output on its own timer, so answers go out while the test waits for something else. */
class ScreenMirror {
  private readonly term: InstanceType<typeof Terminal>;
  private readonly pump: ReturnType<typeof setInterval>;
  private fed = 0;

  constructor(private readonly outer: OuterTerminal) {
    this.term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 0 });
    this.term.onData((answer) => outer.write(answer));
    this.pump = setInterval(() => this.feed(), 20);
  }

  private feed(): void {
    const all = this.outer.output();
    if (all.length <= this.fed) return;
    const fresh = Buffer.from(all.subarray(this.fed));
    this.fed = all.length;
    this.term.write(fresh);
  }

  /** Waits until xterm has parsed everything received so far. */
  async sync(): Promise<void> {
    this.feed();
    await new Promise<void>((resolve) => this.term.write('', resolve));
  }

  text(): string {
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < ROWS; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  }

  async waitFor(pattern: RegExp, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      await this.sync();
      if (pattern.test(this.text())) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${this.text()}`);
      await sleep(50);
    }
  }

  dispose(): void {
    clearInterval(this.pump);
    this.term.dispose();
  }
}

/** Whose report: the shim writes ST-terminated ones, Claude Code BEL-terminated ones. */
type Source = 'shim' | 'native';

function sourceOf(found: Extracted): Source {
  return Buffer.from(found.sequence).toString('latin1').endsWith(ST) ? 'shim' : 'native';
}

/** One source's valid, bare reports, with their stream offsets. */
function reportsFrom(bytes: Buffer, source: Source): Array<{ offset: number; report: Report }> {
  const out: Array<{ offset: number; report: Report }> = [];
  for (const found of extract(bytes)) {
    if (found.tmuxDepth === 0 && found.parsed.type === 'report' && sourceOf(found) === source) {
      out.push({ offset: found.offset, report: found.parsed.report });
    }
  }
  return out;
}

/** One line per report, for readable failures: `blocked permission "approve Bash: npm test"`. */
function describeAll(reports: Report[]): string[] {
  return reports.map((r) => [r.state, r.kind, r.msg === undefined ? undefined : JSON.stringify(r.msg)].filter(Boolean).join(' '));
}

/** What the session needs from a terminal: its bytes, its screen, and keys typed into it. */
interface Driver {
  /** Every byte the user's terminal received so far. */
  output(): Buffer;
  /** Waits until the visible screen matches. */
  waitForScreen(pattern: RegExp, what: string): Promise<void>;
  /** Types bytes into the user's terminal. */
  write(data: string): void;
  /** After /exit: the shim's status, once every byte for the terminal has arrived; and the bytes. */
  finish(): Promise<{ status: number; output: Buffer }>;
  dispose(): void;
}

/** Waits until `source`'s reports (from index `from` on) hold one matching `want`; returns its index. */
async function waitForReport(driver: Driver, source: Source, from: number, want: Partial<Report>, what: string): Promise<number> {
  const matches = (r: Report): boolean => Object.entries(want).every(([k, v]) => r[k as keyof Report] === v);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const index = reportsFrom(driver.output(), source).findIndex((r, i) => i >= from && matches(r.report));
    if (index >= 0) return index;
    if (Date.now() > deadline) {
      const seen = (s: Source): string => describeAll(reportsFrom(driver.output(), s).map((r) => r.report)).join(' → ') || '(none)';
      throw new Error(`timed out waiting for ${what}; the shim's reports so far: ${seen('shim')}; Claude Code's: ${seen('native')}`);
    }
    await sleep(50);
  }
}

async function typeText(driver: Driver, text: string): Promise<void> {
  for (const ch of text) {
    driver.write(ch);
    await sleep(25);
  }
}

/** The shim in an OuterTerminal, its screen mirrored by @xterm/headless. */
function outerDriver(args: string[], cwd: string, env: Record<string, string>): Driver {
  const outer = withoutForeignEnv(() => new OuterTerminal(args, { cols: COLS, rows: ROWS, cwd, env }));
  const screen = new ScreenMirror(outer);
  return {
    output: () => outer.output(),
    waitForScreen: (pattern, what) => screen.waitFor(pattern, what),
    write: (data) => outer.write(data),
    finish: async () => {
      const result = await outer.result();
      return { status: result.status, output: result.output };
    },
    dispose: () => {
      screen.dispose();
      outer.kill();
    },
  };
}

/** Printed in the tmux pane after the shim, with its status. */
const TMUX_SENTINEL = '__OSF_EXIT__';

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The shim in the one pane of a private tmux server (allow-passthrough on); the user's terminal is a tmux
 * client attached in a PTY: keys go into it, and its output is what the test reads. The screen is read
 * with capture-pane.
 */
async function tmuxDriver(args: string[], cwd: string, env: Record<string, string>, dir: string): Promise<Driver> {
  const socket = join(dir, 'tmux.sock');
  const tmuxEnv = { ...env, TERM: 'xterm-256color' };
  const tmux = (...words: string[]): string => execFileSync('tmux', ['-S', socket, ...words], { encoding: 'utf8', env: tmuxEnv });
  execFileSync(
    'tmux',
    ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-x', String(COLS), '-y', String(ROWS), '-s', 'osf', '-c', cwd, 'sleep 600',
      ';', 'set', '-g', 'status', 'off', ';', 'set', '-g', 'allow-passthrough', 'on'],
    { env: tmuxEnv },
  );
  const client = pty.spawn('tmux', ['-S', socket, 'attach', '-t', 'osf'], {
    name: 'xterm-256color',
    cols: COLS,
    rows: ROWS,
    cwd,
    env: tmuxEnv,
    encoding: null,
  } as pty.IPtyForkOptions);
  const chunks: Buffer[] = [];
  client.onData((data) => chunks.push(data as unknown as Buffer));
  const output = (): Buffer => Buffer.concat(chunks);
  const until = async (check: () => boolean, what: string, detail: () => string = () => ''): Promise<void> => {
    const deadline = Date.now() + WAIT_MS;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${detail()}`);
      await sleep(50);
    }
  };
  await until(() => tmux('list-clients', '-t', 'osf').includes('attached'), 'the tmux client to attach');
  const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  tmux('respawn-pane', '-k', '-t', 'osf', '-c', cwd, `${command}; printf '\\n${TMUX_SENTINEL}%d__\\n' "$?"; exec sleep 600`);
  const screen = (): string => tmux('capture-pane', '-p', '-t', 'osf');
  const sentinel = new RegExp(`${TMUX_SENTINEL}(\\d+)__`);
  return {
    output,
    waitForScreen: (pattern, what) => until(() => pattern.test(screen()), what, () => `; screen:\n${screen()}`),
    write: (data) => client.write(data),
    finish: async () => {
      // tmux draws the line after everything the shim wrote, so the terminal has every report by then.
      await until(() => sentinel.test(output().toString('latin1')), 'the shim to exit');
      const text = output().toString('latin1');
      const match = sentinel.exec(text);
      return { status: Number(match?.[1]), output: output().subarray(0, match?.index) };
    },
    dispose: () => {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      client.kill('SIGKILL');
    },
  };
}

/** What one session left behind. */
interface Session {
  status: number;
  output: Buffer;
  /** The --log file's report lines. */
  logged: Array<{ state: string; source: string }>;
}

/**
 * One session under `osf7501 [flags]`: approve `touch build.log` with 1, deny `npm test` with Esc, /exit.
 * After each step it waits for the screen to show it, then for `source`'s report of it.
 */
async function runSession(claude: InstalledClaude, mockUrl: string, flags: string[], source: Source, where: 'pty' | 'tmux' = 'pty'): Promise<Session> {
  const sandbox = makeSandbox({ version: claude.version });
  const logFile = join(sandbox.root, 'osf7501.log');
  // The platform binary is named `claude`, so the shim picks the claude-code rules by itself; a cli.js
  // install is run by node and needs them named.
  const rules = basename(claude.command[0] ?? '') === 'claude' ? [] : ['--rules', 'claude-code'];
  const args = ['--log', logFile, ...flags, ...rules, ...claude.command, '--permission-mode', 'default'];
  const env = claudeEnv({ mockUrl, home: sandbox.home });
  let driver: Driver | undefined;
  try {
    driver = where === 'pty' ? outerDriver(args, sandbox.project, env) : await tmuxDriver(args, sandbox.project, env, sandbox.root);
    await driver.waitForScreen(IDLE_FOOTER, 'the idle prompt');
    let at = await waitForReport(driver, source, 0, { state: 'idle' }, 'the idle report at start');

    // Turn 1: a Bash tool call, approved.
    await typeText(driver, 'make a build log');
    driver.write('\r');
    await driver.waitForScreen(PERMISSION, 'the permission dialog for touch build.log');
    const touch: Partial<Report> = { state: 'blocked', kind: 'permission', msg: 'approve Bash: touch build.log' };
    at = await waitForReport(driver, source, at + 1, touch, 'blocked: approve Bash: touch build.log');
    await sleep(300);
    driver.write('1');
    await driver.waitForScreen(/README\.md and package\.json/, 'the answer after the approval');
    await driver.waitForScreen(IDLE_FOOTER, 'the idle prompt after turn 1');
    at = await waitForReport(driver, source, at + 1, { state: 'done' }, 'done after turn 1');

    // Turn 2: another Bash call, denied with Esc: blocked, then idle (no done: the turn was cut off).
    await typeText(driver, 'run the tests');
    driver.write('\r');
    await driver.waitForScreen(PERMISSION, 'the permission dialog for npm test');
    const npmTest: Partial<Report> = { state: 'blocked', kind: 'permission', msg: 'approve Bash: npm test' };
    at = await waitForReport(driver, source, at + 1, npmTest, 'blocked: approve Bash: npm test');
    await sleep(300);
    driver.write('\x1b');
    await driver.waitForScreen(/Interrupted/, 'the interrupted notice');
    await waitForReport(driver, source, at + 1, { state: 'idle' }, 'idle after the denial');

    // /exit.
    await sleep(300);
    await typeText(driver, '/exit');
    await sleep(500);
    driver.write('\r');
    const result = await driver.finish();
    const logged = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; state: string; source: string })
      .filter((entry) => entry.type === 'report')
      .map(({ state, source: from }) => ({ state, source: from }));
    return { status: result.status, output: result.output, logged };
  } finally {
    driver?.dispose();
    sandbox.remove();
  }
}

/** Nothing 7501-ish in the stream but valid reports and Claude Code's query, none tmux-wrapped. */
function expectOnlyReportsAndQueries(output: Buffer): void {
  for (const found of extract(output)) {
    const raw = JSON.stringify(Buffer.from(found.sequence).toString('latin1'));
    expect(found.tmuxDepth, raw).toBe(0);
    expect(['report', 'query'], raw).toContain(found.parsed.type);
  }
}

const e2e = setUpClaudeE2e('claude-e2e');

describe.each(CLAUDE_VERSIONS)('Claude Code %s under osf7501', (version) => {
  const installed = e2e.install(version);

  test('--no-native, the query unanswered: the shim reports each step from the screen', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const session = await runSession(claude, mock.url, ['--no-native'], 'shim');
    expect(session.status).toBe(0);

    const shim = reportsFrom(session.output, 'shim').map((r) => r.report);
    expect(describeAll(shim)).toEqual(EXPECTED);
    // Every report but the last names the app; clear carries only its state.
    for (const report of shim.slice(0, -1)) expect(report.app).toBe('claude-code');
    expect(Object.entries(shim.at(-1) ?? {}).filter(([, v]) => v !== undefined)).toEqual([['state', 'clear']]);
    // Claude Code, unanswered, never reports; its query (2.1.295 and newer) passes through untouched.
    expect(reportsFrom(session.output, 'native')).toEqual([]);
    const queries = extract(session.output).filter((f) => f.parsed.type === 'query');
    expect(queries.length).toBe(reportsNatively(claude.version) ? 1 : 0);
    expectOnlyReportsAndQueries(session.output);
    // --log recorded the same reports in the same order: the screen's, then the exit's.
    const last = shim.length - 1;
    expect(session.logged).toEqual(shim.map((r, i) => ({ state: r.state, source: i === last ? 'exit' : 'screen' })));
  });

  test('default options: the shim answers the query; Claude Code reports itself and the shim steps back', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    const native = reportsNatively(claude.version);
    const session = await runSession(claude, mock.url, [], native ? 'native' : 'shim');
    expect(session.status).toBe(0);
    expectOnlyReportsAndQueries(session.output);
    const shim = reportsFrom(session.output, 'shim');
    const own = reportsFrom(session.output, 'native');
    if (!native) {
      // No query, so no native reports: the screen reports, as with --no-native.
      expect(own).toEqual([]);
      expect(describeAll(shim.map((r) => r.report))).toEqual(EXPECTED);
      return;
    }
    expect(describeAll(own.map((r) => r.report))).toEqual(EXPECTED);
    for (const { report } of own.slice(0, -1)) expect(report.app).toBe('claude-code');
    // The shim may have said idle before Claude Code's first report; nothing after it, not even at exit.
    const first = own[0]?.offset ?? Infinity;
    for (const { offset } of shim) expect(offset).toBeLessThan(first);
    expect(['', 'idle']).toContain(shim.map((r) => r.report.state).join(' '));
    // The log has Claude Code's reports, marked native.
    expect(session.logged.filter((e) => e.source === 'native').map((e) => e.state)).toEqual(own.map((r) => r.report.state));
  });

  test('inside tmux: the reports reach the terminal through DCS passthrough', async (ctx) => {
    const { claude, mock } = installed.ready(ctx);
    if (NO_TMUX !== undefined) ctx.skip(NO_TMUX);
    // Everything the terminal gets is re-encoded by the shim (ST), Claude Code's own reports included.
    const session = await runSession(claude, mock.url, [], 'shim', 'tmux');
    expect(session.status).toBe(0);
    expectOnlyReportsAndQueries(session.output);
    expect(reportsFrom(session.output, 'native')).toEqual([]);
    const seen = describeAll(reportsFrom(session.output, 'shim').map((r) => r.report));
    // The shim's screen idle and its wrapped copy of Claude Code's own idle are the same bytes: the
    // copy is not sent (a report is never repeated byte for byte).
    expect(seen).toEqual(EXPECTED);
    const fromLog = session.logged.map((e) => e.source);
    if (reportsNatively(claude.version)) expect(fromLog).toContain('native');
    else expect(fromLog).not.toContain('native');
  });
});
