// The signal policy's vocabulary: the events it takes (each with its time), what it puts out, its configuration.
import type { Report } from '../protocol/types.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { Classification } from '../rules/types.js';
import type { HookSignal } from '../hooks/events.js';
import type { ExitPolicy } from '../status/types.js';
import type { SweepTiming } from '../sweep/sweep-scheduler.js';
import type { DriftEvent } from './drift.js';
import type { TerminalState } from './terminal-state.js';
import type { ShellMark } from '../stream/shell-marks.js';
import type { ProgressMark } from '../stream/progress-marks.js';
import type { Lifecycle } from './terminal-verdict.js';

/**
 * Where a report came from: the screen (with hooks and the foreground ranked in), the child's own OSC 7501, its
 * exit, or a deliberate resend of the record's current report to a viewer that came back.
 */
export type ReportSource = 'screen' | 'native' | 'exit' | 'resend';

/** Receives what the policy decided, for `--log` and the inbox. */
export interface ReportLogSink {
  classification(c: Classification): void;
  /** `completes`: the shim's completion of the child's own report (its msg read from the screen). */
  report(r: Report, source: ReportSource, completes?: boolean): void;
  /** The screen rules disagreed with the child's own reports (`--log` only). */
  drift?(d: DriftEvent): void;
  /** A report on a child record of the session (a subagent's; `--log` only: it is not the session's state). */
  child?(r: Report): void;
}

/** A rule set to classify with, as the screen model takes it. */
export interface RuleChoice {
  app: string;
  /** Compiled once, where the rule file was read (its `file` names it). */
  rules: RuleSet;
}

/** What the foreground means for the classification right now (a wrapped shell only). */
export interface ForegroundView {
  /** Another program than the wrapped shell holds the terminal (a command is running). */
  away: boolean;
  /** The rule set to classify with: the foreground agent's, or the session's own. */
  rules: RuleChoice;
}

/** One sweep's outcome, as the screen model hands it back. */
export type SweepOutcome = { changed: false } | { changed: true; classification: Classification; cursorRow?: string };

/** Everything the policy learns. `at` is milliseconds on the driver's clock (performance.now(), or the recording's). */
export type SignalEvent =
  /** Child output reached the screen model. */
  | { type: 'output'; at: number }
  /** The user's keys reached the child (when, not what: a recording keeps no keystroke). */
  | { type: 'input'; at: number }
  /** A sweep the policy asked for (`epoch` from its `sweep` output) ended: its outcome, or `failed`. */
  | { type: 'swept'; at: number; epoch: number; outcome: SweepOutcome | 'failed' }
  /** The child made a valid OSC 7501 report of its own. */
  | { type: 'native'; at: number; report: Report }
  /** A lifecycle hook reported; `receivedAt` (default `at`): when its line arrived, which its hint counts from. */
  | { type: 'hook'; at: number; signal: HookSignal; receivedAt?: number }
  /** The foreground program as read now. */
  | { type: 'foreground'; at: number; view: ForegroundView }
  /** The terminal's own state as read now (termios, /proc): echo off, a line read, a program running. */
  | { type: 'terminal'; at: number; state: TerminalState }
  /** The program said how far it is (ConEmu's OSC 9;4 in its output). */
  | { type: 'progress'; at: number; mark: ProgressMark }
  /** The shell marked its prompt or a command (OSC 133 in its output). */
  | { type: 'shell-mark'; at: number; mark: ShellMark }
  /**
   * A viewer came back (a tmux client attached, the outer terminal was resized): the reports it missed are lost,
   * so every current record is sent again, once, even though its bytes are the record's last.
   */
  | { type: 'resend'; at: number }
  /** A deadline the policy gave (`nextDeadline()`) has come. */
  | { type: 'tick'; at: number }
  /** The child exited (`signal`: its name, if it was killed). */
  | { type: 'exit'; at: number; code: number | null; signal: string | null }
  /** The terminal hung up: nobody will see an `error`, so the record is cleared at once. */
  | { type: 'hangup'; at: number };

/** What the policy puts out, in order. */
export type PolicyOutput =
  /**
   * A report for the record. `bytes` is the encoded sequence to write (bare: the driver wraps it for the
   * multiplexer), or undefined when nothing is to be written: a repeat of the record's last bytes, or the
   * child's own report whose bytes already reach the terminal.
   */
  | {
      type: 'report';
      report: Report;
      source: ReportSource;
      bytes: Uint8Array | undefined;
      /** The shim's completion of the child's own last report (its msg read from the screen), not a report of the child's. */
      completes?: true;
    }
  /**
   * A report on one of the session's child records (a subagent's, `<session record>/<short id>`): `bytes` always to
   * write. Not the session's state: the inbox and tmux's pane options do not take it.
   */
  | { type: 'child'; report: Report; bytes: Uint8Array }
  /** A classification that reached the ranking (a changed screen, a hook's). */
  | { type: 'classification'; classification: Classification }
  /** Sweep the screen now and hand the outcome back as a `swept` event with this epoch. */
  | { type: 'sweep'; epoch: number }
  /** Classify with these rules from now on (the foreground program changed). */
  | { type: 'rules'; rules: RuleChoice }
  /** The screen rules' verdict has disagreed with the child's own report for DRIFT_GRACE_MS (once per disagreement). */
  | { type: 'drift'; drift: DriftEvent };

/** One session's policy configuration. */
export interface SignalPolicyConfig {
  /** The app of the session's own rule set (a shell's own name when it has none). */
  app: string;
  /** The record reported on; absent = the root record. */
  id?: string;
  /** The record's title (the tmux pane's name), sent with every report but `clear`. */
  title?: string;
  onExit: ExitPolicy;
  timing: SweepTiming;
  /** The tracker's settle window (ms); the tracker's default when absent. */
  settleMs?: number;
  /**
   * A multiplexer between the shim and the terminal drops the child's bare OSC 7501 (tmux, GNU screen): the
   * policy writes a copy of each of the child's reports on the record (it does so too when the record has an id).
   */
  copyNative: boolean;
  /** How the program lives (spec/signals.md, "Any program"); `agent` when absent. */
  lifecycle?: Lifecycle;
  /** A plain program's run or a shell's command at least this long (ms) ends as `done`; DEFAULT_DONE_AFTER_MS when absent. */
  doneAfterMs?: number;
  /** When the program was spawned, on the driver's clock; the policy's first event when absent. */
  startedAt?: number;
}
