// Message extraction: the `msg` of a classification, taken from the screen text a rule matched.
import { isFrameRow, joinRowTexts, layoutRowText, sameLimit, spanText, type MessageSpan, type RowLayout, type RowText } from './message-rows.js';

/** How a rule builds its message. */
export interface MessageSpec {
  /** `msg_template`, e.g. `approve Bash: {msg}`; without `{msg}` it is a fixed message. */
  template: string | undefined;
  /** `msg_lines`: take a block of this many rows instead of the bare group. */
  lines: number | undefined;
}

/** The most rows `msg_lines` may ask for. */
export const MAX_MSG_LINES = 20;
/** The one placeholder a template may use. */
export const MSG_PLACEHOLDER = '{msg}';


/** One successful match, in decision order, and whether its pattern has a `msg` group. */
export interface MatchForMessage {
  match: RegExpExecArray;
  hasMsg: boolean;
}

/**
 * The message for a rule that matched `text` (its region joined by `\n`). The first match whose
 * `msg` group took part gives the text, joined across the rows the program wrapped it over (message-rows.ts:
 * box sides, gutters and scrollbars left out, the rows below that continue it taken too); with `msg_lines`
 * the message is a block of rows starting at that group, or, when no pattern has the group, at the row
 * after the first match. `fallback` (a dialog's title) is the text when no pattern gives one. `layout` is
 * the screen's width (0: unknown; then only box sides tell where a row was full) and, when known, which of
 * the text's rows the terminal wrapped.
 */
export function buildMessage(
  text: string,
  matches: readonly MatchForMessage[],
  spec: MessageSpec,
  fallback?: string,
  layout: RowLayout = { width: 0 },
): string | undefined {
  const raw = rawMessage(text, matches, spec.lines, layout) ?? fallback;
  const msg = raw === undefined ? undefined : collapse(raw);
  const found = msg === '' ? undefined : msg;
  if (spec.template === undefined) return found;
  if (!spec.template.includes(MSG_PLACEHOLDER)) return spec.template;
  return found === undefined ? undefined : spec.template.split(MSG_PLACEHOLDER).join(found);
}

/** The `{…}` placeholders of a template other than `{msg}` (a template may use only `{msg}`). */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{[^{}]*\}/gu)].map((m) => m[0]).filter((p) => p !== MSG_PLACEHOLDER);
}

function rawMessage(
  text: string,
  matches: readonly MatchForMessage[],
  lines: number | undefined,
  layout: RowLayout,
): string | undefined {
  for (const { match, hasMsg } of matches) {
    if (!hasMsg) continue;
    const group = match.groups?.['msg'];
    if (group === undefined) continue;
    const at = match.indices?.groups?.['msg'];
    if (lines === undefined) return at === undefined || group.trim() === '' ? group : spanText(text.split('\n'), span(text, at[0], at[1]), layout);
    return block(text, at?.[0] ?? match.index, lines, layout);
  }
  const first = matches[0]?.match;
  if (lines === undefined || first === undefined) return undefined;
  const end = first.index + first[0].length;
  const nextRow = text.indexOf('\n', end === first.index ? end : end - 1);
  return nextRow < 0 ? undefined : block(text, nextRow + 1, lines, layout);
}

// The rows and columns (code points) of text[start, end): the group without its leading and trailing blanks.
function span(text: string, groupStart: number, end: number): MessageSpan {
  const start = groupStart + (/^\s*/u.exec(text.slice(groupStart, end))?.[0].length ?? 0);
  const taken = text.slice(start, end).replace(/\s+$/u, '');
  const position = (offset: number): { row: number; column: number } => {
    const before = text.slice(0, offset);
    const rowStart = before.lastIndexOf('\n') + 1;
    return { row: before.split('\n').length - 1, column: [...before.slice(rowStart)].length };
  };
  const from = position(start);
  const to = position(start + taken.length);
  return { row: from.row, column: from.column, lastRow: to.row, endColumn: to.column };
}

// Up to `count` rows from `start`: leading blank rows skipped, the next blank row or a row drawn
// only with box lines (a rule, a ╌╌╌ edge) ends it; each row's frame left out, wrapped rows joined.
function block(text: string, start: number, count: number, layout: RowLayout): string {
  const rowStart = text.lastIndexOf('\n', start - 1) + 1;
  const column = [...text.slice(rowStart, start)].length;
  const firstRow = text.slice(0, rowStart).split('\n').length - 1;
  const taken: RowText[] = [];
  for (const [i, row] of text.slice(rowStart).split('\n').entries()) {
    const own = layoutRowText(row, firstRow + i, layout, i === 0 ? column : undefined);
    const previous = taken.at(-1);
    const placed = previous === undefined ? own : sameLimit(previous, own, layout.width);
    if (placed.text.trim() === '') {
      if (taken.length > 0) break;
      continue;
    }
    if (isFrameRow(placed.text)) break;
    taken.push(placed);
    if (taken.length >= count) break;
  }
  return joinRowTexts(taken);
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}
