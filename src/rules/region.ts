// Regions: which visible rows a rule looks at.

/** A rule's region, validated. */
export type Region =
  | { type: 'screen' }
  | { type: 'below-last-rule' }
  | { type: 'bottom'; count: number }
  | { type: 'top'; count: number }
  | { type: 'rows'; start: number; end: number | undefined }
  /** The rows above the last row `pattern` matches (an agent's footer under its dialogs); no match: every row. */
  | { type: 'above'; pattern: RegExp; source: string };

/** The default region: every visible row. */
export const SCREEN_REGION: Region = { type: 'screen' };

/** Characters a horizontal rule is drawn with. */
const RULE_CHARS = new Set(['─', '━', '═', '-']);
/** Corners and junctions: a row with one is the edge of a box, not a rule. */
const BOX_CORNERS = /[╭╮╰╯┌┐└┘├┤┬┴┼┏┓┗┛╔╗╚╝]/u;
/** A rule is at least this many characters long once trimmed (shorter runs are text, e.g. `---`). */
export const MIN_RULE_LENGTH = 10;
/** Share of a rule's characters that must be rule characters ("mostly made of"). */
export const RULE_CHAR_SHARE = 0.9;

/**
 * Whether a row is a horizontal rule: at least MIN_RULE_LENGTH long once trimmed, mostly `─━═-`,
 * and no box corner (`╰────╯` closes a box, it does not separate).
 */
export function isHorizontalRule(line: string): boolean {
  const trimmed = line.trim();
  const chars = [...trimmed];
  if (chars.length < MIN_RULE_LENGTH || BOX_CORNERS.test(trimmed)) return false;
  let ruleChars = 0;
  for (const char of chars) if (RULE_CHARS.has(char)) ruleChars += 1;
  return ruleChars >= chars.length * RULE_CHAR_SHARE;
}

/**
 * The rows a region covers: rows `start` up to (not including) `end`. Every region is one run of rows, kept
 * whole and in order; blank rows inside stay.
 */
export function regionBounds(lines: readonly string[], region: Region): { start: number; end: number } {
  switch (region.type) {
    case 'screen':
      return { start: 0, end: lines.length };
    case 'below-last-rule':
      return belowLastRule(lines);
    case 'bottom':
      return bottomNonEmpty(lines, region.count);
    case 'top':
      return topNonEmpty(lines, region.count);
    case 'rows': {
      const n = lines.length;
      const at = (i: number): number => Math.min(n, Math.max(0, i < 0 ? n + i : i));
      const start = at(region.start);
      return { start, end: Math.max(start, region.end === undefined ? n : at(region.end)) };
    }
    case 'above':
      return aboveLastMatch(lines, region.pattern);
  }
}

/** A stable key for a region, so one sweep computes each distinct region once. */
export function regionKey(region: Region): string {
  switch (region.type) {
    case 'screen':
    case 'below-last-rule':
      return region.type;
    case 'bottom':
    case 'top':
      return `${region.type}:${region.count}`;
    case 'rows':
      return `rows:${region.start}:${region.end ?? ''}`;
    case 'above':
      return `above:${region.source}`;
  }
}

/** The region as written in a rule file, for messages and `--explain`. */
export function describeRegion(region: Region): string {
  switch (region.type) {
    case 'screen':
    case 'below-last-rule':
      return `"${region.type}"`;
    case 'bottom':
    case 'top':
      return `{ ${region.type} = ${region.count} }`;
    case 'rows':
      return region.end === undefined ? `{ rows = [${region.start}] }` : `{ rows = [${region.start}, ${region.end}] }`;
    case 'above':
      return `{ above = ${JSON.stringify(region.source)} }`;
  }
}

// Rows after the last horizontal rule; the whole screen when there is no rule at all.
function belowLastRule(lines: readonly string[]): { start: number; end: number } {
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    if (isHorizontalRule(lines[i] ?? '')) return { start: i + 1, end: lines.length };
  }
  return { start: 0, end: lines.length };
}

// Rows above the last row the pattern matches; every row when none does.
function aboveLastMatch(lines: readonly string[], pattern: RegExp): { start: number; end: number } {
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    if (pattern.test(lines[i] ?? '')) return { start: 0, end: i };
  }
  return { start: 0, end: lines.length };
}

// From the count-th non-empty row counted from the bottom down to the last non-empty row.
function bottomNonEmpty(lines: readonly string[], count: number): { start: number; end: number } {
  let end = lines.length;
  while (end > 0 && isBlank(lines[end - 1])) end -= 1;
  let start = end;
  let seen = 0;
  while (start > 0 && seen < count) {
    start -= 1;
    if (!isBlank(lines[start])) seen += 1;
  }
  return { start, end };
}

// From the first non-empty row down to the count-th non-empty row.
function topNonEmpty(lines: readonly string[], count: number): { start: number; end: number } {
  let start = 0;
  while (start < lines.length && isBlank(lines[start])) start += 1;
  let end = start;
  let seen = 0;
  while (end < lines.length && seen < count) {
    if (!isBlank(lines[end])) seen += 1;
    end += 1;
  }
  return { start, end };
}

function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}
