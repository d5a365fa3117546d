// Joins screen rows back into the lines a program wrapped: a long command or title drawn over several rows
// reads as one line again, without the box sides and padding of each row.

/** One row of text to join: its text (trimmed of padding and box sides) and where it sits. */
export interface PlacedRow {
  text: string;
  /** Column of the text's first character. */
  start: number;
  /** The column the program could write up to on this row: a box's right side, or the screen's width. */
  limit: number;
  /**
   * Whether the terminal wrapped this row on from the row above (xterm's `isWrapped`: the program's text ran
   * past the last column): true, it goes on with that row exactly; false, the program started this row
   * itself (a newline, a cursor move); undefined, not known (rows read as text only).
   */
  soft?: boolean;
  /** The limit is the screen's last column, not a box side: text that reached it and went on would wrap there. */
  edge?: boolean;
}

/** Columns a program may leave free at the end of a full row (padding before a box side, the last cell). */
const WRAP_SLACK = 2;
/** Columns a one-word row may stop short of its limit and still be a word cut there (Gemini CLI stops 3 short). */
const ONE_WORD_SLACK = 4;
/** A row that ends right after a hyphen or slash inside a word (`chromium-headless-`, `nightly/`). */
const BREAK_AFTER = /[\p{L}\p{N}_.][-/]$/u;
/** A row that goes on with a word, not an operator or a quote (`&&`, `|`, `"`). */
const WORD_START = /^[\p{L}\p{N}_.]/u;
/**
 * A row that ends inside a path after the dot of a file name (`…/checks/summary.` | `log`: Kilo Code breaks after
 * a dot too): the row's last word has a slash and ends in a letter or digit and a dot. Only when the next row
 * goes on in lower case or a digit: a sentence that ends at a path (`Saved to build/out.`) goes on with a capital.
 */
const PATH_DOT_END = /\/[^\s/]*[\p{L}\p{N}_]\.$/u;
const LOWER_START = /^[\p{Ll}\p{N}_]/u;

/**
 * Whether `next` continues `row` because the program wrapped it: the first word of `next` would not have
 * fitted at the end of `row`. A full row was cut inside a word (a path, a URL) when its last word and the
 * next row's first, read as one, are longer than a row: a program that wraps at spaces moves a word that
 * fits on a row to the next row whole, so only a word too long for any row is broken. A program that breaks
 * words after a hyphen or a slash (OpenCode, Codex's options, Cline) ends a row there, wherever the row's
 * limit lies: a row ending in `word-` or `word/` that goes on with a word was broken inside that word, and a
 * path's file name broken after its dot (`…/summary.` | `log`, Kilo Code) going on in lower case; so
 * was a row that holds one word only, when that word and the next row's first are longer than a row.
 * A row the terminal wrapped on (`soft`) goes on exactly: a cut, or a space where blanks stood at the break.
 */
export function wrapBetween(row: PlacedRow, next: PlacedRow): 'cut' | 'wrapped' | undefined {
  if (row.text === '' || next.text === '') return undefined;
  const end = row.start + [...row.text].length;
  // The terminal's own wrap goes on in the next cell: a cut, unless blanks stood at the break.
  if (next.soft === true) return end >= row.limit && next.start === 0 ? 'cut' : 'wrapped';
  if (row.limit <= WRAP_SLACK) return undefined;
  const firstWord = [...(next.text.split(/[ \t]/u)[0] ?? '')].length;
  const room = row.limit - WRAP_SLACK;
  if (end + 1 + firstWord <= room) return undefined;
  const lastWord = [...(row.text.split(/[ \t]/u).at(-1) ?? '')].length;
  const width = row.limit - row.start;
  if (BREAK_AFTER.test(row.text) && WORD_START.test(next.text)) return 'cut';
  if (PATH_DOT_END.test(row.text) && LOWER_START.test(next.text)) return 'cut';
  // A row that is one word reaching (almost) to its limit: the program had no space to wrap at (Gemini's inner
  // box stops 3 columns short). One that ends well short of it held a whole word, moved down because the word
  // after it did not fit (Claude Code's box at 200 columns: a 111-character path alone on its row, then another).
  const oneWord = !/[ \t]/u.test(row.text) && end >= row.limit - ONE_WORD_SLACK;
  return (end >= room || oneWord) && lastWord + firstWord > width ? 'cut' : 'wrapped';
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
