// `--log FILE`: JSON Lines of every classification change and every report, for users and bug reports.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Report } from '../protocol/index.js';
import type { Classification } from '../rules/types.js';
import type { ReportLogSink, ReportSource } from '../signals/types.js';
import type { DriftEvent } from '../signals/drift.js';

/** Appends one JSON object per line to a file (or to stderr for `-`); `dispose()` closes it. */
export class ReportLog implements ReportLogSink {
  private readonly fd: number;
  private readonly owned: boolean;
  private disposed = false;
  private lastClassification: string | undefined;

  /** Opens `path` for appending; throws the fs error (the CLI turns it into a usage error). */
  constructor(path: string) {
    this.owned = path !== '-';
    this.fd = this.owned ? openSync(path, 'a', 0o600) : 2;
  }

  /** A classification, written only when it differs from the last one written. */
  classification(c: Classification): void {
    const key = JSON.stringify([c.state, c.kind, c.rule, c.msg]);
    if (key === this.lastClassification) return;
    this.lastClassification = key;
    this.line({ type: 'classification', state: c.state, kind: c.kind, rule: c.rule, msg: c.msg });
  }

  /** A report written to the terminal. */
  report(r: Report, source: ReportSource, completes = false): void {
    // `completes`: the shim's copy of the program's own last report with the msg its screen shows (not the program's word).
    this.line({ type: 'report', state: r.state, kind: r.kind, id: r.id, app: r.app, msg: r.msg, source, ...(completes ? { completes: true } : {}) });
  }

  /** A report on a child record of the session (a subagent's). */
  child(r: Report): void {
    this.line({ type: 'report', state: r.state, id: r.id, app: r.app, title: r.title, source: 'child' });
  }

  /**
   * The screen rules disagreed with the program's own reports: what differs (`on`), since when (ms before
   * this line), the program's report and what the screen rules alone would have reported, with their rule.
   */
  drift(d: DriftEvent): void {
    const sinceMs = Math.max(0, Math.round(d.at - d.since));
    if (d.from === 'hooks') {
      // The agent's hooks against the screen rules: `hookAgoMs`, how long before this line the hooks' verdict began.
      const hookAgoMs = Math.max(0, Math.round(d.at - d.nativeSince));
      this.line({ type: 'drift', from: 'hooks', on: d.on, lastedMs: sinceMs, hookAgoMs, hooks: d.native, screen: d.screen });
      return;
    }
    this.line({ type: 'drift', on: d.on, lastedMs: sinceMs, native: d.native, screen: d.screen });
  }

  /** A rule dropped for the rest of the session: it ran past the sweep time limit. */
  ruleDropped(rule: string, file: string, limitMs: number): void {
    this.line({ type: 'rule-dropped', rule, file, limitMs });
  }

  /** The tmux pane options went off for the session (a tmux without `set -p`): said once, by their sink. */
  paneOptionsOff(reason: string): void {
    this.line({ type: 'tmux-pane-options-off', reason });
  }

  /** Where the OSC 9;4 progress bar goes (src/tty/progress-terminal.ts), or why none: said once at the start. */
  progressBar(route: { draws: true; terminal: string; via: string } | { draws: false; why: string }): void {
    this.line(route.draws ? { type: 'progress-bar', terminal: route.terminal, via: route.via } : { type: 'progress-bar-off', reason: route.why });
  }

  /** Closes the file. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.owned) closeSync(this.fd);
  }

  private line(fields: Record<string, unknown>): void {
    if (this.disposed) return;
    try {
      writeSync(this.fd, `${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
    } catch {
      // A full disk must not stop the session.
    }
  }
}
