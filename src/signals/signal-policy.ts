// The signal policy of spec/signals.md: timed events in, reports (with their source), sweeps and the next deadline out.
import { encodeReport } from '../protocol/encode.js';
import type { Report } from '../protocol/types.js';
import type { ScreenChild } from '../rules/children.js';
import type { Classification } from '../rules/types.js';
import type { HookSignal, HookTasks } from '../hooks/events.js';
import { ChildRecords } from './child-records.js';
import { ScreenChildren } from './screen-children.js';
import { StatusTracker } from '../status/tracker.js';
import { DEFAULT_MIN_INTERVAL_MS } from '../status/defaults.js';
import { DEFAULT_DONE_AFTER_MS } from '../status/exit-report.js';
import { SweepScheduler } from '../sweep/sweep-scheduler.js';
import { DRIFT_GRACE_MS, DriftWatch, type DriftEvent } from './drift.js';
import { HookDriftWatch } from './hook-drift.js';
import { maskOutput } from './masked-output.js';
import { nativeCompletion } from './native-completion.js';
import { AGENT_HOOK_BLOCKED_UNSEEN_MS, HOOK_BLOCKED_GRACE_MS, hookClassification, SignalRanking } from './ranking.js';
import type { TerminalState } from './terminal-state.js';
import type { ShellMark } from '../stream/shell-marks.js';
import type { ProgressMark } from '../stream/progress-marks.js';
import type { ForegroundView, PolicyOutput, ReportSource, RuleChoice, SignalEvent, SignalPolicyConfig, SweepOutcome } from './types.js';

/** Bytes of a report's msg: the protocol allows 2048, some terminals cap at 512. */
const MSG_BUDGET_BYTES = 512;

function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  if (a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The earlier of two deadlines (null: none). */
function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null || a < b ? a : b;
}

/**
 * One session's policy: which signal wins, when to sweep, when a turn has ended, which rules apply to the
 * foreground program, which report bytes the record gets. No timers and no I/O: the live shim drives it
 * with performance.now() and a timer at `nextDeadline()`, `osf7501 classify` with a recording's clock.
 */
export class SignalPolicy {
  private readonly scheduler: SweepScheduler;
  private readonly ranking: SignalRanking;
  private tracker: StatusTracker;
  private app: string;
  /** A sweep is running (asked for, not yet handed back). */
  private sweeping = false;
  /** Bumped when the rules change: a sweep read with the old rules speaks for nobody. */
  private epoch = 0;
  private ended = false;
  /**
   * The session's own rules have just taken the terminal back (the agent left) and no output has come since:
   * the screen is still the departed program's last frame, and a dialog in it is nobody's.
   */
  private leftFrame = false;
  /** The last report bytes written on the record: it never gets the same report twice in a row. */
  private lastSent: Uint8Array | undefined;
  /** The child's own last report on this session's record, once it has made one. */
  private native: Report | undefined;
  /**
   * The child's last report as the shim completed it from the screen (spec/signals.md, "Completing the agent's own
   * report"): what the record shows; undefined while it shows the child's own as it was.
   */
  private completed: Report | undefined;
  /** When the last completion was written, and when the next may be (a later one waits: at most 4 a second). */
  private completedAt = -Infinity;
  private completionDue: number | null = null;
  /** The msg the child's previous report had and its last one leaves out: over, for the child (nativeCompletion). */
  private droppedMsg: string | undefined;
  /** The child has made a report of its own on this session's record (an agent, whatever its name). */
  private spokeForItself = false;
  /**
   * A report of this session (the shim's or the child's own) has reached the terminal: the record exists.
   * A `clear` goes only to a record that exists (a `clear` without an id removes every record on the
   * terminal; a program that ends before anything was reported, `osf7501 ls`, leaves the terminal as it was).
   */
  private recorded = false;
  /** The screen rules' own verdict beside the child's reports: their disagreements. */
  private drift: DriftWatch;
  /** Every output goes to the driver through here, its texts masked: no sink can miss it. */
  private readonly out: (output: PolicyOutput) => void;
  /** The same beside the agent's hooks, from the first hook on (none before: it costs a second tracker). */
  private hookDrift: HookDriftWatch | undefined;
  /** When the program was spawned (the config's, else the first event's time). */
  private startedAt: number | undefined;
  /** A shell's command (OSC 133 C) that has not ended: when it started. */
  private commandSince: number | undefined;
  /** The session's subagents and background tasks, each a record of its own (from hooks, else the screen's rows). */
  private readonly children: ChildRecords;
  /** The subagents the screen's rows show (the third source of child records, after the agent's own and hooks). */
  private readonly screenChildren = new ScreenChildren();
  /** A subagent hook has come: the hooks speak for the subagents, the screen's rows make no record. */
  private hookChildren = false;
  /**
   * The child has reported a record of its own besides the session's (Claude Code's subagents): it speaks for its
   * subagents, the screen's rows make no record. An agent whose own reports never name a subagent (Codex) keeps them.
   */
  private spokeForChildren = false;
  /** The agent's task list as its hooks last told it (progress while working). */
  private tasks: HookTasks | undefined;
  /** A hook's failure or dialog while the agent speaks for itself, not yet seen in the agent's own reports. */
  private hookUnseen: { at: number; nativeSince: number; signal: HookSignal } | undefined;
  /** When the agent's current own report began. */
  private nativeSince = 0;

  constructor(
    private readonly config: SignalPolicyConfig,
    out: (output: PolicyOutput) => void,
  ) {
    this.out = (output) => out(maskOutput(output));
    this.scheduler = new SweepScheduler(config.timing);
    this.ranking = new SignalRanking(config.app, config.lifecycle ?? 'agent');
    this.startedAt = config.startedAt;
    this.app = config.app;
    this.tracker = this.newTracker(config.app);
    this.drift = this.newDrift(config.app);
    this.children = new ChildRecords(config.id);
  }

  /** Takes one event (a table of events drives the policy in tests). */
  handle(event: SignalEvent): void {
    this.startedAt ??= event.at;
    switch (event.type) {
      case 'output':
        return this.output(event.at);
      case 'input':
        return this.input(event.at);
      case 'swept':
        return this.swept(event.at, event.epoch, event.outcome);
      case 'native':
        return this.nativeReport(event.at, event.report);
      case 'hook':
        return this.hook(event.at, event.receivedAt ?? event.at, event.signal);
      case 'foreground':
        return void this.foreground(event.at, event.view);
      case 'terminal':
        return this.terminal(event.at, event.state);
      case 'shell-mark':
        return this.shellMark(event.at, event.mark);
      case 'progress':
        return this.progress(event.at, event.mark);
      case 'resend':
        return this.resend();
      case 'tick':
        return this.tick(event.at);
      case 'exit':
        return this.exit(event.at, event.code, event.signal);
      case 'hangup':
        return this.hangup();
    }
  }

  /** Child output reached the screen model at `at`: a sweep is scheduled. The hot path: no allocation. */
  output(at: number): void {
    if (this.ended) return;
    this.leftFrame = false;
    this.ranking.terminalStale = true;
    this.ranking.noteOutput(at);
    this.scheduler.noteOutput(at);
  }

  /** The user's keys reached the child at `at`: output soon after is their echo, not the program's own work. */
  input(at: number): void {
    this.ranking.lastInputAt = at;
  }

  /** Whether the terminal's own state counts now (no agent holds the foreground): the live watch reads only then. */
  readsTerminal(): boolean {
    return this.ranking.readsTerminal();
  }

  /** When `tick` must next come (ms), or null while nothing waits on time. */
  nextDeadline(): number | null {
    if (this.ended) return null;
    const command = this.commandSince !== undefined && !this.ranking.longCommand ? this.commandSince + this.doneAfterMs : null;
    const nativeHookDrift = this.hookUnseen === undefined ? null : this.hookUnseen.at + DRIFT_GRACE_MS;
    const drift = earliest(earliest(this.drift.nextDeadline(), this.hookDrift?.nextDeadline() ?? null), nativeHookDrift);
    const own = earliest(earliest(this.sweeping ? null : this.scheduler.nextDue(), this.tracker.nextDeadline()), this.completionDue);
    return earliest(earliest(own, drift), command);
  }

  /** The sequence that clears the record, for the shim's own crash path. */
  clearBytes(): Uint8Array | undefined {
    return this.encode(this.clearReport());
  }

  /** Deadlines that have come by `at`: a due sweep first, then the tracker's settle and rate limit. */
  tick(at: number): void {
    if (this.ended) return;
    if (!this.sweeping && this.scheduler.takeDue(at)) {
      this.sweeping = true;
      this.out({ type: 'sweep', epoch: this.epoch });
    }
    for (const report of this.tracker.tick(at)) this.emit(report, 'screen');
    this.drifted(this.drift.tick(at));
    this.nativeHookDrift(at);
    if (this.hookDrift !== undefined) this.drifted(this.hookDrift.tick(at));
    this.completeNative(at);
    if (this.commandSince !== undefined && !this.ranking.longCommand && at - this.commandSince >= this.doneAfterMs) {
      this.ranking.longCommand = true; // the command has run long enough to be worth a report
      this.feed(at, { state: 'working', rule: 'shell:command' });
    }
  }

  /** The least run (ms) whose end is news: `done` (or the error). */
  private get doneAfterMs(): number {
    return this.config.doneAfterMs ?? DEFAULT_DONE_AFTER_MS;
  }

  /** The terminal's own state, read at `at`: re-ranks the last screen when it changed what that screen means. */
  private terminal(at: number, state: TerminalState): void {
    if (this.ended) return;
    this.ranking.noteTerminal(state);
    // Output since the last sweep: the screen it drew goes with this state, and its sweep ranks both.
    if (this.sweeping || this.scheduler.nextDue() !== null) return;
    const screen = this.ranking.lastScreen;
    if (screen !== undefined) this.observe(at, screen);
  }

  /** The program's own OSC 9;4: re-ranks the last screen with it (a sweep due soon ranks it with its screen). */
  private progress(at: number, mark: ProgressMark): void {
    if (this.ended) return;
    this.ranking.noteProgress(mark, at);
    // A bar's update draws nothing: no sweep would see a change, so the last screen is ranked with it now.
    const screen = this.ranking.lastScreen;
    if (screen !== undefined) this.observe(at, screen);
  }

  /**
   * A shell's OSC 133 mark: a command that ran at least the done threshold ends as `done` (status 0) or `error`
   * (the status in msg); a shorter one leaves the record as it was; a new prompt ends whatever the command showed.
   */
  private shellMark(at: number, mark: ShellMark): void {
    // Only a wrapped shell's marks are its commands: an agent draws them too (Pi marks its messages as zones),
    // and so does a program started from the shell, whose own rules speak while it holds the terminal.
    if (this.ended || this.config.lifecycle !== 'shell' || this.app !== this.config.app) return;
    this.ranking.marked = true;
    if (mark.mark === 'command') {
      this.commandSince = at;
      this.ranking.commandEnded = false;
      return;
    }
    if (mark.mark !== 'end' && mark.mark !== 'prompt') return;
    this.ranking.dropProgress(); // the command's bar, if it left one, ended with it
    const since = this.commandSince;
    if (since === undefined) return;
    this.commandSince = undefined;
    const long = this.ranking.longCommand;
    this.ranking.longCommand = false;
    if (!long && at - since < this.doneAfterMs) {
      // A short command: a blocked it showed (sudo's password) is over; nothing else is news.
      const shown = this.tracker.current?.state;
      if (shown === 'blocked' || shown === 'working') this.feed(at, { state: 'idle', interrupted: true, rule: 'shell:prompt' });
      return;
    }
    this.ranking.commandEnded = true;
    const status = mark.mark === 'end' ? mark.status : undefined;
    if (status !== undefined && status !== 0) this.feed(at, { state: 'error', msg: `command exited with status ${status}`, rule: 'shell:command-end' });
    else this.feed(at, { state: 'done', rule: 'shell:command-end' });
  }

  /** The foreground program as read at `at`; true when another rule set took over. */
  foreground(at: number, view: ForegroundView): boolean {
    if (this.ended) return false;
    const before = this.ranking.view;
    this.ranking.view = view;
    if (view.rules.app !== this.app) {
      this.switchRules(at, view.rules);
      return true;
    }
    const screen = this.ranking.lastScreen;
    if (before?.away !== view.away && screen !== undefined) this.observe(at, screen);
    return false;
  }

  private swept(at: number, epoch: number, outcome: SweepOutcome | 'failed'): void {
    this.sweeping = false;
    // A sweep read with the rules of a program that has just left the terminal must not speak for it.
    if (this.ended || epoch !== this.epoch || outcome === 'failed') return;
    if (!outcome.changed) {
      // A spinner's frames are no change of the screen, but a stream long enough to tell is news of the program's.
      const screen = this.ranking.lastScreen;
      if (screen !== undefined && !this.leftFrame && this.ranking.streamingNews(at)) this.observe(at, screen);
      return;
    }
    // A killed agent's dialog, still drawn before the shell has drawn its prompt: not the shell's.
    if (this.leftFrame && outcome.classification.state === 'blocked') return;
    this.ranking.cursorRow = outcome.cursorRow;
    this.out({ type: 'classification', classification: outcome.classification });
    this.screenRows(outcome.classification.children, outcome.classification.childrenEnded);
    this.observe(at, outcome.classification);
    this.drifted(this.drift.observe(at, outcome.classification));
    if (this.hookDrift !== undefined) this.drifted(this.hookDrift.observe(at, outcome.classification));
    this.completeNative(at);
  }

  /**
   * The child reported on its own. For this session's record it is authoritative from now on: the
   * screen's reports stop. Its bytes reach the terminal untouched; where they cannot count as a report on
   * the record (a multiplexer drops them, the record has an id), a sanitized copy follows.
   */
  private nativeReport(at: number, report: Report): void {
    // The agent knows nothing of the pane: its root record is this session's record (its own id, if it
    // uses one that matches, too); a report on some other record of its own is left alone.
    const id = this.config.id;
    if (this.ended) return;
    if (report.id !== undefined && report.id !== id) {
      // Another record of the agent's own (Claude Code's subagents): its bytes reach the terminal as they are; a
      // multiplexer drops them, so there a sanitized copy goes, as a child record's report.
      if (this.config.copyNative) this.emitChild(report);
      if (!this.spokeForChildren) {
        this.spokeForChildren = true;
        for (const childId of this.screenChildren.forget()) this.stopChild(childId);
      }
      return;
    }
    const ours = id === undefined ? report : { ...report, id };
    // The agent speaks for itself: its hooks' child records end (Claude Code ≥ 2.1.295 reports its subagents itself,
    // the only agent with both); the screen's rows still count until it reports a subagent of its own (above).
    if (!this.spokeForItself && this.hookChildren) {
      for (const clear of this.children.clearAll()) this.emitChild(clear);
    }
    if (this.native?.state !== ours.state) this.nativeSince = at;
    this.droppedMsg = ours.msg === undefined ? this.native?.msg : undefined;
    this.native = ours;
    this.spokeForItself = true;
    if (this.hookUnseen !== undefined && ours.state === this.hookUnseen.signal.state) this.hookUnseen = undefined;
    this.recorded = true;
    this.drifted(this.drift.noteNative(at, ours));
    if (this.config.copyNative || id !== undefined) {
      this.out({ type: 'report', report: ours, source: 'native', bytes: this.sendable(this.encode(ours)) });
    } else {
      this.out({ type: 'report', report: ours, source: 'native', bytes: undefined });
      // The terminal's last word on this record is now the child's: the next report of ours is news.
      this.lastSent = undefined;
    }
    this.completed = undefined;
    this.completedAt = -Infinity;
    this.completionDue = null;
    this.completeNative(at);
  }

  /**
   * The child's own report says less than its screen (Codex 0.171 reports `blocked:kind=permission`, `error` and
   * `working` with no msg and no progress) while the screen rules' settled verdict, of the same state, reads it: the
   * record gets the child's report again with the msg and progress it lacks (nativeCompletion), right after the
   * child's own, whose bytes passed untouched. State, kind and app stay the child's; its next report replaces the
   * record whole, as any report does. What the screen's verdict changes (a dialog still being drawn, the plan's next
   * step, the next retry) is sent again, at most 4 times a second, the latest winning; a working screen that no
   * longer shows it gives the child's own report back. A screen of another state, or of another kind, adds nothing.
   */
  private completeNative(at: number): void {
    const native = this.native;
    if (native === undefined) return;
    const fill = nativeCompletion(native, { verdict: this.drift.screenVerdict, progress: this.drift.screenProgress }, this.droppedMsg);
    const shown = this.completed ?? native;
    // Nothing to add: a working record goes back to the child's own word; a blocked or error keeps what it said.
    const target = fill !== undefined ? { ...native, ...fill } : native.state === 'working' ? native : shown;
    if (target.msg === shown.msg && target.progress === shown.progress) {
      this.completionDue = null;
      return;
    }
    if (this.completed !== undefined && at < this.completedAt + DEFAULT_MIN_INTERVAL_MS) {
      this.completionDue = this.completedAt + DEFAULT_MIN_INTERVAL_MS;
      return;
    }
    this.completionDue = null;
    this.completedAt = at;
    this.completed = target;
    this.out({ type: 'report', report: target, source: 'native', bytes: this.sendable(this.encode(target)), completes: true });
  }

  /** A hook's classification: at once, except against a visible blocked; an idle never replaces a done. */
  private hook(at: number, receivedAt: number, signal: HookSignal): void {
    if (this.ended) return;
    if (signal.tasks !== undefined) this.tasks = signal.tasks.total > 0 ? signal.tasks : undefined;
    // A subagent's signal is its child record's, not the session's: no drift against the session's screen.
    if (signal.subagent !== undefined) return this.subagent(at, receivedAt, signal);
    this.drifted(this.hookDriftWatch(at));
    this.drifted(this.hookDrift?.noteHook(at, signal) ?? []);
    if (signal.state === 'idle' && this.tracker.current?.state === 'done') return;
    const input = hookClassification(signal);
    // The agent speaks for itself: a failure or dialog its hook tells and its own reports do not is drift (its report stands).
    if (this.native !== undefined && (signal.state === 'error' || signal.state === 'blocked')) {
      this.hookUnseen = this.native.state === signal.state ? undefined : { at, nativeSince: this.nativeSince, signal };
    }
    this.out({ type: 'classification', classification: input });
    // Another agent's hook may come well before its dialog renders: its blocked waits longer for the screen to show it.
    const unseenMs = signal.agent === undefined ? HOOK_BLOCKED_GRACE_MS : AGENT_HOOK_BLOCKED_UNSEEN_MS;
    if (this.ranking.noteHook(input, receivedAt, unseenMs)) this.feed(at, input);
  }

  /**
   * A subagent started or ended (a hook's word): a child record working while it runs, cleared when it ends; the
   * session's record works meanwhile (see feed). Nothing when the agent reports for itself: its own reports carry
   * its subagents. When a child ends, the session's last screen is ranked again (the last one: its turn may be over).
   */
  private subagent(at: number, receivedAt: number, signal: HookSignal): void {
    const child = signal.subagent!;
    if (this.spokeForItself) return;
    if (!this.hookChildren) {
      // The hooks speak for the subagents from now on: the children the screen's rows made end (the ids differ).
      this.hookChildren = true;
      for (const id of this.screenChildren.forget()) this.stopChild(id);
    }
    if (child.phase === 'start') {
      const report = this.children.start(child.id, this.app, child.title);
      if (report !== undefined) this.emitChild(report);
      const input = hookClassification({ ...signal, state: 'working' });
      this.out({ type: 'classification', classification: input });
      if (this.ranking.noteHook(input, receivedAt)) this.feed(at, input);
      return;
    }
    const report = this.children.stop(child.id);
    if (report === undefined) return;
    this.emitChild(report);
    const screen = this.ranking.lastScreen;
    if (screen !== undefined) this.observe(at, screen); // one fewer to wait for, or none: the turn may be over
  }

  /**
   * The subagent rows a sweep read (absent: their anchor did not show): a row that appears starts a child record, one
   * that goes ends it, and so does a row that says its subagent ended (`children.ended`). Nothing once the agent
   * reports a subagent of its own or its hooks have told of one: they rank above.
   */
  private screenRows(rows: readonly ScreenChild[] | undefined, endedRows: readonly ScreenChild[] | undefined): void {
    if (this.spokeForChildren || this.hookChildren) return;
    const { started, ended } = this.screenChildren.update(rows, endedRows);
    for (const id of ended) this.stopChild(id);
    for (const { id, title } of started) {
      const report = this.children.start(id, this.app, title);
      if (report !== undefined) this.emitChild(report);
    }
  }

  /** A child record the policy made ends: its clear, if it ran. */
  private stopChild(id: string): void {
    const report = this.children.stop(id);
    if (report !== undefined) this.emitChild(report);
  }

  /** A hook's failure or dialog the agent's own reports have not said within DRIFT_GRACE_MS: one drift, its rule `hook:<event>`. */
  private nativeHookDrift(at: number): void {
    const unseen = this.hookUnseen;
    if (unseen === undefined || at - unseen.at < DRIFT_GRACE_MS || this.native === undefined) return;
    this.hookUnseen = undefined;
    const { signal } = unseen;
    const native = { state: this.native.state, ...(this.native.kind === undefined ? {} : { kind: this.native.kind }), ...(this.native.msg === undefined ? {} : { msg: this.native.msg }) };
    const hook = { state: signal.state, ...(signal.kind === undefined ? {} : { kind: signal.kind }), ...(signal.msg === undefined ? {} : { msg: signal.msg }), rule: `hook:${signal.event}` };
    this.out({ type: 'drift', drift: { since: unseen.at, at, nativeSince: unseen.nativeSince, on: ['state'], native, screen: hook } });
  }

  /** A child record's report, written as is (its own title, the session's app). */
  private emitChild(report: Report): void {
    const encoded = encodeReport(report, { msgBudgetBytes: MSG_BUDGET_BYTES });
    if (!encoded.ok) return;
    this.recorded = true;
    this.out({ type: 'child', report, bytes: encoded.bytes });
  }

  /** The child exited: its final report, whoever spoke for the record. */
  private exit(at: number, code: number | null, signal: string | null): void {
    if (this.ended) return;
    this.drifted(this.drift.tick(at));
    this.ended = true;
    // A program that made reports of its own speaks as an agent does: its exit clears the record.
    const ranLong = this.config.lifecycle === 'program' && !this.spokeForItself && this.startedAt !== undefined && at - this.startedAt >= this.doneAfterMs;
    const reports = this.tracker.exit(at, code, signal, ranLong);
    this.endChildren(reports.some((r) => r.state === 'clear') && this.recorded);
    for (const report of reports) {
      // No record, or a child that cleared its own on the way out: no clear.
      if (report.state === 'clear' && (!this.recorded || this.native?.state === 'clear')) continue;
      this.emit(report, 'exit', true);
    }
  }

  /** The session ends: its children with it, by the session's own clear (it cascades) or each by its own. */
  private endChildren(cascades: boolean): void {
    this.screenChildren.forget();
    if (cascades && this.native?.state !== 'clear') this.children.forget();
    else for (const clear of this.children.clearAll()) this.emitChild(clear);
  }

  /**
   * A viewer came back: each current record's report is written again (the record's last bytes, deliberately
   * not suppressed as a repeat). Nothing for a record that does not exist, is cleared, or after the end.
   */
  private resend(): void {
    if (this.ended || !this.recorded) return;
    for (const report of this.currentRecords()) {
      const bytes = this.encode(report);
      if (bytes === undefined) continue;
      this.lastSent = bytes;
      this.out({ type: 'report', report, source: 'resend', bytes });
    }
    // The children the policy made (hooks' subagents); a child's own child reports are its own to repeat.
    for (const report of this.children.current()) this.emitChild(report);
  }

  /**
   * What the terminal should show now, one report per record: the session's record (the child's own last report
   * once it speaks for itself, else the shim's). The policy's child records follow it (resend).
   */
  private currentRecords(): Report[] {
    const current = this.completed ?? this.native ?? this.tracker.current;
    return current === null || current.state === 'clear' ? [] : [current];
  }

  /** The terminal hung up: `clear` (if there is a record), at once, whatever the status will be. */
  private hangup(): void {
    if (this.ended) return;
    this.ended = true;
    this.endChildren(this.recorded);
    if (this.recorded) this.emit(this.clearReport(), 'exit', true);
  }

  /**
   * Another rule set takes over (an agent started from the shell, or the shell is back): the old record
   * is cleared — never a stale `blocked` from an agent that has gone, nor the last word of one that spoke
   * for itself — and the screen is classified afresh with the new rules.
   */
  private switchRules(at: number, rules: RuleChoice): void {
    const shown = this.native ?? this.tracker.current;
    this.native = undefined;
    this.completed = undefined;
    this.completionDue = null;
    const clears = shown !== null && shown.state !== 'clear';
    this.endChildren(clears);
    if (clears) this.emit(this.clearReport(), 'screen');
    this.app = rules.app;
    this.leftFrame = rules.app === this.config.app;
    // The shell's command (the program that took the terminal) is the new rule set's to report.
    this.commandSince = undefined;
    this.ranking.longCommand = false;
    this.tracker = this.newTracker(rules.app);
    this.drift = this.newDrift(rules.app);
    this.hookDrift = undefined;
    this.ranking.lastScreen = undefined;
    this.ranking.dropProgress();
    this.epoch += 1;
    this.out({ type: 'rules', rules });
    this.scheduler.noteOutput(at);
  }

  private observe(at: number, screen: Classification): void {
    this.feed(at, this.ranking.rank(at, screen));
  }

  /**
   * One classification for the tracker. While children run, the session's turn is not over: an idle or done reads
   * working, msg how many it waits for. While working, the agent's task list gives progress (done/total) and the
   * task in progress as msg (`3/7 · Running the tests`); a finished list is dropped when the turn ends.
   */
  private feed(at: number, input: Classification): void {
    let fed = input;
    const waiting = this.children.count;
    if (waiting > 0 && (input.state === 'idle' || input.state === 'done')) {
      fed = { state: 'working', msg: `waiting for ${waiting} subagent${waiting === 1 ? '' : 's'}`, rule: 'subagents' };
    }
    const tasks = this.tasks;
    if (tasks !== undefined && fed.state === 'working') {
      const progress = Math.floor((Math.min(tasks.done, tasks.total) * 100) / tasks.total);
      fed = { ...fed, progress, msg: tasks.current === undefined ? `${tasks.done}/${tasks.total}` : `${tasks.done}/${tasks.total} · ${tasks.current}` };
    } else if (tasks !== undefined && tasks.done >= tasks.total && fed.state !== 'blocked') {
      this.tasks = undefined;
    }
    for (const report of this.tracker.observe(at, fed)) this.emit(report, 'screen');
  }

  private drifted(found: DriftEvent[]): void {
    for (const drift of found) this.out({ type: 'drift', drift });
  }

  private emit(report: Report, source: ReportSource, always = false): void {
    if (this.native !== undefined && !always) return; // the child speaks for itself
    const bytes = this.encode(report);
    if (bytes === undefined) return;
    this.out({ type: 'report', report, source, bytes: this.sendable(bytes) });
  }

  /** `bytes`, unless the record got exactly these last; remembered as the record's last. */
  private sendable(bytes: Uint8Array | undefined): Uint8Array | undefined {
    if (bytes === undefined || sameBytes(this.lastSent, bytes)) return undefined;
    this.lastSent = bytes;
    this.recorded = true;
    return bytes;
  }

  private encode(report: Report): Uint8Array | undefined {
    const title = this.config.title;
    const titled = title !== undefined && report.state !== 'clear' && report.title === undefined ? { ...report, title } : report;
    const encoded = encodeReport(titled, { msgBudgetBytes: MSG_BUDGET_BYTES });
    return encoded.ok ? encoded.bytes : undefined;
  }

  private clearReport(): Report {
    return this.config.id === undefined ? { state: 'clear' } : { state: 'clear', id: this.config.id };
  }

  /** The hooks' drift watch, made at the first hook and shown the last screen (it may not change soon). */
  private hookDriftWatch(at: number): DriftEvent[] {
    if (this.hookDrift !== undefined) return [];
    this.hookDrift = new HookDriftWatch({ app: this.app, ...(this.config.settleMs === undefined ? {} : { settleMs: this.config.settleMs }) });
    const screen = this.ranking.lastScreen;
    return screen === undefined ? [] : this.hookDrift.observe(at, screen);
  }

  private newDrift(app: string): DriftWatch {
    return new DriftWatch({ app, ...(this.config.settleMs === undefined ? {} : { settleMs: this.config.settleMs }) });
  }

  private newTracker(app: string): StatusTracker {
    return new StatusTracker({
      app,
      onExit: this.config.onExit,
      ...(this.config.id === undefined ? {} : { id: this.config.id }),
      ...(this.config.settleMs === undefined ? {} : { settleMs: this.config.settleMs }),
    });
  }
}
