// A rule file's `children`: the rows an agent draws for its running subagents, read on every screen. Pure.
//
// `anchor` finds where the rows hang (Claude Code: the footer under its prompt box); its last match on the screen
// is the one that counts, and only the rows below it are read. Each of those rows is tested against `row`, whose
// groups `type` and `description` name one running subagent (two identical rows are one). The anchor on screen
// means the rows are the whole set: no row, no subagent running. No anchor (a dialog or a menu in its place), no
// reading at all: the subagents are neither started nor ended by that screen. Whatever rule decides the state,
// the rows are read the same.
import { compileMatcher, isPatternProblem, type Matcher } from './matcher.js';
import { describeType, expectString, fail, isTable, rejectUnknownKeys, type ValueContext } from './toml-values.js';

/** The keys of a rule file's `children` table. */
export const CHILDREN_KEYS = ['anchor', 'row'] as const;

/** A compiled `children` table: the anchor (global, for its last match) and the row pattern. */
export interface ChildRows {
  anchor: RegExp;
  row: RegExp;
}

/** One running subagent as its row shows it. */
export interface ScreenChild {
  type: string;
  description: string;
}

/** Validates and compiles `children = { anchor, row }`; throws RuleError naming the file and key. */
export function compileChildRows(ctx: ValueContext, value: unknown): ChildRows {
  if (!isTable(value)) fail(ctx, 'bad-value', `children must be a table { anchor, row }, got ${describeType(value)}`, 'children');
  rejectUnknownKeys(ctx, value, CHILDREN_KEYS.map((k) => `${k}`));
  const pattern = (key: (typeof CHILDREN_KEYS)[number]): Matcher => {
    const at = `children.${key}`;
    if (value[key] === undefined) fail(ctx, 'missing-key', `children needs "${key}" (a pattern)`, at);
    const compiled = compileMatcher(expectString(ctx, value[key], at), at, '', true);
    if (isPatternProblem(compiled)) fail(ctx, compiled.code, compiled.problem, at);
    return compiled;
  };
  const anchor = pattern('anchor');
  const row = pattern('row');
  if (!(/\(\?<type>/u.test(row.source) && /\(\?<description>/u.test(row.source))) {
    fail(ctx, 'bad-value', 'children.row needs the groups (?<type>…) and (?<description>…)', 'children.row');
  }
  return { anchor: new RegExp(anchor.re.source, `${anchor.re.flags.replace('d', '')}g`), row: row.re };
}

/**
 * The subagents the rows below the anchor's last match show, in screen order, each once; undefined when the anchor
 * is not on screen (nothing can be told). Text is whitespace-collapsed and trimmed; a row with an empty group is none.
 */
export function readChildRows(rows: ChildRows, text: string): ScreenChild[] | undefined {
  let last: RegExpExecArray | undefined;
  rows.anchor.lastIndex = 0;
  for (let match = rows.anchor.exec(text); match !== null; match = rows.anchor.exec(text)) {
    last = match;
    if (match[0] === '') rows.anchor.lastIndex++;
  }
  if (last === undefined) return undefined;
  const below = text.slice(last.index + last[0].length);
  const found: ScreenChild[] = [];
  const seen = new Set<string>();
  for (const line of below.split('\n')) {
    const groups = rows.row.exec(line)?.groups;
    if (groups === undefined) continue;
    const type = (groups['type'] ?? '').replace(/\s+/gu, ' ').trim();
    const description = (groups['description'] ?? '').replace(/\s+/gu, ' ').trim();
    if (type === '' || description === '') continue;
    const key = `${type} ${description}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ type, description });
  }
  return found;
}
