// Finds every OSC 7501 sequence in a byte stream, bare or inside tmux passthrough, across any chunk split.
import { ByteBuffer } from './byte-buffer.js';
import { BACKSLASH, BEL, CAN, ESC, SUB } from './c0.js';
import { SEQUENCE_MAX_BYTES, SEQUENCE_PREFIX } from './limits.js';
import { OscStop, OscStringReader } from './osc-string.js';
import { parseReport, type Parsed } from './parse.js';
import { reject, type Rejection } from './rejection.js';
import { TMUX_PASSTHROUGH_PREFIX, undoubleEscapes } from './tmux-payload.js';

const OSC_PREFIX: readonly number[] = Array.from(SEQUENCE_PREFIX, (char) => char.charCodeAt(0));

/** Room a tmux passthrough gets beyond the sequence limit for its prefix, doubled ESCs and nesting; a
 * passthrough longer than SEQUENCE_MAX_BYTES + this cannot carry a valid report and is dropped unbuffered. */
export const TMUX_WRAP_SLACK_BYTES = 1024;

/** One OSC 7501 sequence found in the stream. */
export interface Extracted {
  /** Stream offset of the first byte of `raw` (counted from the first `push` after construction or `end`). */
  offset: number;
  /** The bytes as they appeared in the stream, tmux wrapping included (only the kept head of a runaway). */
  raw: Uint8Array;
  /** The OSC 7501 sequence itself, tmux wrapping removed. */
  sequence: Uint8Array;
  /** How many tmux passthroughs it was wrapped in (0 for a bare sequence). */
  tmuxDepth: number;
  /** The report, the support query, or why a receiver would discard it. */
  parsed: Parsed;
}

type Mode = 'ground' | 'prefix' | 'osc' | 'tmux' | 'skip-osc' | 'skip-tmux';

/** Streaming OSC 7501 finder: `push` each chunk as it arrives, `end` when the stream ends. Holds at most one
 * pending sequence, capped at SEQUENCE_MAX_BYTES (+ TMUX_WRAP_SLACK_BYTES inside tmux passthrough); a
 * longer one is reported once as `sequence-too-long` and the rest of it is skipped up to its terminator.
 * An OSC string follows the one grammar of protocol/osc-string.ts, as the live scanner does: BEL or `ESC \`
 * ends it, CAN/SUB cancel it, any other ESC cuts it off. A tmux passthrough ends at its unpaired `ESC \`.
 * 8-bit C1 forms are not recognized: in a UTF-8 stream those bytes are parts of characters. */
export class ReportExtractor {
  private mode: Mode = 'ground';
  private readonly pending = new ByteBuffer();
  private start = 0;
  private offset = 0;
  /** An ESC ended the last chunk inside a tmux passthrough (an OSC string's reader keeps its own). */
  private escPending = false;
  private readonly osc = new OscStringReader();

  /** Scans one chunk and returns the sequences that ended in it. */
  push(chunk: Uint8Array): Extracted[] {
    const found: Extracted[] = [];
    const base = this.offset;
    this.offset += chunk.length;
    let i = 0;
    while (i < chunk.length) {
      if (this.mode === 'ground') {
        const esc = chunk.indexOf(ESC, i);
        if (esc < 0) break;
        this.begin(base + esc);
        i = esc + 1;
        continue;
      }
      if (this.mode === 'osc' || this.mode === 'skip-osc') {
        i = this.readOsc(chunk, i, base, found);
        continue;
      }
      this.step(chunk[i] ?? 0, base + i, found);
      i++;
    }
    return found;
  }

  /** Ends the stream: a sequence still open is reported as `unterminated`. The next `push` starts a new
   * stream at offset 0. */
  end(): Extracted[] {
    const found: Extracted[] = [];
    const cutOff = reject('unterminated', 'the stream ended inside the sequence');
    if (this.mode === 'osc') this.emitOsc(found, cutOff);
    if (this.mode === 'tmux') this.emitTmux(found, cutOff);
    this.mode = 'ground';
    this.pending.clear();
    this.offset = 0;
    this.escPending = false;
    this.osc.begin();
    return found;
  }

  /** Starts a candidate sequence at the ESC at stream offset `at`. */
  private begin(at: number): void {
    this.pending.clear();
    this.pending.push(ESC);
    this.start = at;
    this.escPending = false;
    this.mode = 'prefix';
  }

  /** Feeds one byte (at stream offset `at`) to the current mode. */
  private step(byte: number, at: number, found: Extracted[]): void {
    switch (this.mode) {
      case 'ground':
        if (byte === ESC) this.begin(at);
        return;
      case 'prefix':
        return this.stepPrefix(byte, at, found);
      case 'tmux':
        return this.stepTmux(byte, at, found);
      case 'skip-tmux':
        return this.stepSkip(byte, at, found);
      case 'osc':
      case 'skip-osc':
        throw new Error('unreachable: an OSC string is read a run at a time');
    }
  }

  /** Matches `ESC ] 7501 ;` or `ESC P tmux;`; on a mismatch the byte goes back to ground. */
  private stepPrefix(byte: number, at: number, found: Extracted[]): void {
    const matched = this.pending.length;
    const introducer = matched === 1 ? byte : this.pending.at(1);
    const prefix = introducer === OSC_PREFIX[1] ? OSC_PREFIX : TMUX_PASSTHROUGH_PREFIX;
    if (byte !== prefix[matched]) {
      this.mode = 'ground';
      return this.step(byte, at, found);
    }
    this.pending.push(byte);
    if (this.pending.length !== prefix.length) return;
    this.mode = prefix === OSC_PREFIX ? 'osc' : 'tmux';
    this.osc.begin();
  }

  /** Reads `chunk[from, …)` of an OSC 7501 string (collected up to the cap) or of an over-long one (skipped);
   * returns where to go on. Every ESC of the string is counted toward the cap when it is read, as the byte
   * that would make the sequence longer than SEQUENCE_MAX_BYTES. */
  private readOsc(chunk: Uint8Array, from: number, base: number, found: Extracted[]): number {
    const skipping = this.mode === 'skip-osc';
    const escHeld = this.osc.escapePending; // that ESC is already in `pending`
    const stop = this.osc.read(chunk, from);
    const { contentEnd, next } = this.osc;
    if (!skipping) {
      const room = SEQUENCE_MAX_BYTES - this.pending.length;
      if (contentEnd - from >= room) {
        for (let i = from; i < from + room; i++) this.pending.push(chunk[i] ?? 0);
        this.tooLong(found);
        this.osc.begin();
        return from + room;
      }
      for (let i = from; i < contentEnd; i++) this.pending.push(chunk[i] ?? 0);
    }
    switch (stop) {
      case OscStop.open:
        if (!skipping && this.osc.escapePending) this.pushEsc(found);
        return next;
      case OscStop.bel:
        if (skipping) {
          this.mode = 'ground';
        } else {
          this.pending.push(BEL);
          this.emitOsc(found);
        }
        return next;
      case OscStop.st:
        if (skipping || (!escHeld && this.pushEsc(found))) {
          this.mode = 'ground';
        } else {
          this.pending.push(BACKSLASH);
          this.emitOsc(found);
        }
        return next;
      case OscStop.cancel:
        if (skipping) this.mode = 'ground';
        else this.emitOsc(found, reject('unterminated', 'CAN or SUB cancelled the sequence'));
        return next;
      case OscStop.cutOff:
        if (!skipping && (escHeld || !this.pushEsc(found))) {
          this.pending.pop();
          this.emitOsc(found, reject('unterminated', 'an escape sequence started before the terminator'));
        }
        this.begin(base + next - 1);
        return next;
    }
  }

  /** Adds an ESC of the OSC string to `pending`; true if that made it too long (reported, and now skipped). */
  private pushEsc(found: Extracted[]): boolean {
    this.pending.push(ESC);
    if (this.pending.length < SEQUENCE_MAX_BYTES) return false;
    this.tooLong(found);
    return true;
  }

  /** Reports the pending OSC as too long; the rest of it is skipped up to its end. */
  private tooLong(found: Extracted[]): void {
    this.emitOsc(found, reject('sequence-too-long', `no terminator within ${SEQUENCE_MAX_BYTES} bytes; the rest is skipped`));
    this.mode = 'skip-osc';
  }

  /** Collects a tmux passthrough up to its unpaired `ESC \`. */
  private stepTmux(byte: number, at: number, found: Extracted[]): void {
    if (this.escPending) {
      this.escPending = false;
      this.pending.push(byte);
      if (byte === ESC) return;
      if (byte === BACKSLASH) return this.emitTmux(found);
      this.pending.pop();
      this.pending.pop();
      this.emitTmux(found, reject('unterminated', 'an unpaired ESC ended the tmux passthrough'));
      this.begin(at - 1);
      return this.step(byte, at, found);
    }
    if (byte === CAN || byte === SUB) {
      return this.emitTmux(found, reject('unterminated', 'CAN or SUB cancelled the tmux passthrough'));
    }
    this.pending.push(byte);
    if (byte === ESC) this.escPending = true;
    if (this.pending.length > SEQUENCE_MAX_BYTES + TMUX_WRAP_SLACK_BYTES) {
      const message = `tmux passthrough longer than ${SEQUENCE_MAX_BYTES + TMUX_WRAP_SLACK_BYTES} bytes; skipped`;
      this.emitTmux(found, reject('sequence-too-long', message));
      this.mode = 'skip-tmux';
    }
  }

  /** Discards the rest of an over-long tmux passthrough up to its unpaired `ESC \`. */
  private stepSkip(byte: number, at: number, found: Extracted[]): void {
    if (this.escPending) {
      this.escPending = false;
      if (byte === BACKSLASH) this.mode = 'ground';
      else if (byte !== ESC) {
        this.begin(at - 1);
        this.step(byte, at, found);
      }
      return;
    }
    if (byte === ESC) this.escPending = true;
    else if (byte === CAN || byte === SUB) this.mode = 'ground';
  }

  /** Reports the pending OSC: parsed if complete, else with `failure`. Returns to ground. */
  private emitOsc(found: Extracted[], failure?: Rejection): void {
    const raw = this.pending.toBytes();
    const parsed: Parsed = failure ? { type: 'rejected', reason: failure } : parseReport(raw);
    found.push({ offset: this.start, raw, sequence: raw, tmuxDepth: 0, parsed });
    this.mode = 'ground';
  }

  /** Reports the OSC 7501 sequences inside the pending tmux passthrough (none if it carried something
   * else); if the passthrough did not end properly, each carries `failure`. Returns to ground. */
  private emitTmux(found: Extracted[], failure?: Rejection): void {
    const raw = this.pending.toBytes();
    const body = raw.subarray(TMUX_PASSTHROUGH_PREFIX.length, failure ? raw.length : raw.length - 2);
    for (const inner of extractAll(undoubleEscapes(body))) {
      const parsed: Parsed = failure ? { type: 'rejected', reason: failure } : inner.parsed;
      found.push({ offset: this.start, raw, sequence: inner.sequence, tmuxDepth: inner.tmuxDepth + 1, parsed });
    }
    this.mode = 'ground';
  }
}

/** Every OSC 7501 sequence in a complete byte string. */
export function extractAll(bytes: Uint8Array): Extracted[] {
  const extractor = new ReportExtractor();
  return [...extractor.push(bytes), ...extractor.end()];
}
