// Inside tmux: the session's state as its pane's user options (@osf7501_state, _kind, _app, _msg, _since),
// so window-status-format and pane-border-format can show it with tmux's own formats.
import { execFile, spawnSync } from 'node:child_process';
import type { Report } from '../protocol/index.js';
import type { TmuxPlace } from './entry.js';
import { printable } from './format.js';

/** Longest one tmux call may take (ms); the unset at exit waits at most this long. */
const TMUX_CALL_TIMEOUT_MS = 1_000;
/** Bytes of msg kept in @osf7501_msg (a status line is short). */
const MSG_OPTION_BYTES = 200;

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

/**
 * Mirrors each report into the pane's options. Never blocks the relay: tmux runs asynchronously, one call at
 * a time, and reports that come meanwhile are coalesced into the latest. A tmux that refuses (no `set -p`,
 * before 3.0) turns it off for the session. `dispose()` (idempotent) unsets the options, synchronously.
 */
export class TmuxPaneOptions {
  private running = false;
  private pending: string[] | undefined;
  private lastState: string | undefined;
  private since = 0;
  private failed = false;
  private disposed = false;

  constructor(
    private readonly place: TmuxPlace,
    private readonly app: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly now: () => number = Date.now,
  ) {}

  /** A report of the session: the options follow it. */
  report(report: Report): void {
    if (this.disposed || this.failed) return;
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
    if (this.failed || this.lastState === undefined) return;
    spawnSync('tmux', ['-S', this.place.socket, ...paneOptionArgs(this.place.pane, this.app, undefined, 0)], {
      env: this.env,
      stdio: 'ignore',
      timeout: TMUX_CALL_TIMEOUT_MS,
    });
  }

  private next(): void {
    if (this.running || this.pending === undefined || this.disposed) return;
    const args = this.pending;
    this.pending = undefined;
    this.running = true;
    execFile('tmux', ['-S', this.place.socket, ...args], { env: this.env, timeout: TMUX_CALL_TIMEOUT_MS }, (error) => {
      this.running = false;
      if (error !== null) this.failed = true; // no tmux, or one without `set -p`: nothing more to try
      this.next();
    });
  }
}
