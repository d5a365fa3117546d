// The agent's own word as a check on the rules: where the screen rules' verdict and the agent's own reports disagree.
import type { BlockedKind, Report, State } from '../protocol/types.js';
import type { Classification } from '../rules/types.js';
import { StatusTracker } from '../status/tracker.js';

/**
 * How long (ms) the two states (or kinds) must disagree before it counts. The screen's verdict trails the
 * agent's by a sweep and the tracker's settle window, and an answered dialog can stay drawn a moment: up to
 * 0.76 s on the bundled Claude Code 2.1.332 and Codex 0.171.0 recordings; a missed dialog that a driver
 * answers at once lasts 1–1.5 s.
 */
export const DRIFT_GRACE_MS = 1000;

/**
 * The same for a message alone, while both say blocked: the state already agrees, so no sweep lag is left
 * to wait out, only a dialog still being drawn (its text settles within a sweep or two).
 */
export const MSG_DRIFT_GRACE_MS = 500;

/**
 * An agent's verdict this long (ms) that the screen never agreed with, not even within DRIFT_GRACE_MS after it
 * ended, is a disagreement however short: a missed dialog that was answered within a second. Shorter ones
 * are left out: agents coalesce, and report a state for a few ms (Codex: `working` 4 ms before `idle`).
 */
export const MIN_UNSEEN_MS = 300;

/** What can disagree: the state (done and idle count as one), the kind of a blocked, its message. */
export type DriftField = 'state' | 'kind' | 'msg';

/** One side's verdict. */
export interface DriftVerdict {
  state: State;
  kind?: BlockedKind;
  msg?: string;
}

/** A disagreement that lasted DRIFT_GRACE_MS: found once, when it has lasted that long. */
export interface DriftEvent {
  /** When it began (ms, the driver's clock): the later of the two verdicts. */
  since: number;
  /** When it was found. */
  at: number;
  /** When the agent's verdict began (its first report of it). */
  nativeSince: number;
  on: DriftField[];
  /** The agent's own report. */
  native: DriftVerdict;
  /** What the screen rules alone would have reported, and the rule of the screen behind it. */
  screen: DriftVerdict & { rule?: string };
  /** Whose word `native` is: the agent's hooks (HookDriftWatch); absent for its own OSC 7501 reports. */
  from?: 'hooks';
}

/** done and idle are one verdict here: the tracker tells them apart from the turn's history, not the screen. */
function resting(state: State): State {
  return state === 'done' ? 'idle' : state;
}

/** Whitespace collapsed, a trailing cut mark dropped. */
function plain(msg: string): { text: string; cut: boolean } {
  const text = msg.replace(/\s+/gu, ' ').trim();
  return text.endsWith('…') ? { text: text.slice(0, -1).trimEnd(), cut: true } : { text, cut: false };
}

/** `approve Bash: ls` → [`approve`, `Bash: ls`]. */
function verbAndRest(text: string): [string, string] {
  const at = text.indexOf(' ');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * The same message, as far as a screen can tell. Besides equal text (whitespace collapsed, either one cut
 * short with an ellipsis), an agent's report may say more than its dialog shows, and that is no drift:
 * - its own detail after the screen's text: `answer: Which database? (PostgreSQL · SQLite)` for `answer: Which database?`;
 * - the whole path of a file the dialog names short: `approve Write: /tmp/p/notes.txt` for `approve Write: notes.txt`;
 * - a tool by its id where the dialog shows its display name, with the same verb, server and tag:
 *   `approve tickets - lookup_ticket (MCP)` for `approve tickets — Lookup Ticket Tool: (MCP)`.
 */
export function sameMessage(native: string, screen: string): boolean {
  const n = plain(native);
  const s = plain(screen);
  if (n.text === s.text) return true;
  if ((n.cut && s.text.startsWith(n.text)) || (s.cut && n.text.startsWith(s.text))) return true;
  if (s.text !== '' && n.text.startsWith(`${s.text} (`)) return true;
  const [nVerb, nRest] = verbAndRest(n.text);
  const [sVerb, sRest] = verbAndRest(s.text);
  if (nVerb !== sVerb || sRest === '') return false;
  const nObject = nRest.slice(nRest.indexOf(': ') + 2);
  const sObject = sRest.slice(sRest.indexOf(': ') + 2);
  const sameTool = nRest.indexOf(': ') > 0 && nRest.slice(0, nRest.indexOf(': ')) === sRest.slice(0, sRest.indexOf(': '));
  if (sameTool && sObject !== '' && nObject.endsWith(`/${sObject}`)) return true;
  const tag = /\([^()]+\)$/u.exec(nRest)?.[0];
  return tag !== undefined && sRest.endsWith(tag) && nRest.split(' ')[0] === sRest.split(' ')[0];
}

/**
 * Where `native` and `screen` disagree: kind and msg only when both say blocked and both carry one.
 * `nativeBefore` is the agent's verdict before this one: a screen that still says `error` agrees with an
 * agent that said error and has come back to rest (the tracker keeps a turn's result until the next turn).
 */
export function disagreement(native: DriftVerdict, screen: DriftVerdict, nativeBefore?: State): DriftField[] {
  const state = resting(native.state);
  if (state === 'idle' && screen.state === 'error' && nativeBefore === 'error') return [];
  if (state !== resting(screen.state)) return ['state'];
  if (native.state !== 'blocked') return [];
  const on: DriftField[] = [];
  if (native.kind !== undefined && screen.kind !== undefined && native.kind !== screen.kind) on.push('kind');
  if (native.msg !== undefined && screen.msg !== undefined && !sameMessage(native.msg, screen.msg)) on.push('msg');
  return on;
}

function verdict(report: Report): DriftVerdict {
  const v: DriftVerdict = { state: report.state };
  if (report.kind !== undefined) v.kind = report.kind;
  if (report.msg !== undefined) v.msg = report.msg;
  return v;
}

/** The verdicts a disagreement is made of: a new pair is a new disagreement, the same pair the same one. */
function pairKey(native: DriftVerdict, screen: DriftVerdict, on: DriftField[]): string {
  const screenMsg = on.includes('msg') ? screen.msg : undefined;
  return JSON.stringify([native.state, native.kind, native.msg, resting(screen.state), screen.kind, screenMsg]);
}

/** A pair of verdicts that disagree, since when, and how long it may last. */
interface Pending {
  key: string;
  since: number;
  found: boolean;
  graceMs: number;
}

/** The agent's current verdict: since when, the one before it, whether the screen has agreed with it yet. */
interface NativeVerdict {
  verdict: DriftVerdict;
  since: number;
  before: State | undefined;
  seen: boolean;
  found: boolean;
}

/** An agent's verdict that ended before the screen ever agreed: the screen has the grace after its end to catch up. */
interface Unseen {
  native: NativeVerdict;
  screen: DriftVerdict & { rule?: string };
  dueAt: number;
}

/** Configuration: the session's app (for the screen tracker) and the tracker's settle window. */
export interface DriftWatchConfig {
  app: string;
  settleMs?: number;
  /** DRIFT_GRACE_MS and MSG_DRIFT_GRACE_MS when absent. */
  graceMs?: number;
  msgGraceMs?: number;
}

type ScreenVerdict = DriftVerdict & { rule?: string };

/**
 * Follows the screen rules' own verdict (a tracker fed only the screen's classifications: no hooks, no
 * foreground) beside the agent's own reports, and finds each disagreement once: a pair of verdicts that has
 * differed for its grace, or an agent's verdict (MIN_UNSEEN_MS or longer) the screen never agreed with while
 * it lasted or within the grace after. Pure: the caller passes the time and calls `tick()` at `nextDeadline()`.
 * Nothing is compared before the agent's first report, nor while its last one is `clear`.
 */
export class DriftWatch {
  private readonly tracker: StatusTracker;
  private readonly graceMs: number;
  private readonly msgGraceMs: number;
  private native: NativeVerdict | undefined;
  private screen: ScreenVerdict | undefined;
  /** The progress of the screen's verdict (a working screen's plan or bar): what completes an agent's bare `working`. */
  private progress: number | undefined;
  /** The rule of the latest screen classification (the one behind the screen's verdict). */
  private rule: string | undefined;
  private pending: Pending | undefined;
  private unseen: Unseen[] = [];

  constructor(config: DriftWatchConfig) {
    this.graceMs = config.graceMs ?? DRIFT_GRACE_MS;
    this.msgGraceMs = config.msgGraceMs ?? MSG_DRIFT_GRACE_MS;
    this.tracker = new StatusTracker({ app: config.app, onExit: 'keep', ...(config.settleMs === undefined ? {} : { settleMs: config.settleMs }) });
  }

  /** The agent reported at `at`. */
  noteNative(at: number, report: Report): DriftEvent[] {
    const found = this.advance(at);
    const next = verdict(report);
    const last = this.native;
    if (last !== undefined && JSON.stringify(last.verdict) === JSON.stringify(next)) return found;
    if (last !== undefined && !last.seen && !last.found && this.screen !== undefined && at - last.since >= MIN_UNSEEN_MS) {
      this.unseen.push({ native: last, screen: this.screen, dueAt: at + this.graceMs });
    }
    this.native = next.state === 'clear' ? undefined : { verdict: next, since: at, before: last?.verdict.state, seen: false, found: false };
    this.pending = undefined;
    this.compare(at);
    return found;
  }

  /** The screen, classified at `at` (a sweep whose text changed). */
  observe(at: number, screen: Classification): DriftEvent[] {
    const found = this.advance(at);
    this.rule = screen.rule;
    this.take(this.tracker.observe(at, screen));
    this.compare(at);
    return found;
  }

  /** Deadlines that have come by `at`: the screen tracker's, and a disagreement's grace. */
  tick(at: number): DriftEvent[] {
    const found = this.advance(at);
    this.take(this.tracker.tick(at));
    this.compare(at);
    return found;
  }

  /** What the screen rules alone report now (settled by their own tracker), or undefined before the first. */
  get screenVerdict(): Readonly<DriftVerdict & { rule?: string }> | undefined {
    return this.screen;
  }

  /** The progress the screen rules alone report now (a working screen's plan or bar), if any. */
  get screenProgress(): number | undefined {
    return this.progress;
  }

  /** When `tick` must next come (ms), or null. */
  nextDeadline(): number | null {
    let next = this.tracker.nextDeadline();
    const pending = this.pending !== undefined && !this.pending.found ? this.pending.since + this.pending.graceMs : null;
    if (pending !== null && (next === null || pending < next)) next = pending;
    for (const u of this.unseen) if (next === null || u.dueAt < next) next = u.dueAt;
    return next;
  }

  private take(reports: Report[]): void {
    const last = reports.at(-1);
    if (last === undefined) return;
    this.screen = { ...verdict(last), ...(this.rule === undefined ? {} : { rule: this.rule }) };
    this.progress = last.progress;
  }

  /** What has come due by `at`: a pair past its grace, an unseen verdict past the grace after its end. */
  private advance(at: number): DriftEvent[] {
    const found: DriftEvent[] = [];
    for (const u of this.unseen.filter((x) => x.dueAt <= at)) {
      const on = disagreement(u.native.verdict, u.screen, u.native.before);
      found.push({ since: u.native.since, at, nativeSince: u.native.since, on, native: u.native.verdict, screen: u.screen });
    }
    this.unseen = this.unseen.filter((x) => x.dueAt > at);
    const pending = this.pending;
    const native = this.native;
    const screen = this.screen;
    if (pending === undefined || pending.found || at < pending.since + pending.graceMs || native === undefined || screen === undefined) return found;
    pending.found = true;
    native.found = true;
    const on = disagreement(native.verdict, screen, native.before);
    found.push({ since: pending.since, at, nativeSince: native.since, on, native: native.verdict, screen });
    return found;
  }

  /** The pair as it stands at `at`: agreement ends a disagreement (and a late screen catches an unseen verdict), a new pair starts one. */
  private compare(at: number): void {
    const native = this.native;
    const screen = this.screen;
    if (screen === undefined) return;
    this.unseen = this.unseen.filter((u) => disagreement(u.native.verdict, screen, u.native.before).length > 0);
    const on = native === undefined ? [] : disagreement(native.verdict, screen, native.before);
    if (native === undefined || on.length === 0) {
      if (native !== undefined) native.seen = true;
      this.pending = undefined;
      return;
    }
    const key = pairKey(native.verdict, screen, on);
    const graceMs = on.length === 1 && on[0] === 'msg' ? this.msgGraceMs : this.graceMs;
    if (this.pending?.key !== key) this.pending = { key, since: at, found: false, graceMs };
  }
}
