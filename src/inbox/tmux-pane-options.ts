// Inside tmux: the session's state as its pane's user options (@osf7501_state, _kind, _app, _msg, _since),
// so window-status-format and pane-border-format can show it with tmux's own formats.
import { execFile, spawnSync, type ChildProcess } from 'node:child_process';
import type { Report } from '../protocol/index.js';
import type { Classification } from '../rules/types.js';
import type { ReportLogSink } from '../signals/types.js';
import type { TmuxPlace } from './entry.js';
import { printable } from './format.js';

/** Longest one tmux call may take (ms); the unset at exit waits at most this long. */
const TMUX_CALL_TIMEOUT_MS = 1_000;
/** Bytes of msg kept in @osf7501_msg (a status line is short). */
const MSG_OPTION_BYTES = 200;
/** Bytes of tmux's own error kept in the `--log` line. */
const TMUX_ERROR_BYTES = 200;

/** The tmux arguments that set (or, for `clear`, unset) every option of `pane` for `report`. */
export function paneOptionArgs(pane: string, app: string, report: Report | undefined, sinceSeconds: number): string[] {
  const args: string[] = [];
  const set = (name: string, value: string | undefined): void => {
    if (args.length > 0) args.push(';');
    args.push(...(value === undefined ? ['set-option', '-p', '-u', '-t', pane, name] : ['set-option', '-p', '-t', pane, name, value]));
  };
  const live = report !== undefined && report.state !== 'clear' ? report : undefined;
  set('@osf7501_state', live?.state);
  set('@osf7501_kind', live?.state === 'blocked' ? live.kind : undefined);
  set('@osf7501_app', live === undefined ? undefined : printable(app, 64));
  set('@osf7501_msg', live?.msg === undefined ? undefined : printable(live.msg, MSG_OPTION_BYTES));
  set('@osf7501_since', live === undefined ? undefined : String(sinceSeconds));
  return args;
}

/** How a tmux call failed: it timed out, could not be started (`spawnCode`), or exited with tmux's error on stderr. */
export interface TmuxFailure {
  timedOut: boolean;
  spawnCode?: string;
  stderr: string;
}

/**
 * Pure: whether the pane options go off for the rest of the session after `failure`, and the one line
 * that says why; undefined keeps them on (a call that timed out: tmux was busy, the next report tries
 * again). A tmux before 3.0 has no pane options: it rejects `-p` (`unknown flag -p`, or 2.x's
 * `usage: set-option [-agosquw] …` without a p).
 */
export function paneOptionsOff(failure: TmuxFailure): string | undefined {
  if (failure.timedOut) return undefined;
  if (failure.spawnCode === 'ENOENT') return 'tmux pane options off: no tmux command on PATH';
  if (failure.spawnCode !== undefined) return `tmux pane options off: tmux cannot be run: ${failure.spawnCode}`;
  const said = printable(failure.stderr.trim().split('\n')[0] ?? '', TMUX_ERROR_BYTES);
  const usage = /usage: set(?:-option)? \[-([A-Za-z]+)\]/u.exec(failure.stderr);
  if (/unknown flag -p\b/u.test(failure.stderr) || (usage !== null && !usage[1]?.includes('p'))) {
    return `tmux pane options off: this tmux has no set-option -p (pane options need tmux 3.0 or later): ${said}`;
  }
  return `tmux pane options off: tmux refused set-option -p: ${said || 'no error message'}`;
}

/** Options of {@link TmuxPaneOptions}. */
interface PaneOptionsConfig {
  now?: () => number;
  /** Told once, when a failed tmux call turns the options off (the `--log` line). */
  onOff?: (reason: string) => void;
}

/**
 * Mirrors each report into the pane's options: a sink of the report policy, beside the `--log` file and
 * the inbox. Never blocks the relay: tmux runs asynchronously, one call at a time, and reports that come
 * meanwhile are coalesced into the latest. A tmux that refuses (no `set -p`, before 3.0) turns it off for
 * the session, said once through `onOff`. `dispose()` (idempotent) unsets the options, synchronously:
 * at exit, on a hang-up and on the shim's crash path.
 */
export class TmuxPaneOptions implements ReportLogSink {
  /** The tmux call under way, if any. */
  private running: ChildProcess | undefined;
  private pending: string[] | undefined;
  private lastState: string | undefined;
  private since = 0;
  private off = false;
  private disposed = false;
  private readonly now: () => number;

  constructor(
    private readonly place: TmuxPlace,
    private readonly app: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly config: PaneOptionsConfig = {},
  ) {
    this.now = config.now ?? Date.now;
  }

  /** Classifications do not reach the pane: only reports do. */
  classification(_c: Classification): void {}

  /** A report of the session: the options follow it. */
  report(report: Report): void {
    if (this.disposed || this.off) return;
    if (report.state !== this.lastState) this.since = Math.floor(this.now() / 1000);
    this.lastState = report.state;
    this.pending = paneOptionArgs(this.place.pane, this.app, report, this.since);
    this.next();
  }

  /** Unsets every option (best effort, waits at most TMUX_CALL_TIMEOUT_MS). Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pending = undefined;
    // A set still under way could reach tmux after the unset below and leave a state behind: stop it first
    // (once it has sent its command, tmux runs that before the unset, which connects later).
    this.running?.kill('SIGKILL');
    if (this.off || this.lastState === undefined) return;
    spawnSync('tmux', ['-S', this.place.socket, ...paneOptionArgs(this.place.pane, this.app, undefined, 0)], {
      env: this.env,
      stdio: 'ignore',
      timeout: TMUX_CALL_TIMEOUT_MS,
    });
  }

  private next(): void {
    if (this.running !== undefined || this.pending === undefined || this.disposed || this.off) return;
    const args = this.pending;
    this.pending = undefined;
    this.running = execFile('tmux', ['-S', this.place.socket, ...args], { env: this.env, timeout: TMUX_CALL_TIMEOUT_MS }, (error, _stdout, stderr) => {
      this.running = undefined;
      if (this.disposed) return;
      if (error !== null) this.failed({ timedOut: error.killed === true, ...(typeof error.code === 'string' ? { spawnCode: error.code } : {}), stderr: String(stderr) });
      this.next();
    });
  }

  private failed(failure: TmuxFailure): void {
    const reason = paneOptionsOff(failure);
    if (reason === undefined || this.off) return;
    this.off = true;
    this.pending = undefined;
    this.config.onOff?.(reason);
  }
}
