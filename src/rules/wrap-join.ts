// Joins screen rows back into the lines a program wrapped: a long command or title drawn over several rows
// reads as one line again, without the box sides and padding of each row.

/** One row of text to join: its text (trimmed of padding and box sides) and where it sits. */
export interface PlacedRow {
  text: string;
  /** Column of the text's first character. */
  start: number;
  /** The column the program could write up to on this row: a box's right side, or the screen's width. */
  limit: number;
}

/** Columns a program may leave free at the end of a full row (padding before a box side, the last cell). */
const WRAP_SLACK = 2;
/** A row that ends at its limit with a word at least this share of the row long was cut inside that word. */
const CUT_WORD_SHARE = 0.5;

/**
 * Whether `next` continues `row` because the program wrapped it: the first word of `next` would not have
 * fitted at the end of `row`. A row that ends at its limit inside a long word (a path, a URL) was cut.
 */
export function wrapBetween(row: PlacedRow, next: PlacedRow): 'cut' | 'wrapped' | undefined {
  if (row.text === '' || next.text === '' || row.limit <= WRAP_SLACK) return undefined;
  const end = row.start + [...row.text].length;
  const firstWord = [...(next.text.split(/[ \t]/u)[0] ?? '')].length;
  const room = row.limit - WRAP_SLACK;
  if (end + 1 + firstWord <= room) return undefined;
  const lastWord = [...(row.text.split(/[ \t]/u).at(-1) ?? '')].length;
  const width = row.limit - row.start;
  return end >= room && lastWord >= width * CUT_WORD_SHARE ? 'cut' : 'wrapped';
}

/**
 * The rows joined as the program's lines: a cut row continues without a space, a wrapped one with a space,
 * and any other row break starts a new line. Returns the lines.
 */
export function joinWrapped(rows: readonly PlacedRow[]): string[] {
  const lines: string[] = [];
  let current = '';
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    const join = previous === undefined ? undefined : wrapBetween(previous, row);
    if (join === 'cut') current += row.text;
    else if (join === 'wrapped') current += ` ${row.text}`;
    else {
      if (i > 0) lines.push(current);
      current = row.text;
    }
  });
  if (rows.length > 0) lines.push(current);
  return lines;
}
