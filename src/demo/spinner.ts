// The fake agent's spinner: a 10 Hz frame clock for the `✻ Pondering… (3s · esc to interrupt)` row.
import { spinnerRow } from './rows.js';

/** The spinner's frame period: 10 Hz, as Claude Code's. Never time-scaled. */
const SPINNER_FRAME_MS = 100;

/** Ticks while a turn runs; `live` false freezes it (a silent tool call). `stop()` is idempotent. */
export class Spinner {
  private frame = 0;
  private readonly since = Date.now();
  private readonly timer: NodeJS.Timeout;
  /** The activity word shown (`Pondering`). */
  verb = 'Thinking';
  /** False while a tool runs: no frames, no bytes. */
  live = true;

  constructor(private readonly onFrame: (row: string) => void) {
    this.timer = setInterval(() => this.tick(), SPINNER_FRAME_MS);
  }

  /** The row as it stands. */
  row(): string {
    return spinnerRow(this.frame, this.verb, this.seconds());
  }

  /** Whole seconds since the turn started. */
  seconds(): number {
    return Math.floor((Date.now() - this.since) / 1000);
  }

  /** Stops the frame clock. */
  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    if (!this.live) return;
    this.frame += 1;
    this.onFrame(this.row());
  }
}
