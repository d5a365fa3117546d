// Message extraction: the `msg` of a classification, taken from the screen text a rule matched.

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

// A row drawn only with box-drawing characters (U+2500–U+257F) and dashes.
const BOX_LINE_ROW = /^[\u2500-\u257f-]+$/u;

/** One successful match, in decision order, and whether its pattern has a `msg` group. */
export interface MatchForMessage {
  match: RegExpExecArray;
  hasMsg: boolean;
}

/**
 * The message for a rule that matched `text` (its region joined by `\n`). The first match whose
 * `msg` group took part gives the text; with `msg_lines` the message is a block of rows starting
 * at that group, or, when no pattern has the group, at the row after the first match. `fallback` (a
 * dialog's title) is the text when no pattern gives one.
 */
export function buildMessage(
  text: string,
  matches: readonly MatchForMessage[],
  spec: MessageSpec,
  fallback?: string,
): string | undefined {
  const raw = rawMessage(text, matches, spec.lines) ?? fallback;
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
): string | undefined {
  for (const { match, hasMsg } of matches) {
    if (!hasMsg) continue;
    const group = match.groups?.['msg'];
    if (group === undefined) continue;
    if (lines === undefined) return group;
    const start = match.indices?.groups?.['msg']?.[0] ?? match.index;
    return block(text, start, lines);
  }
  const first = matches[0]?.match;
  if (lines === undefined || first === undefined) return undefined;
  const end = first.index + first[0].length;
  const nextRow = text.indexOf('\n', end === first.index ? end : end - 1);
  return nextRow < 0 ? undefined : block(text, nextRow + 1, lines);
}

// Up to `count` rows from `start`: leading blank rows skipped, the next blank row or a row drawn
// only with box lines (a rule, a ╌╌╌ edge) ends it; padding and box sides trimmed from each row.
function block(text: string, start: number, count: number): string {
  const taken: string[] = [];
  for (const row of text.slice(start).split('\n')) {
    const trimmed = row.replace(/^[\s│┃║]+|[\s│┃║]+$/gu, '');
    if (trimmed === '') {
      if (taken.length > 0) break;
      continue;
    }
    if (BOX_LINE_ROW.test(trimmed)) break;
    taken.push(trimmed);
    if (taken.length >= count) break;
  }
  return taken.join(' ');
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}
