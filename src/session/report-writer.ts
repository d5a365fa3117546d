// The sinks of the policy's reports: the terminal through the gate (wrapped for the multiplexer), the log, the title, the recap.
import { wrapForScreen, wrapForTmux, type Report } from '../protocol/index.js';
import type { Classification } from '../rules/types.js';
import type { ReportLogSink, ReportSource } from '../signals/types.js';
import type { DriftEvent } from '../signals/drift.js';
import type { ReportGate } from './report-gate.js';
import { POP_TITLE, PUSH_TITLE, titleSequence } from './title-indicator.js';

/** Where a session's reports go besides the terminal, and how they pass a multiplexer. */
export interface ReportWriterOptions {
  /** Levels of tmux DCS passthrough to wrap each report in (0 outside tmux). */
  tmuxLevels: number;
  /** Wrap each report in GNU screen's DCS passthrough (inside screen, not tmux). */
  screenWrap?: boolean;
  log?: ReportLogSink;
  /** Also show each report in the window title with this prefix (for terminals without 7501). */
  titlePrefix?: string;
  /** Told of every report of the shim's own (the demo's recap). */
  onReport?: (report: Report) => void;
}

/** Hands each report to its sinks; every sequence goes through the gate, so it joins the output at a safe point. */
export class ReportWriter {
  /** The last report of the shim's own, for a title redrawn when the program sets its own. */
  private lastReport: Report | undefined;
  /** The window title the program set last (its bytes), once it set one. */
  private programTitle: Uint8Array | undefined;

  constructor(
    private readonly gate: ReportGate,
    private readonly options: ReportWriterOptions,
  ) {}

  /** Reports pass a multiplexer, which drops the child's bare OSC 7501 (the policy copies the child's reports then). */
  get wrapped(): boolean {
    return this.options.tmuxLevels > 0 || this.options.screenWrap === true;
  }

  /** The session begins: the user's window title is saved (with a title prefix). */
  begin(): void {
    if (this.options.titlePrefix !== undefined) this.gate.submit(PUSH_TITLE);
  }

  /** A report the policy decided on; `bytes` (bare) when it is to be written. */
  report(report: Report, source: ReportSource, bytes: Uint8Array | undefined, completes = false): void {
    this.options.log?.report(report, source, completes);
    // A resend is the same report again: the recap and the title have it already.
    const own = source !== 'native' && source !== 'resend';
    if (own) this.options.onReport?.(report);
    if (bytes !== undefined) this.gate.submit(this.throughMultiplexer(bytes));
    if (own && this.options.titlePrefix !== undefined) {
      this.lastReport = report;
      this.gate.submit(titleSequence(this.options.titlePrefix, report, this.programTitle));
    }
  }

  /**
   * The program set its window title (its bytes already went out unchanged): with a title prefix, the
   * glyph goes in front of it, written after the program's own title sequence at the next safe point.
   */
  childTitle(title: Uint8Array): void {
    if (this.options.titlePrefix === undefined) return;
    this.programTitle = title;
    if (this.lastReport !== undefined) this.gate.submit(titleSequence(this.options.titlePrefix, this.lastReport, title));
  }

  /** A report on one of the session's child records (a subagent's): to the terminal and `--log`, not the session's state. */
  child(report: Report, bytes: Uint8Array): void {
    this.options.log?.child?.(report);
    this.gate.submit(this.throughMultiplexer(bytes));
  }

  /** A classification that reached the ranking. */
  classification(classification: Classification): void {
    this.options.log?.classification(classification);
  }

  /** The screen rules disagreed with the child's own reports: for `--log` only. */
  drift(drift: DriftEvent): void {
    this.options.log?.drift?.(drift);
  }

  /** Another terminal sequence (a notification), written the way reports go. */
  sequence(bytes: Uint8Array): void {
    this.gate.submit(this.throughMultiplexer(bytes));
  }

  /** The session ends: the user's window title comes back (with a title prefix). */
  end(): void {
    if (this.options.titlePrefix !== undefined) this.gate.submit(POP_TITLE);
  }

  /** A sequence wrapped so it passes tmux (once per level) or GNU screen to the outer terminal. */
  throughMultiplexer(sequence: Uint8Array): Uint8Array {
    if (this.options.tmuxLevels > 0) return wrapForTmux(sequence, this.options.tmuxLevels);
    return this.options.screenWrap ? wrapForScreen(sequence) : sequence;
  }
}
