// Pure: the session's state as ConEmu's OSC 9;4 progress bar, beside the 7501 reports, and who owns the bar.
import { latin1Bytes } from '../protocol/bytes.js';
import type { Report } from '../protocol/types.js';

/**
 * How often a shown bar is sent again (ms). Ghostty drops a bar that has had no update for 15 s; 10 s keeps
 * it up with room for a busy event loop.
 */
export const PROGRESS_RESEND_MS = 10_000;

/** The body of an OSC 9;4 (`4;3`, `4;1;40`, `4;0`) after `9;`. */
type ProgressBody = string;

/**
 * What the bar shows for `report`: working → indeterminate (3), or a value (1;N) when its progress is known;
 * blocked → paused (4, with the value if known); error → error (2, with the value if known); done, idle and
 * clear → removed (0).
 */
export function progressBody(report: Report): ProgressBody {
  const value = report.progress === undefined ? '' : `;${Math.max(0, Math.min(100, Math.floor(report.progress)))}`;
  switch (report.state) {
    case 'working':
      return value === '' ? '4;3' : `4;1${value}`;
    case 'blocked':
      return `4;4${value}`;
    case 'error':
      return `4;2${value}`;
    default:
      return '4;0';
  }
}

const REMOVED: ProgressBody = '4;0';

/** `ESC ] 9 ; <body> ESC \`. */
export function progressSequence(body: ProgressBody): Uint8Array {
  return latin1Bytes(`\x1b]9;${body}\x1b\\`);
}

/**
 * One session's bar: a sink of the policy's reports with its own clock. It writes a sequence only when the
 * bar changes, again every `resendMs` while one is shown, and a removal at the end when one is shown.
 * Once the program writes an OSC 9;4 of its own it owns the bar for the rest of the session: this one
 * writes nothing more (not even a removal: the program's bar is what the terminal shows).
 */
export class ProgressBar {
  /** What the terminal shows of ours now (`4;0`: nothing). */
  private shown: ProgressBody = REMOVED;
  private sentAt = 0;
  private childOwns = false;
  private ended = false;

  constructor(private readonly resendMs: number = PROGRESS_RESEND_MS) {}

  /** A report of the policy's at `now`: the sequence to write, if the bar changes. */
  report(report: Report, now: number): Uint8Array | undefined {
    if (this.childOwns || this.ended) return undefined;
    const body = progressBody(report);
    if (body === this.shown) return undefined;
    return this.send(body, now);
  }

  /** The program wrote an OSC 9;4 of its own: the bar is its own from now on. */
  childMark(): void {
    this.childOwns = true;
  }

  /** True once the program owns the bar. */
  get ownedByChild(): boolean {
    return this.childOwns;
  }

  /** When the shown bar is next due again (ms on the driver's clock); undefined when nothing is shown. */
  nextDeadline(): number | undefined {
    return this.showing() ? this.sentAt + this.resendMs : undefined;
  }

  /** A deadline came: the shown bar again if it is due. */
  tick(now: number): Uint8Array | undefined {
    if (!this.showing() || now < this.sentAt + this.resendMs) return undefined;
    return this.send(this.shown, now);
  }

  /** The session ends (the program exited, the terminal hung up): the removal, if a bar of ours is shown. Idempotent. */
  end(now: number): Uint8Array | undefined {
    const removal = this.showing() ? this.send(REMOVED, now) : undefined;
    this.ended = true;
    return removal;
  }

  private showing(): boolean {
    return !this.childOwns && !this.ended && this.shown !== REMOVED;
  }

  private send(body: ProgressBody, now: number): Uint8Array {
    this.shown = body;
    this.sentAt = now;
    return progressSequence(body);
  }
}
