// Notices a viewer coming back to a session whose reports pass a multiplexer: a resize of the outer terminal, or a
// tmux client attaching (or showing the pane's window) after a report was written that no client saw.
import { execFile, type ChildProcess } from 'node:child_process';
import type { TmuxPlace } from '../inbox/entry.js';

/**
 * Resizes come in bursts (a window dragged; tmux resizing the pane as a client of another size attaches, right as
 * the poll may see that client): the viewer's return is told once, this long (ms) after the last of them.
 */
export const RETURN_SETTLE_MS = 250;
/** How often (ms) tmux is asked whether the pane is seen again: only while a report was written that no client saw. */
export const SEEN_POLL_MS = 1_000;
/** Longest one tmux query may take (ms): tmux busy or gone, the watch waits for the next report. */
const TMUX_QUERY_TIMEOUT_MS = 1_000;
/**
 * What tmux is asked about the pane: clients attached to its session, whether its window is the session's current
 * one (tmux passes a report only to clients that show the pane), and when a client last attached (epoch seconds).
 */
export const SEEN_FORMAT = '#{session_attached} #{window_active} #{session_last_attached}';

/** tmux's answer to SEEN_FORMAT. */
export interface PaneSeen {
  /** A client shows the pane now. */
  seen: boolean;
  /** When a client last attached to the session (epoch ms), if tmux said. */
  lastAttachedMs?: number;
}

/** Pure: tmux's answer to SEEN_FORMAT (`1 1 1765000000`), or undefined when it is not one. */
export function parsePaneSeen(answer: string): PaneSeen | undefined {
  const match = /^(\d+) ([01]) (\d*)\s*$/u.exec(answer);
  if (match === null) return undefined;
  const seen = Number(match[1]) > 0 && match[2] === '1';
  return match[3] === '' ? { seen } : { seen, lastAttachedMs: Number(match[3]) * 1000 };
}

/**
 * Pure: whether a client that shows the pane now may have missed a report written at `writtenAtMs` (epoch ms): it
 * attached in the same second or after (tmux counts whole seconds), and that attach is not `knownAttachMs`, the one
 * the last answer told of (a resend it caused must not cause another).
 */
export function attachedSince(answer: PaneSeen, writtenAtMs: number, knownAttachMs: number | undefined): boolean {
  const at = answer.lastAttachedMs;
  return answer.seen && at !== undefined && at !== knownAttachMs && at >= Math.floor(writtenAtMs / 1000) * 1000;
}

/** Options of a {@link ViewerWatch}. */
interface ViewerWatchOptions {
  /** The pane inside tmux (its socket and id): attaches are watched there; none outside tmux. */
  tmux?: TmuxPlace;
  env: NodeJS.ProcessEnv;
  /** A viewer came back: send the records again (the policy's `resend`). */
  onReturn: () => void;
  /** Epoch ms (Date.now by default). */
  now?: () => number;
}

/**
 * One session's watch for returning viewers; `dispose()` (idempotent) stops its timers and its tmux query. Asks
 * tmux nothing until a report is written; then whether a client saw it (at most once per SEEN_POLL_MS: reports
 * that come meanwhile are covered by the next question, which counts from the first of them), and, only while
 * one was lost, every SEEN_POLL_MS whether a client shows the pane again. Needs no tmux configuration.
 */
export class ViewerWatch {
  private settle: NodeJS.Timeout | undefined;
  /** The next question to tmux, when it waits (the throttle, or the poll while a report is lost). */
  private queued: NodeJS.Timeout | undefined;
  private running: ChildProcess | undefined;
  /** When the first report no question has covered yet was written (epoch ms). */
  private pendingSince: number | undefined;
  private lastAskedAt = -Infinity;
  /** A report was written that no client saw: polling until one shows the pane. */
  private lost = false;
  /** The last attach tmux told of (epoch ms). */
  private knownAttach: number | undefined;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly options: ViewerWatchOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The outer terminal was resized (SIGWINCH): its viewer may be another one, or a new one. */
  resized(): void {
    this.returned();
  }

  /** A report's bytes went to the terminal: inside tmux, ask whether a client saw it (not while one is already lost). */
  written(): void {
    if (this.disposed || this.options.tmux === undefined || this.lost) return;
    this.pendingSince ??= this.now();
    this.schedule();
  }

  /** Stops the timers and a query under way. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.settle);
    clearTimeout(this.queued);
    this.running?.kill('SIGKILL');
  }

  /** A viewer came back: told once, RETURN_SETTLE_MS after the last sign of it. */
  private returned(): void {
    if (this.disposed) return;
    this.lost = false;
    clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      if (!this.disposed) this.options.onReturn();
    }, RETURN_SETTLE_MS);
  }

  /** Asks tmux as soon as the throttle allows (one question at a time). */
  private schedule(): void {
    if (this.running !== undefined || this.queued !== undefined) return;
    const wait = this.lastAskedAt + SEEN_POLL_MS - this.now();
    if (wait <= 0) this.ask();
    else this.queued = setTimeout(() => this.ask(), wait);
  }

  private ask(): void {
    this.queued = undefined;
    const tmux = this.options.tmux;
    if (tmux === undefined || this.disposed) return;
    const about = this.pendingSince ?? this.now();
    this.pendingSince = undefined;
    this.lastAskedAt = this.now();
    const args = ['-S', tmux.socket, 'display-message', '-p', '-t', tmux.pane, SEEN_FORMAT];
    this.running = execFile('tmux', args, { env: this.options.env, timeout: TMUX_QUERY_TIMEOUT_MS }, (error, stdout) => {
      this.running = undefined;
      if (this.disposed) return;
      const answer = error === null ? parsePaneSeen(String(stdout)) : undefined;
      if (answer === undefined) this.lost = false; // tmux gone or busy: the next report asks again
      else this.answered(answer, about);
      if (!this.lost && this.pendingSince !== undefined) this.schedule();
    });
  }

  private answered(answer: PaneSeen, about: number): void {
    const attachedAfter = attachedSince(answer, about, this.knownAttach);
    this.knownAttach = answer.lastAttachedMs;
    if (answer.seen) {
      // Polling, a client shows the pane again; or one attached as the report went out and may have missed it.
      if (this.lost || attachedAfter) this.returned();
      return;
    }
    // Lost: every later report is too, until a client shows the pane.
    this.lost = true;
    this.pendingSince = undefined;
    this.queued = setTimeout(() => this.ask(), SEEN_POLL_MS);
  }
}
