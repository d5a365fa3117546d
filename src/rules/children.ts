// A rule file's `children`: the rows an agent draws for its running subagents, read on every screen. Pure.
//
// `anchor` finds where the rows are (Claude Code: the footer under its prompt box, the rows below it; OpenCode: the
// block of task rows over its `ctrl+x down view subagents` hint); its last match on the screen is the one that
// counts, and the rows read are those from the first row of that match down to the screen's end. Each is tested
// against `row`, whose group `description` (and `type`, where the agent shows one) names one running subagent; two
// identical rows are one. The anchor on screen means the rows are the whole set: no row, no subagent running. No
// anchor (a dialog or a menu in its place), no set: no subagent starts or ends by the absence of its row. `ended`
// (optional, for an agent whose transcript says a subagent ended, under an id no other subagent has: Codex's
// `└ <id>: Completed - …`) is read on the whole screen, anchor or not: the subagent it names is not running.
// Whatever rule decides the state, the rows are read the same.
import { compileMatcher, isPatternProblem, type Matcher } from './matcher.js';
import { describeType, expectString, fail, isTable, rejectUnknownKeys, type ValueContext } from './toml-values.js';

/** The keys of a rule file's `children` table. */
export const CHILDREN_KEYS = ['anchor', 'row', 'ended'] as const;

/** A compiled `children` table: the anchor (global, for its last match), the row pattern, the ended-row pattern. */
export interface ChildRows {
  anchor: RegExp;
  row: RegExp;
  ended: RegExp | undefined;
}

/** One subagent as its row shows it (`type` empty where the agent shows none). */
export interface ScreenChild {
  type: string;
  description: string;
}

/** What one screen says of the subagents. */
export interface ChildrenReading {
  /** The whole set that runs, while the anchor shows; undefined when it does not (nothing can be told). */
  running: ScreenChild[] | undefined;
  /** Subagents a row on the screen says have ended (the `ended` pattern), anchor or not. */
  ended: ScreenChild[];
}

const hasGroup = (source: string, name: string): boolean => new RegExp(`\\(\\?<${name}>`, 'u').test(source);

/** Validates and compiles `children = { anchor, row, ended? }`; throws RuleError naming the file and key. */
export function compileChildRows(ctx: ValueContext, value: unknown): ChildRows {
  if (!isTable(value)) fail(ctx, 'bad-value', `children must be a table { anchor, row, ended? }, got ${describeType(value)}`, 'children');
  rejectUnknownKeys(ctx, value, CHILDREN_KEYS.map((k) => `${k}`));
  const pattern = (key: (typeof CHILDREN_KEYS)[number], required: boolean): Matcher | undefined => {
    const at = `children.${key}`;
    if (value[key] === undefined) {
      if (required) fail(ctx, 'missing-key', `children needs "${key}" (a pattern)`, at);
      return undefined;
    }
    const compiled = compileMatcher(expectString(ctx, value[key], at), at, '', true);
    if (isPatternProblem(compiled)) fail(ctx, compiled.code, compiled.problem, at);
    if (key !== 'anchor' && !hasGroup(compiled.source, 'description')) {
      fail(ctx, 'bad-value', `${at} needs the group (?<description>…) (and (?<type>…) where the agent shows one)`, at);
    }
    return compiled;
  };
  const anchor = pattern('anchor', true)!;
  const row = pattern('row', true)!;
  const ended = pattern('ended', false);
  return { anchor: new RegExp(anchor.re.source, `${anchor.re.flags.replace('d', '')}g`), row: row.re, ended: ended?.re };
}

/** The subagent a row names, or undefined when it is none (no match, an empty description). */
function childOf(pattern: RegExp, line: string): ScreenChild | undefined {
  const groups = pattern.exec(line)?.groups;
  if (groups === undefined) return undefined;
  const type = (groups['type'] ?? '').replace(/\s+/gu, ' ').trim();
  const description = (groups['description'] ?? '').replace(/\s+/gu, ' ').trim();
  return description === '' ? undefined : { type, description };
}

const keyOf = (child: ScreenChild): string => `${child.type} ${child.description}`;

/**
 * What the screen's rows say: the subagents running (from the first row of the anchor's last match down, in screen
 * order, each once, less those an `ended` row names; undefined without the anchor) and those ended rows.
 */
export function readChildRows(rows: ChildRows, text: string): ChildrenReading {
  const lines = text.split('\n');
  const ended: ScreenChild[] = [];
  const endedKeys = new Set<string>();
  if (rows.ended !== undefined) {
    for (const line of lines) {
      const child = childOf(rows.ended, line);
      if (child === undefined || endedKeys.has(keyOf(child))) continue;
      endedKeys.add(keyOf(child));
      ended.push(child);
    }
  }
  let last: RegExpExecArray | undefined;
  rows.anchor.lastIndex = 0;
  for (let match = rows.anchor.exec(text); match !== null; match = rows.anchor.exec(text)) {
    last = match;
    if (match[0] === '') rows.anchor.lastIndex++;
  }
  if (last === undefined) return { running: undefined, ended };
  const firstRow = text.slice(0, last.index).split('\n').length - 1;
  const running: ScreenChild[] = [];
  const seen = new Set<string>();
  for (const line of lines.slice(firstRow)) {
    const child = childOf(rows.row, line);
    if (child === undefined || seen.has(keyOf(child)) || endedKeys.has(keyOf(child))) continue;
    seen.add(keyOf(child));
    running.push(child);
  }
  return { running, ended };
}
