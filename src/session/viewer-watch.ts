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
 * What tmux is asked about the pane: clients attached to its session and whether the pane's window is the one they
 * show (tmux passes a report only to clients that show the pane); then the pids of those clients, one a line
 * (a client that attached again has a new pid, even on the same tty and in the same second).
 */
export const SEEN_FORMAT = '#{session_attached} #{window_active}';
const CLIENTS_FORMAT = '#{client_pid}';

/** tmux's answer about the pane. */
export interface PaneSeen {
  /** A client shows the pane now. */
  seen: boolean;
  /** The pids of the clients attached to the pane's session. */
  clients: string[];
}

/** Pure: tmux's answer (`1 1` then a pid a line), or undefined when it is not one. */
export function parsePaneSeen(answer: string): PaneSeen | undefined {
  const [first, ...rest] = answer.split('\n');
  const match = /^(\d+) ([01])$/u.exec(first ?? '');
  if (match === null) return undefined;
  const clients = rest.filter((line) => /^\d+$/u.test(line));
  return { seen: Number(match[1]) > 0 && match[2] === '1', clients };
}

/**
 * Pure: whether a client that shows the pane now is new since the last answer (`known`): it attached after that
 * answer, so it may have missed a report written since. Unknown before a first answer.
 */
export function newViewer(answer: PaneSeen, known: readonly string[] | undefined): boolean {
  return answer.seen && known !== undefined && answer.clients.some((pid) => !known.includes(pid));
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
  /** When the first report no question has covered yet was written (epoch ms): a question is due. */
  private pendingSince: number | undefined;
  private lastAskedAt = -Infinity;
  /** A report was written that no client saw: polling until one shows the pane. */
  private lost = false;
  /** The clients the last answer named. */
  private known: string[] | undefined;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly options: ViewerWatchOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The outer terminal was resized (SIGWINCH): its viewer may be another one, or a new one. Which clients are
   * there is not known at this moment (tmux resizes the pane as a client of another size attaches): the next
   * answer only learns them, so one attach that also resizes is one return.
   */
  resized(): void {
    this.known = undefined;
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
    this.pendingSince = undefined;
    this.lastAskedAt = this.now();
    const args = ['-S', tmux.socket, 'display-message', '-p', '-t', tmux.pane, SEEN_FORMAT, ';', 'list-clients', '-t', tmux.pane, '-F', CLIENTS_FORMAT];
    this.running = execFile('tmux', args, { env: this.options.env, timeout: TMUX_QUERY_TIMEOUT_MS }, (error, stdout) => {
      this.running = undefined;
      if (this.disposed) return;
      const answer = error === null ? parsePaneSeen(String(stdout)) : undefined;
      if (answer === undefined) this.lost = false; // tmux gone or busy: the next report asks again
      else this.answered(answer);
      if (!this.lost && this.pendingSince !== undefined) this.schedule();
    });
  }

  private answered(answer: PaneSeen): void {
    const attached = newViewer(answer, this.known);
    this.known = answer.clients;
    if (answer.seen) {
      // Polling, a client shows the pane again; or one attached since the last answer and may have missed a report.
      if (this.lost || attached) this.returned();
      return;
    }
    // Lost: every later report is too, until a client shows the pane.
    this.lost = true;
    this.pendingSince = undefined;
    this.queued = setTimeout(() => this.ask(), SEEN_POLL_MS);
  }
}
