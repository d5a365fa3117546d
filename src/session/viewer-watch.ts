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
 * tmux nothing until a report is written; then once per report whether a client saw it, and, only while one was
 * lost, every SEEN_POLL_MS whether a client shows the pane again. Needs no tmux configuration (no hooks set).
 */
export class ViewerWatch {
  private settle: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private running: ChildProcess | undefined;
  /** A report was written since the query under way began: ask again when it ends. */
  private askAgain = false;
  /** When the last report was written (epoch ms): the one a query is about. */
  private writtenAt = 0;
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
    this.writtenAt = this.now();
    this.ask();
  }

  /** Stops the timers and a query under way. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.settle);
    clearTimeout(this.poll);
    this.running?.kill('SIGKILL');
  }

  /** A viewer came back: told once, RETURN_SETTLE_MS after the last sign of it. */
  private returned(): void {
    if (this.disposed) return;
    this.lost = false;
    clearTimeout(this.poll);
    clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      if (!this.disposed) this.options.onReturn();
    }, RETURN_SETTLE_MS);
  }

  private ask(): void {
    const tmux = this.options.tmux;
    if (tmux === undefined || this.disposed) return;
    if (this.running !== undefined) {
      this.askAgain = true;
      return;
    }
    const about = this.writtenAt;
    const args = ['-S', tmux.socket, 'display-message', '-p', '-t', tmux.pane, SEEN_FORMAT];
    this.running = execFile('tmux', args, { env: this.options.env, timeout: TMUX_QUERY_TIMEOUT_MS }, (error, stdout) => {
      this.running = undefined;
      if (this.disposed) return;
      const answer = error === null ? parsePaneSeen(String(stdout)) : undefined;
      if (this.askAgain) {
        this.askAgain = false;
        this.ask();
      } else if (answer !== undefined) this.answered(answer, about);
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
    this.lost = true;
    this.poll = setTimeout(() => this.ask(), SEEN_POLL_MS);
  }
}
