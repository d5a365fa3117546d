// Chunk-safe scan of a child's output: where a report may be inserted, and the child's own OSC 7501.
import { BACKSLASH, CAN, ESC, SUB } from '../protocol/c0.js';
import { OscStop, OscStringReader } from '../protocol/osc-string.js';
import { LEFT_BRACKET } from './bytes.js';
import { CsiModeParser } from './csi-mode.js';
import { AfterEsc, afterEscape, afterIntermediate, indexOfEscape } from './escape-byte.js';
import { Osc7501Capture } from './osc7501-capture.js';
import { OscTitleCapture, type OscTitleListener } from './osc-title-capture.js';
import { Osc133Capture } from './osc133-capture.js';
import { Osc94Capture } from './osc9-4-capture.js';
import type { ProgressListener } from './progress-marks.js';
import type { ShellMarkListener } from './shell-marks.js';
import type { Osc7501Listener } from './osc7501-events.js';
import { skipTarget } from './skip-ahead.js';
import { utf8LastBoundary, utf8PendingAfter } from '../protocol/utf8.js';

const GROUND = 0;
const ESCAPE = 1; // after ESC
const ESCAPE_INTERMEDIATE = 2; // ESC 0x20–0x2F…
const CSI = 3;
const OSC = 4; // its grammar, an ESC pending at a chunk's end included, is protocol/osc-string.ts
const STRING = 5; // DCS, SOS, PM, APC: only ST ends them
const STRING_ESCAPE = 6; // ESC inside a DCS/SOS/PM/APC string: ST, an escaped ESC, or another sequence

/** Options of a {@link StreamScanner}. */
export interface StreamScannerOptions {
  /** Told, during `feed()`, of every complete OSC 7501 sequence the child writes. */
  onOsc7501?: Osc7501Listener;
  /** Told, during `feed()`, of every window title the child sets (OSC 0 or OSC 2, complete). */
  onTitle?: OscTitleListener;
  /** Told, during `feed()`, of every complete OSC 133 shell mark (A, B, C, D) the child writes. */
  onShellMark?: ShellMarkListener;
  /** Told, during `feed()`, of every complete OSC 9;4 progress mark (ConEmu's) the child writes. */
  onProgress?: ProgressListener;
}

/**
 * Follows a child's output byte stream across chunks and says where a report may be inserted:
 * in ground state, outside any UTF-8 character, escape sequence or string, and outside a DEC 2026
 * synchronized update. The grammar is ECMA-48 as xterm parses it (ESC followed by anything but
 * `\` cuts a string off). An OSC string follows protocol/osc-string.ts, the rule `osf7501 decode`
 * runs too: BEL or ST ends it, CAN/SUB cancel it, any other ESC cuts it off. A DCS/SOS/PM/APC string
 * is read with two cautious choices, as tmux reads its passthrough: it ends only at ST (BEL, CAN and
 * SUB are content), and `ESC ESC` inside it is content (tmux doubles the ESCs of the sequence it
 * wraps). 8-bit C1 bytes are UTF-8 payload, not controls.
 *
 * The owner's loop, after `feed(chunk)` with a report pending: if `safe`, write the chunk and then
 * the report; else if `lastSafeOffset()` is k ≥ 0, write `chunk[0, k)`, the report, `chunk[k, …)`;
 * else write the chunk and keep the report pending (and, with no new output, write it as soon as
 * `safe`). A child can stay inside a synchronized update for ever: the owner must bound that wait
 * (a named timeout of about a second) and then insert at `atBoundary` / `lastBoundaryOffset()`,
 * which ignore the synchronized update. A string the child never ends keeps both false: inserting
 * there would corrupt it, so the report waits.
 */
export class StreamScanner {
  private state = GROUND;
  private utf8Pending = 0;
  private sync = false;
  private fed = 0;
  private lastSafe = 0;
  private lastBoundary = 0;
  private escapeAt = 0;
  private readonly csi = new CsiModeParser();
  private readonly osc: Osc7501Capture;
  private readonly title: OscTitleCapture;
  private readonly marks: Osc133Capture;
  private readonly progress: Osc94Capture;
  private readonly oscString = new OscStringReader();

  constructor(options: StreamScannerOptions = {}) {
    this.osc = new Osc7501Capture(options.onOsc7501);
    this.title = new OscTitleCapture(options.onTitle);
    this.marks = new Osc133Capture(options.onShellMark);
    this.progress = new Osc94Capture(options.onProgress);
  }

  /** A report may be inserted right after the bytes fed so far. */
  get safe(): boolean {
    return this.state === GROUND && this.utf8Pending === 0 && !this.sync;
  }

  /** Like `safe`, but ignoring a synchronized update (for an owner whose sync wait timed out). */
  get atBoundary(): boolean {
    return this.state === GROUND && this.utf8Pending === 0;
  }

  /** The child has begun a synchronized update (CSI ? 2026 h) and not ended it yet. */
  get inSyncUpdate(): boolean {
    return this.sync;
  }

  /** Bytes fed before the current chunk while `feed()` runs (listeners); all bytes fed after it. */
  get offset(): number {
    return this.fed;
  }

  /** The largest k (0 ≤ k ≤ chunk length) such that a report fits after `chunk[0, k)` of the last chunk, or -1. */
  lastSafeOffset(): number {
    return this.lastSafe;
  }

  /** Like `lastSafeOffset()`, but ignoring synchronized updates. */
  lastBoundaryOffset(): number {
    return this.lastBoundary;
  }

  /** Consume the next chunk of the child's output. */
  feed(chunk: Uint8Array): void {
    this.lastBoundary = this.atBoundary ? 0 : -1;
    this.lastSafe = this.safe ? 0 : -1;
    this.scan(chunk, 0, false);
    this.fed += chunk.length;
  }

  /**
   * Consume the next chunk when no insertion point inside it is wanted (no report waits): the state
   * after it, `safe`, `atBoundary`, `inSyncUpdate` and the OSC 7501 events are exactly those of
   * `feed()`, but `lastSafeOffset()` and `lastBoundaryOffset()` say nothing (-1). Much of a chunk of
   * bulk output is jumped over unparsed (see {@link skipTarget}).
   */
  skim(chunk: Uint8Array): void {
    let i = this.scan(chunk, 0, true); // bytes of a sequence left open by the last chunk
    if (i < chunk.length && !this.sync) {
      const target = skipTarget(chunk, i);
      if (target > i) i = target; // that ESC also ends any UTF-8 character left open before it
    }
    this.scan(chunk, i, false);
    this.lastBoundary = -1;
    this.lastSafe = -1;
    this.fed += chunk.length;
  }

  // Parses chunk[from, …) to its end, or (untilGround) to the first point in ground state; returns where it stopped.
  private scan(chunk: Uint8Array, from: number, untilGround: boolean): number {
    const n = chunk.length;
    let i = from;
    while (i < n) {
      switch (this.state) {
        case GROUND:
          if (untilGround) return i;
          i = this.scanText(chunk, i);
          break;
        case CSI:
          i = this.scanCsi(chunk, i);
          break;
        case OSC:
          i = this.scanOsc(chunk, i);
          break;
        case STRING:
          i = this.scanString(chunk, i);
          break;
        default:
          this.step(chunk[i] as number, i);
          i++;
      }
    }
    return n;
  }

  // Plain bytes up to the next ESC: only the UTF-8 state at their end (and last boundary) matters.
  private scanText(chunk: Uint8Array, i: number): number {
    const esc = indexOfEscape(chunk, i);
    const end = esc < 0 ? chunk.length : esc;
    if (end > i) {
      const before = this.utf8Pending;
      const after = (chunk[end - 1] as number) < 0x80 ? 0 : utf8PendingAfter(chunk, i, end, before);
      this.utf8Pending = after;
      const boundary = after === 0 ? end : utf8LastBoundary(chunk, i, end - 1, before);
      if (boundary >= 0) this.markBoundary(boundary);
    }
    if (esc < 0) return chunk.length;
    this.enterEscape(esc);
    if (chunk[esc + 1] !== LEFT_BRACKET) return esc + 1;
    // ESC [ is by far the most common pair: open the CSI without a trip through step().
    this.csi.reset();
    this.state = CSI;
    return esc + 2;
  }

  private scanCsi(chunk: Uint8Array, i: number): number {
    const n = chunk.length;
    const csi = this.csi;
    for (; i < n; i++) {
      const b = chunk[i] as number;
      if (b >= 0x20 && b < 0x40 && csi.irrelevant) continue; // parameters of a sequence that is not DECSET/DECRST
      if (b >= 0x40 && b <= 0x7e) {
        const change = csi.final(b);
        if (change !== 0) this.sync = change > 0;
        return this.toGround(i + 1);
      }
      if (b === ESC) {
        this.enterEscape(i);
        return i + 1;
      }
      if (b === CAN || b === SUB) return this.toGround(i + 1);
      csi.byte(b);
    }
    return n;
  }

  private scanOsc(chunk: Uint8Array, i: number): number {
    const reader = this.oscString;
    const osc = this.osc;
    const title = this.title;
    const marks = this.marks;
    const progress = this.progress;
    const stop = reader.read(chunk, i);
    const next = reader.next;
    if (!osc.ignoring && reader.contentEnd > i) osc.push(chunk, i, reader.contentEnd);
    if (!title.ignoring && reader.contentEnd > i) title.push(chunk, i, reader.contentEnd);
    if (!marks.ignoring && reader.contentEnd > i) marks.push(chunk, i, reader.contentEnd);
    if (!progress.ignoring && reader.contentEnd > i) progress.push(chunk, i, reader.contentEnd);
    switch (stop) {
      case OscStop.open:
        return next;
      case OscStop.bel:
        osc.finish(this.fed + next, 'bel');
        title.finish();
        marks.finish();
        progress.finish();
        return this.toGround(next);
      case OscStop.st:
        osc.finish(this.fed + next, 'st');
        title.finish();
        marks.finish();
        progress.finish();
        return this.toGround(next);
      case OscStop.cancel:
        osc.abort();
        title.abort();
        marks.abort();
        progress.abort();
        return this.toGround(next);
      case OscStop.cutOff:
        // That ESC opens the next sequence; the byte after it is read as the byte after ESC.
        osc.abort();
        title.abort();
        marks.abort();
        progress.abort();
        this.state = ESCAPE;
        this.escapeAt = this.fed + next - 1;
        return next;
    }
  }

  private scanString(chunk: Uint8Array, i: number): number {
    const esc = chunk.indexOf(ESC, i);
    if (esc < 0) return chunk.length;
    this.escapeAt = this.fed + esc;
    this.state = STRING_ESCAPE;
    return esc + 1;
  }

  // One byte in a short state: after ESC, after ESC + intermediates, or after ESC inside a DCS/SOS/PM/APC string.
  private step(b: number, i: number): void {
    const state = this.state;
    if (state === ESCAPE) this.escapeByte(afterEscape(b), i);
    else if (state === ESCAPE_INTERMEDIATE) this.escapeByte(afterIntermediate(b), i);
    else if (b === BACKSLASH) this.toGround(i + 1);
    else if (b === ESC) this.state = STRING; // ESC ESC is content (tmux passthrough doubles every ESC it wraps)
    else this.escapeByte(afterEscape(b), i); // any other byte cuts the string off and starts a new sequence
  }

  private escapeByte(effect: number, i: number): void {
    switch (effect) {
      case AfterEsc.openCsi:
        this.csi.reset();
        this.state = CSI;
        return;
      case AfterEsc.openOsc:
        this.osc.begin(this.escapeAt);
        this.title.begin();
        this.marks.begin();
        this.progress.begin();
        this.oscString.begin();
        this.state = OSC;
        return;
      case AfterEsc.openString:
        this.state = STRING;
        return;
      case AfterEsc.intermediate:
        this.state = ESCAPE_INTERMEDIATE;
        return;
      case AfterEsc.reset:
        this.sync = false;
        this.toGround(i + 1);
        return;
      case AfterEsc.final:
      case AfterEsc.cancel:
        this.toGround(i + 1);
        return;
      case AfterEsc.restart:
        this.enterEscape(i);
        return;
      default:
        // C0 controls, DEL and bytes >= 0x80 leave the sequence open.
        if (this.state === STRING_ESCAPE) this.state = ESCAPE;
    }
  }

  private enterEscape(i: number): void {
    this.state = ESCAPE;
    this.utf8Pending = 0;
    this.escapeAt = this.fed + i;
  }

  private toGround(p: number): number {
    this.state = GROUND;
    this.markBoundary(p);
    return p;
  }

  private markBoundary(p: number): void {
    this.lastBoundary = p;
    if (!this.sync) this.lastSafe = p;
  }
}
