// A compiled rule file: classify a screen (first matching rule wins) or explain every rule's verdict.
import type { BlockedKind, ScreenState } from '../protocol/types.js';
import { readChildRows, type ChildRows } from './children.js';
import { checklistMessage, checklistProgress, countChecklist, type Checklist } from './checklist.js';
import { findDialog, type DialogShape } from './dialog.js';
import type { Matcher } from './matcher.js';
import { buildMessage, type MatchForMessage, type MessageSpec } from './message.js';
import { estimateWidth, type RowLayout } from './message-rows.js';
import { describeRegion, regionBounds, regionKey, SCREEN_REGION, type Region } from './region.js';
import type { Classification, RowStyle } from './types.js';

/** One validated, compiled rule. */
export interface CompiledRule {
  /** 1-based position in the file. */
  index: number;
  name: string;
  state: ScreenState;
  kind: BlockedKind | undefined;
  interrupted: boolean;
  region: Region;
  /** `dialog = true`: the region must end in a dialog (findDialog); it decides, gives the kind and msg. */
  dialog: boolean;
  any: readonly Matcher[];
  all: readonly Matcher[];
  none: readonly Matcher[];
  msgFrom: readonly Matcher[];
  message: MessageSpec;
  /** `checklist`: a plan or todo list anywhere on the screen gives progress (done/total) and, working, the msg. */
  checklist?: Checklist | undefined;
}

/** A rule file's metadata. */
export interface RuleSetInfo {
  app: string;
  commands: readonly string[];
  versions: readonly string[];
  description: string | undefined;
  /** The file as shown to the user. */
  file: string;
  /** `program`: a plain program's lifecycle (working while it runs, done at a long run's end); default `agent`. */
  lifecycle?: 'agent' | 'program';
  /** `children`: the rows of the agent's running subagents, read on every screen (spec/rules.md "Subagent rows"). */
  children?: ChildRows | undefined;
}

/** Why a rule did or did not match, for `classify --explain`. */
export interface RuleTrace {
  rule: string;
  index: number;
  state: ScreenState;
  kind?: BlockedKind;
  region: string;
  /** How many rows the region held on this screen. */
  regionRows: number;
  outcome: 'matched' | 'no-dialog' | 'no-any-matched' | 'all-failed' | 'none-matched';
  /** The deciding matcher (matched), the failing `all` one, or the vetoing `none` one. */
  matcher?: string;
  matched?: string;
  msg?: string;
}

/** Every rule's verdict on one screen, and the classification (the first match). */
export interface Explanation {
  result: Classification;
  traces: RuleTrace[];
}

/**
 * Told which rule a classification runs, by its 1-based position in the file, before the rule runs: the last
 * index it heard names the rule that was running when a classification was cut off.
 */
export type RuleProbe = (index: number) => void;

/**
 * What a screen tells besides its rows' text: its width in columns (absent: as far as the rows show it) and
 * which rows the terminal wrapped on from the row above (xterm's `isWrapped`; absent: not known). Messages
 * wrapped over several rows are joined by them.
 */
export interface ScreenLayout {
  width?: number | undefined;
  softWrapped?: readonly boolean[] | undefined;
  /** Per row, the style of its first non-blank cell (the shadow screen's leadStyles), where known. */
  styles?: readonly (RowStyle | undefined)[] | undefined;
}

/** The classification when no rule matches. */
export const DEFAULT_CLASSIFICATION: Classification = Object.freeze({ state: 'idle' });

type Verdict =
  | { ok: true; decider: string; matched: string; kind: BlockedKind | undefined; msg: string | undefined; progress?: number }
  | { ok: false; outcome: Exclude<RuleTrace['outcome'], 'matched'>; matcher?: string; matched?: string };

/** A compiled rule file. Cheap to run: patterns are compiled once, each region joined once a sweep. */
export class RuleSet implements RuleSetInfo {
  readonly app: string;
  readonly commands: readonly string[];
  readonly versions: readonly string[];
  readonly description: string | undefined;
  readonly file: string;
  readonly lifecycle: 'agent' | 'program';
  readonly children: ChildRows | undefined;
  readonly rules: readonly CompiledRule[];

  constructor(info: RuleSetInfo, rules: readonly CompiledRule[]) {
    this.app = info.app;
    this.commands = info.commands;
    this.versions = info.versions;
    this.description = info.description;
    this.file = info.file;
    this.lifecycle = info.lifecycle ?? 'agent';
    this.children = info.children;
    this.rules = rules;
  }

  /**
   * The first rule that matches the visible rows decides; none matching means idle. `probe` is told which
   * rule runs, before each one (the live screen's time limit names a rule that runs too long by it, and
   * drops it). `layout`: the screen's width and soft wraps (ScreenLayout); without them the rows' lengths
   * tell what they can.
   */
  classify(lines: readonly string[], probe?: RuleProbe, layout?: ScreenLayout): Classification {
    const view = new ScreenView(lines, layout);
    for (const rule of this.rules) {
      probe?.(rule.index);
      const verdict = evaluate(rule, view);
      if (verdict.ok) return this.withChildren(view, classification(rule, verdict));
    }
    return this.withChildren(view, { ...DEFAULT_CLASSIFICATION });
  }

  /** The classification with the subagents the screen's rows show, where the file reads them and their anchor shows. */
  private withChildren(view: ScreenView, result: Classification): Classification {
    if (this.children === undefined) return result;
    const { running, ended } = readChildRows(this.children, view.region(SCREEN_REGION).text);
    if (running !== undefined) result.children = running;
    if (ended.length > 0) result.childrenEnded = ended;
    return result;
  }

  /** The same rule set without the rules named in `names` (rules dropped for running too long). */
  without(names: ReadonlySet<string>): RuleSet {
    if (names.size === 0) return this;
    return new RuleSet(this, this.rules.filter((rule) => !names.has(rule.name)));
  }

  /** Runs every rule (not only up to the first match) and reports each verdict. */
  explain(lines: readonly string[], layout?: ScreenLayout): Explanation {
    const view = new ScreenView(lines, layout);
    let result: Classification | undefined;
    const traces = this.rules.map((rule): RuleTrace => {
      const verdict = evaluate(rule, view);
      const base = {
        rule: rule.name,
        index: rule.index,
        state: rule.state,
        ...(rule.kind === undefined ? {} : { kind: rule.kind }),
        region: describeRegion(rule.region),
        regionRows: view.region(rule.region).rows.length,
      };
      if (!verdict.ok) {
        const { outcome, matcher, matched } = verdict;
        return { ...base, outcome, ...(matcher === undefined ? {} : { matcher }), ...(matched === undefined ? {} : { matched }) };
      }
      result ??= classification(rule, verdict);
      const msg = verdict.msg === undefined ? {} : { msg: verdict.msg };
      return { ...base, ...(verdict.kind === undefined ? {} : { kind: verdict.kind }), outcome: 'matched', matcher: verdict.decider, matched: verdict.matched, ...msg };
    });
    return { result: this.withChildren(view, result ?? { ...DEFAULT_CLASSIFICATION }), traces };
  }
}

// The visible rows, with each region's rows and joined text computed at most once. Rows are
// right-trimmed and a no-break space reads as a space (Claude Code 2.1.150 draws `❯\u00a0`).
/** A region's rows, their text joined by `\n`, and their layout (the soft wraps of those rows). */
interface RegionView {
  rows: readonly string[];
  text: string;
  layout: RowLayout;
}

class ScreenView {
  readonly #lines: readonly string[];
  readonly #softWrapped: readonly boolean[] | undefined;
  readonly #styles: readonly (RowStyle | undefined)[] | undefined;
  readonly #regions = new Map<string, RegionView>();
  readonly #dialogs = new Map<string, DialogShape | undefined>();

  /** The screen's width in columns: given, or as far as the rows show it (0: unknown). */
  readonly width: number;

  constructor(lines: readonly string[], layout: ScreenLayout = {}) {
    this.#lines = lines.map((line) => line.replace(/\u00a0/gu, ' ').trimEnd());
    this.width = layout.width ?? estimateWidth(this.#lines);
    this.#softWrapped = layout.softWrapped;
    this.#styles = layout.styles;
  }

  region(region: Region): RegionView {
    const key = regionKey(region);
    let cached = this.#regions.get(key);
    if (cached === undefined) {
      const { start, end } = regionBounds(this.#lines, region);
      const rows = this.#lines.slice(start, end);
      const softWrapped = this.#softWrapped?.slice(start, end);
      cached = { rows, text: rows.join('\n'), layout: { width: this.width, softWrapped } };
      this.#regions.set(key, cached);
    }
    return cached;
  }

  /** The dialog the region ends in, found once per region and sweep. */
  dialog(region: Region): DialogShape | undefined {
    const key = regionKey(region);
    if (!this.#dialogs.has(key)) {
      const { rows, layout } = this.region(region);
      const { start } = regionBounds(this.#lines, region);
      const styles = this.#styles?.slice(start, start + rows.length);
      this.#dialogs.set(key, findDialog(rows, layout.softWrapped, layout.width, styles));
    }
    return this.#dialogs.get(key);
  }
}

function evaluate(rule: CompiledRule, view: ScreenView): Verdict {
  const { text, layout } = view.region(rule.region);
  const matches: MatchForMessage[] = [];
  const dialog = rule.dialog ? view.dialog(rule.region) : undefined;
  if (rule.dialog && dialog === undefined) return { ok: false, outcome: 'no-dialog' };
  let decider: { matcher: Matcher; match: RegExpExecArray } | undefined;
  for (const matcher of rule.any) {
    const match = matcher.re.exec(text);
    if (match !== null) {
      decider = { matcher, match };
      matches.push({ match, hasMsg: matcher.hasMsg });
      break;
    }
  }
  if (rule.any.length > 0 && decider === undefined) return { ok: false, outcome: 'no-any-matched' };
  for (const matcher of rule.all) {
    const match = matcher.re.exec(text);
    if (match === null) return { ok: false, outcome: 'all-failed', matcher: matcher.key };
    decider ??= { matcher, match };
    matches.push({ match, hasMsg: matcher.hasMsg });
  }
  for (const matcher of rule.none) {
    const match = matcher.re.exec(text);
    if (match !== null) return { ok: false, outcome: 'none-matched', matcher: matcher.key, matched: match[0] };
  }
  for (const matcher of rule.msgFrom) {
    const match = matcher.re.exec(text);
    if (match !== null) matches.push({ match, hasMsg: matcher.hasMsg });
  }
  if (dialog !== undefined) {
    const msg = buildMessage(text, matches, rule.message, dialog.title, layout);
    return withChecklist(rule, view, { ok: true, decider: 'dialog', matched: dialog.title, kind: rule.kind ?? dialog.kind, msg });
  }
  if (decider === undefined) return { ok: false, outcome: 'no-any-matched' }; // unreachable: validated
  const msg = buildMessage(text, matches, rule.message, undefined, layout);
  const progress = rule.state === 'working' || rule.state === 'blocked' ? progressOf(matches) : undefined;
  const verdict: Verdict = { ok: true, decider: decider.matcher.key, matched: decider.match[0], kind: rule.kind, msg, ...(progress === undefined ? {} : { progress }) };
  return withChecklist(rule, view, verdict);
}

/**
 * A rule's checklist, counted on the whole screen: its progress where the rule's own groups gave none, and, for
 * a working rule, its message (`3/7 · Running the tests`) in place of the rule's. No list on screen: unchanged.
 */
function withChecklist(rule: CompiledRule, view: ScreenView, verdict: Extract<Verdict, { ok: true }>): Verdict {
  if (rule.checklist === undefined) return verdict;
  const count = countChecklist(rule.checklist, view.region(SCREEN_REGION).text);
  if (count === undefined) return verdict;
  return {
    ...verdict,
    progress: verdict.progress ?? checklistProgress(count),
    ...(rule.state === 'working' ? { msg: checklistMessage(count) } : {}),
  };
}

/**
 * The progress the screen draws, from the first match with a named group `progress` (a percentage: `45`, `45.5`)
 * or `done` and `total` (`45/120`: 37): 0–100, rounded down, so 100 only when it is all done.
 */
export function progressOf(matches: readonly { match: RegExpExecArray }[]): number | undefined {
  for (const { match } of matches) {
    const groups = match.groups;
    if (groups === undefined) continue;
    const percent = groups['progress'];
    if (percent !== undefined) {
      const value = Number.parseFloat(percent.replace(',', '.'));
      if (Number.isFinite(value)) return Math.max(0, Math.min(100, Math.floor(value)));
    }
    const done = groups['done'];
    const total = groups['total'];
    if (done !== undefined && total !== undefined) {
      const d = Number.parseFloat(done);
      const t = Number.parseFloat(total);
      if (Number.isFinite(d) && Number.isFinite(t) && t > 0) return Math.max(0, Math.min(100, Math.floor((d / t) * 100)));
    }
  }
  return undefined;
}

function classification(rule: CompiledRule, verdict: Extract<Verdict, { ok: true }>): Classification {
  const result: Classification = { state: rule.state };
  if (verdict.kind !== undefined) result.kind = verdict.kind;
  if (verdict.msg !== undefined) result.msg = verdict.msg;
  if (verdict.progress !== undefined) result.progress = verdict.progress;
  result.rule = rule.name;
  result.matched = verdict.matched;
  result.matcher = verdict.decider;
  if (rule.interrupted) result.interrupted = true;
  return result;
}
