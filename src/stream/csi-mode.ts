// Reads a CSI sequence's parameters just far enough to see DEC private mode 2026 set or reset.

/** DEC private mode number of synchronized output (CSI ? 2026 h begins, CSI ? 2026 l ends). */
export const SYNC_UPDATE_MODE = 2026;

// Parameters saturate here, so a long run of digits never wraps around to read as 2026.
const PARAM_CEILING = 100_000;
const QUESTION = 0x3f;

/** What a finished CSI sequence does to the synchronized update: 1 begins, -1 ends, 0 neither. */
export type SyncChange = -1 | 0 | 1;

/** Tracks one CSI sequence byte by byte; `final()` says whether it was `CSI ? … 2026 … h/l`. */
export class CsiModeParser {
  private started = false;
  private ruledOut = false;
  private param = 0;
  private digits = false;
  private hasSyncMode = false;

  /** True once the sequence cannot be a DEC private mode set/reset: its other bytes need no parsing. */
  get irrelevant(): boolean {
    return this.ruledOut;
  }

  /** Forget the previous sequence (call right after `ESC [`). */
  reset(): void {
    this.started = false;
    this.ruledOut = false;
  }

  /** One byte between `ESC [` and the final byte (C0 controls are executed by terminals, not parsed). */
  byte(b: number): void {
    if (b < 0x20 || b === 0x7f) return;
    if (!this.started) {
      this.started = true;
      this.ruledOut = b !== QUESTION;
      this.param = 0;
      this.digits = false;
      this.hasSyncMode = false;
    } else if (b >= 0x30 && b <= 0x39) {
      const next = this.param * 10 + (b - 0x30);
      this.param = next > PARAM_CEILING ? PARAM_CEILING : next;
      this.digits = true;
    } else if (b === 0x3b) {
      this.endParam();
    } else {
      // Intermediates (DECRQM's `$`), ':' sub-parameters, a second private marker, bytes >= 0x80.
      this.ruledOut = true;
    }
  }

  /** The final byte (0x40–0x7E) arrived: how the sequence changes the synchronized update. */
  final(b: number): SyncChange {
    if (this.ruledOut || !this.started) return 0;
    this.endParam();
    if (!this.hasSyncMode) return 0;
    if (b === 0x68) return 1;
    if (b === 0x6c) return -1;
    return 0;
  }

  private endParam(): void {
    if (this.digits && this.param === SYNC_UPDATE_MODE) this.hasSyncMode = true;
    this.param = 0;
    this.digits = false;
  }
}
