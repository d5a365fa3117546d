// Inside tmux: the shim wraps each report in DCS passthrough, and tmux (allow-passthrough on) hands it to the
// terminal the client runs in, unwrapped. With --no-tmux-wrap the bare report reaches tmux, which drops it.
//
// A private tmux server (its own socket, no config) runs the shim in its one pane; a tmux client attached
// inside a node-pty plays the user's terminal, and everything it receives is decoded. `pipe-pane -O` keeps a
// copy of what the shim wrote into the pane (before tmux interprets it). The child paints a Claude Code Bash
// permission dialog and waits for one key, so nothing here depends on timing: the test waits for the report,
// presses the key, and waits for the line the pane prints after the shim, with its status (tmux 3.3a's own
// `pane_dead_status` is sometimes never filled in, with or without the shim, so it is not used).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';
import { describe, expect, test } from 'vitest';
import { extractAll, type Extracted, type Report } from '../../src/protocol/index.js';
import { BIN } from './support/outer-terminal.js';
import { sleep, waitUntil } from './support/wait-until.js';

/** A Claude Code Bash permission dialog (test/children/bash-dialog.mjs; its argv picks how it ends). */
const DIALOG_CHILD = fileURLToPath(new URL('../children/bash-dialog.mjs', import.meta.url));

const COLS = 120;
const ROWS = 40;

const TMUX_VERSION = (() => {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();
/** `allow-passthrough` exists from tmux 3.3 on (older versions pass DCS through unconditionally). */
const HAS_PASSTHROUGH_OPTION = (() => {
  const m = /(\d+)\.(\d+)/.exec(TMUX_VERSION ?? '');
  return m !== null && (Number(m[1]) > 3 || (Number(m[1]) === 3 && Number(m[2]) >= 3));
})();
const SKIP_REASON = TMUX_VERSION === undefined ? 'tmux is not installed (apt-get install tmux)' : undefined;


/** Printed in the pane after the shim, with its status. */
const SENTINEL = '__OSF_EXIT__';

/** Inside tmux each shim reports on its pane's record, titled with the pane's name. */
const BLOCKED: Report = {
  state: 'blocked',
  id: 'tmux/0',
  kind: 'permission',
  app: 'claude-code',
  title: 'claude-code · osf:0.0',
  msg: 'approve Bash: touch build.log',
};
const CLEAR: Report = { state: 'clear', id: 'tmux/0' };



function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The reports in a byte stream (queries and rejected sequences fail the test: nothing here sends them). */
function reportsIn(found: Extracted[]): Report[] {
  return found.map((f) => {
    if (f.parsed.type !== 'report') throw new Error(`not a valid report: ${JSON.stringify(Buffer.from(f.raw).toString('latin1'))}`);
    return f.parsed.report;
  });
}

/** The decoded reports without the undefined keys the parser may leave, for toEqual. */
function plain(reports: Report[]): Report[] {
  return reports.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as unknown as Report);
}

/** One private tmux server with one session, a client attached in a PTY, and the pane piped to a file. */
class TmuxRig {
  readonly dir = mkdtempSync(join(tmpdir(), 'osf-tmux-'));
  readonly socket = join(this.dir, 'sock');
  readonly pipeFile = join(this.dir, 'pane.bin');
  readonly logFile = join(this.dir, 'osf7501.log');
  private readonly env: Record<string, string>;
  private client: pty.IPty | undefined;
  private readonly chunks: Buffer[] = [];

  /** `extra`: the environment the server and client start in besides the tests' own (the terminal tmux was started from). */
  constructor(extra: Record<string, string> = {}) {
    const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', ...extra };
    for (const key of Object.keys(env)) if (/^(TMUX|TMUX_PANE|STY|OSF7501_.*)$/.test(key)) delete env[key];
    this.env = env;
  }

  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8', env: this.env });
  }

  /** Starts the server (a placeholder in the pane), attaches the client and pipes the pane. */
  async start(): Promise<void> {
    const options = [';', 'set', '-g', 'status', 'off'];
    if (HAS_PASSTHROUGH_OPTION) options.push(';', 'set', '-g', 'allow-passthrough', 'on');
    execFileSync(
      'tmux',
      ['-S', this.socket, '-f', '/dev/null', 'new-session', '-d', '-x', String(COLS), '-y', String(ROWS), '-s', 'osf', 'sleep 600', ...options],
      { env: this.env },
    );
    this.client = pty.spawn('tmux', ['-S', this.socket, 'attach', '-t', 'osf'], {
      name: 'xterm-256color',
      cols: COLS,
      rows: ROWS,
      cwd: this.dir,
      env: this.env,
      encoding: null,
    } as pty.IPtyForkOptions);
    this.client.onData((data) => this.chunks.push(data as unknown as Buffer));
    await waitUntil(() => this.tmux('list-clients', '-t', 'osf').includes('attached'), 'the tmux client to attach');
    this.tmux('pipe-pane', '-O', '-t', 'osf', `cat > ${shellQuote(this.pipeFile)}`);
  }

  /** Replaces the placeholder with `osf7501 <args>`, then a line with its status (the pane stays open). */
  runShim(args: string[], target = 'osf'): void {
    const command = [process.execPath, BIN, '--log', this.logFile, ...args].map(shellQuote).join(' ');
    this.tmux('respawn-pane', '-k', '-t', target, `${command}; printf '\\n${SENTINEL}%d__\\n' "$?"; exec sleep 600`);
  }

  /** Every byte the attached client wrote to its terminal (the outer terminal's input). */
  clientOutput(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Every byte the shim wrote into the pane. */
  paneOutput(): Buffer {
    return existsSync(this.pipeFile) ? readFileSync(this.pipeFile) : Buffer.alloc(0);
  }

  /** The shim's status, once the line after it has reached both the pane and the outer terminal (tmux
   * draws it after everything the shim wrote, so nothing the outer terminal will get is still missing). */
  async shimStatus(): Promise<number> {
    const pattern = new RegExp(`${SENTINEL}(\\d+)__`);
    await waitUntil(
      () => pattern.test(this.paneOutput().toString('latin1')) && pattern.test(this.clientOutput().toString('latin1')),
      'the shim to exit',
    );
    return Number(pattern.exec(this.paneOutput().toString('latin1'))?.[1]);
  }

  dispose(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    try {
      this.client?.kill('SIGKILL');
    } catch {
      // gone
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}


describe(`inside tmux (${TMUX_VERSION ?? 'not installed'})`, () => {
  test('a report wrapped in DCS passthrough reaches the outer terminal unwrapped, byte for byte', async (ctx) => {
    if (SKIP_REASON !== undefined) ctx.skip(SKIP_REASON);
    const rig = new TmuxRig();
    try {
      await rig.start();
      rig.runShim(['--rules', 'claude-code', process.execPath, DIALOG_CHILD]);
      const blockedSeen = (): boolean => reportsIn(extractAll(rig.clientOutput())).some((r) => r.state === 'blocked');
      await waitUntil(blockedSeen, 'the blocked report at the outer terminal', () => {
        const pane = extractAll(rig.paneOutput()).map((f) => JSON.stringify(Buffer.from(f.raw).toString('latin1')));
        return `; the pane carried: ${pane.join(', ') || '(nothing)'}`;
      });
      rig.tmux('send-keys', '-t', 'osf', 'x');
      expect(await rig.shimStatus()).toBe(0);

      // The outer terminal: bare, ST-terminated reports — blocked naming the command, then clear.
      const atClient = extractAll(rig.clientOutput());
      expect(plain(reportsIn(atClient))).toEqual([BLOCKED, CLEAR]);
      for (const f of atClient) {
        expect(f.tmuxDepth).toBe(0);
        expect(Buffer.from(f.sequence).toString('latin1').endsWith('\x1b\\')).toBe(true);
      }
      // The pane: the same reports, each in one tmux passthrough; unwrapped, the very bytes the client got.
      const inPane = extractAll(rig.paneOutput());
      expect(plain(reportsIn(inPane))).toEqual([BLOCKED, CLEAR]);
      expect(inPane.map((f) => f.tmuxDepth)).toEqual([1, 1]);
      expect(atClient.map((f) => Buffer.from(f.sequence).toString('latin1'))).toEqual(
        inPane.map((f) => Buffer.from(f.sequence).toString('latin1')),
      );
    } finally {
      rig.dispose();
    }
  });

  test('--no-tmux-wrap: the bare report goes into the pane and tmux drops it', async (ctx) => {
    if (SKIP_REASON !== undefined) ctx.skip(SKIP_REASON);
    const rig = new TmuxRig();
    try {
      await rig.start();
      rig.runShim(['--no-tmux-wrap', '--rules', 'claude-code', process.execPath, DIALOG_CHILD]);
      await waitUntil(() => extractAll(rig.paneOutput()).some((f) => f.parsed.type === 'report'), 'the blocked report in the pane');
      rig.tmux('send-keys', '-t', 'osf', 'x');
      expect(await rig.shimStatus()).toBe(0);

      const inPane = extractAll(rig.paneOutput());
      expect(plain(reportsIn(inPane))).toEqual([BLOCKED, CLEAR]);
      expect(inPane.map((f) => f.tmuxDepth)).toEqual([0, 0]);
      expect(extractAll(rig.clientOutput())).toEqual([]);
      // The shim did report (its log says so); only tmux kept the reports from the terminal.
      const logged = readFileSync(rig.logFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; state: string })
        .filter((entry) => entry.type === 'report')
        .map((entry) => entry.state);
      expect(logged).toEqual(['blocked', 'clear']);
    } finally {
      rig.dispose();
    }
  });
});

/** The OSC 9;4 bodies in `bytes`, bare (`4;1;40`) or in one tmux passthrough (its ESCs doubled). */
function progressBars(bytes: Buffer, wrapped: boolean): string[] {
  const pattern = wrapped ? /\x1bPtmux;\x1b\x1b\]9;(4;[0-9;]*)\x1b\x1b\\\x1b\\/gu : /(?<!\x1b)\x1b\]9;(4;[0-9;]*)\x1b\\/gu;
  return [...bytes.toString('latin1').matchAll(pattern)].map((m) => m[1] ?? '');
}

describe(`the OSC 9;4 progress bar inside tmux (${TMUX_VERSION ?? 'not installed'})`, () => {
  const CHILD = [process.execPath, fileURLToPath(new URL('../children/progress-states.mjs', import.meta.url))];
  /** The child's states, a key each once the last is out, then the key that ends it. */
  async function drive(rig: TmuxRig): Promise<void> {
    await waitUntil(() => rig.paneOutput().toString('latin1').includes('state=idle'), "the shim's first report");
    for (let i = 0; i < 5; i++) {
      rig.tmux('send-keys', '-t', 'osf', 'k');
      // Without the shim's own strings (OSC, tmux-wrapped DCS): it may write one between the child's `\r` and `\n`.
      const step = new RegExp(`STEP ${i}\\r*\\n`, 'u');
      await waitUntil(() => step.test(rig.paneOutput().toString('latin1').replace(/\x1bPtmux;(?:\x1b\x1b|[^\x1b])*\x1b\\|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/gu, '')), `step ${i}`);
    }
    rig.tmux('send-keys', '-t', 'osf', 'k');
  }

  test('auto, a tmux before 3.7 started from Ghostty: no OSC 9;4 in the pane or at the outer terminal', async (ctx) => {
    if (SKIP_REASON !== undefined) ctx.skip(SKIP_REASON);
    if (/^tmux (?:next-)?(?:[4-9]|3\.(?:[7-9]|\d\d))/u.test(TMUX_VERSION ?? '')) ctx.skip(`${TMUX_VERSION} passes OSC 9;4 on: this case needs a tmux before 3.7`);
    const rig = new TmuxRig({ TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.3' });
    try {
      await rig.start();
      rig.runShim(CHILD);
      await drive(rig);
      expect(await rig.shimStatus()).toBe(0);
      expect(rig.paneOutput().toString('latin1')).toContain('state=blocked'); // the reports went out
      expect(progressBars(rig.paneOutput(), false)).toEqual([]);
      expect(progressBars(rig.paneOutput(), true)).toEqual([]);
      expect(progressBars(rig.clientOutput(), false)).toEqual([]);
    } finally {
      rig.dispose();
    }
  });

  test('--progress-bar=always under a tmux before 3.7: in the reports\' passthrough, bare at the outer terminal', async (ctx) => {
    if (SKIP_REASON !== undefined) ctx.skip(SKIP_REASON);
    if (!HAS_PASSTHROUGH_OPTION) ctx.skip(`${TMUX_VERSION} has no allow-passthrough option`);
    if (/^tmux (?:next-)?(?:[4-9]|3\.(?:[7-9]|\d\d))/u.test(TMUX_VERSION ?? '')) ctx.skip(`${TMUX_VERSION} takes the bar bare: this case needs a tmux before 3.7`);
    const rig = new TmuxRig();
    try {
      await rig.start();
      rig.runShim(['--progress-bar=always', ...CHILD]);
      await drive(rig);
      expect(await rig.shimStatus()).toBe(0);
      const inPane = progressBars(rig.paneOutput(), true);
      expect(inPane.slice(inPane.indexOf('4;1;40'))).toEqual(['4;1;40', '4;4', '4;2', '4;3', '4;0']);
      expect(progressBars(rig.paneOutput(), false)).toEqual([]); // never bare into the pane
      expect(progressBars(rig.clientOutput(), false)).toEqual(inPane);
    } finally {
      rig.dispose();
    }
  });
});

describe(`two panes (${TMUX_VERSION ?? 'not installed'})`, () => {
  test('two shims in two panes report on two records; one pane\'s exit clears only its own', async (ctx) => {
    if (SKIP_REASON !== undefined) ctx.skip(SKIP_REASON);
    const rig = new TmuxRig();
    try {
      await rig.start();
      rig.tmux('split-window', '-t', 'osf', '-h', 'sleep 600');
      const panes = rig.tmux('list-panes', '-t', 'osf', '-F', '#{pane_id}').trim().split('\n');
      expect(panes).toHaveLength(2);
      const ids = panes.map((p) => `tmux/${p.slice(1)}`);
      rig.runShim(['--rules', 'claude-code', process.execPath, DIALOG_CHILD], panes[0]);
      rig.runShim(['--rules', 'claude-code', process.execPath, DIALOG_CHILD], panes[1]);
      const reports = (): Report[] => reportsIn(extractAll(rig.clientOutput()));
      await waitUntil(
        () => ids.every((id) => reports().some((r) => r.state === 'blocked' && r.id === id)),
        'a blocked report from each pane',
      );
      rig.tmux('send-keys', '-t', panes[0] as string, 'x');
      await waitUntil(() => reports().some((r) => r.state === 'clear'), 'the first pane\'s clear');
      await sleep(500);
      const clears = reports().filter((r) => r.state === 'clear');
      expect(clears.map((r) => r.id)).toEqual([ids[0]]); // scoped: never a clear without an id
      expect(reports().filter((r) => r.id === ids[1]).map((r) => r.state)).toEqual(['blocked']);
      expect(new Set(reports().map((r) => r.title))).toEqual(new Set(['claude-code · osf:0.0', 'claude-code · osf:0.1', undefined]));
    } finally {
      rig.dispose();
    }
  });
});

describe('--id', () => {
  test('an invalid id is refused with one line naming it, exit 2, before anything runs', () => {
    const r = spawnSync(process.execPath, [BIN, '--id', 'no spaces', 'true'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("option '--id <id>' argument 'no spaces' is invalid. segment 1 \"no spaces\" is not [A-Za-z0-9_.+-]{1,32}");
  });
});
