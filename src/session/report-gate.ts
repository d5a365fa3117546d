// Where reports join the child's output: only between complete tokens, never inside a sync update.
import { StreamScanner, type StreamScannerOptions } from '../stream/index.js';

/**
 * How long a report may wait for a child's synchronized update (DEC 2026) to end. Terminals end a
 * stalled update themselves after about a second; after this the report goes at the next token
 * boundary even inside the update.
 */
export const SYNC_UPDATE_WAIT_MS = 1000;
/** How often waiting reports retry while the stream is mid-sequence and silent. */
export const GATE_RETRY_MS = 50;
/** Most reports waiting at once; a child stuck mid-sequence cannot grow the queue for ever. */
const MAX_PENDING_REPORTS = 16;

/** The output side of a session: the child's bytes and the shim's reports, interleaved safely. */
export class ReportGate {
  private readonly scanner: StreamScanner;
  private readonly pending: Uint8Array[] = [];
  private pendingSince = 0;
  private scannerBroken = false;

  constructor(
    private readonly write: (bytes: Uint8Array) => void,
    private readonly now: () => number,
    scannerOptions: StreamScannerOptions = {},
  ) {
    this.scanner = new StreamScanner(scannerOptions);
  }

  /** Writes one chunk of child output, with any pending reports at the last safe point inside it. */
  passOutput(chunk: Uint8Array): void {
    let split = -1;
    try {
      if (!this.scannerBroken && this.pending.length > 0) {
        this.scanner.feed(chunk);
        split = this.insertionPoint(chunk.length);
      } else if (!this.scannerBroken) {
        this.scanner.skim(chunk); // no report waits: only the state after the chunk matters
      }
    } catch {
      // A scanner fault must never cost a child byte: reports stop, the bytes go on.
      this.scannerBroken = true;
      this.pending.length = 0;
      split = -1;
    }
    if (split < 0) {
      this.write(chunk);
      return;
    }
    if (split > 0) this.write(chunk.subarray(0, split));
    this.flushPending();
    if (split < chunk.length) this.write(chunk.subarray(split));
  }

  /**
   * Bytes of the child that reached the terminal before this gate existed (the session spawns before
   * reporting loads): the scanner learns the stream's state from them; nothing is written.
   */
  learn(chunk: Uint8Array): void {
    if (this.scannerBroken) return;
    try {
      this.scanner.skim(chunk);
    } catch {
      this.scannerBroken = true;
    }
  }

  /** Queues a report; written at once when the stream is between tokens, else at the next safe point. */
  submit(report: Uint8Array): void {
    if (this.scannerBroken) return;
    if (this.pending.length === 0) this.pendingSince = this.now();
    if (this.pending.length >= MAX_PENDING_REPORTS) this.pending.shift();
    this.pending.push(report);
    this.retry();
  }

  /** Writes pending reports if the stream now allows it (call on a timer while reports wait). */
  retry(): void {
    if (this.pending.length === 0 || this.scannerBroken) return;
    if (this.scanner.safe || (this.syncWaitOver() && this.scanner.atBoundary)) this.flushPending();
  }

  /** Writes every waiting report now, wherever the stream stands (the child has exited). */
  forceFlush(): void {
    this.flushPending();
  }

  /** When `retry()` should next be called: GATE_RETRY_MS after `now` while reports wait, else never (Infinity). */
  nextRetry(now: number): number {
    return this.pending.length > 0 ? now + GATE_RETRY_MS : Infinity;
  }

  private insertionPoint(length: number): number {
    if (this.scanner.safe) return length;
    const safe = this.scanner.lastSafeOffset();
    if (safe >= 0) return safe;
    if (!this.syncWaitOver()) return -1;
    return this.scanner.atBoundary ? length : this.scanner.lastBoundaryOffset();
  }

  private syncWaitOver(): boolean {
    return this.now() - this.pendingSince >= SYNC_UPDATE_WAIT_MS;
  }

  private flushPending(): void {
    // One report, one write(): a receiver must never see a report split.
    for (const report of this.pending.splice(0)) this.write(report);
  }
}
