// Where a message stands on screen and which rows carry on with it: a command or path the program wrapped
// over several rows (inside a box, beside a gutter, under a hanging indent) read back as one line, without
// the glyphs drawn around it.
import { wrapBetween, type PlacedRow } from './wrap-join.js';

/**
 * Glyphs drawn beside text, never part of it: box sides (light, heavy, double, dashed), half and full
 * blocks used as gutters and scrollbars (`▌ ▐ █ ░ ▒ ▓`), one-eighth bars.
 */
const SIDE_GLYPHS = '│┃║╎╏┆┇┊┋▌▐▕▏█░▒▓';
const LEADING_FRAME = new RegExp(`^[ \\t${SIDE_GLYPHS}]*`, 'u');
/** A row's trailing frame: blanks, side glyphs, and a marker (`←`, `◀`) standing apart at the end. */
const TRAILING_FRAME = new RegExp(`(?:[ \\t${SIDE_GLYPHS}]|(?<=[ \\t])[←◀](?=[ \\t${SIDE_GLYPHS}]*$))+$`, 'u');
const SIDE = new RegExp(`[${SIDE_GLYPHS}]`, 'u');
const MARKER = /[←◀]/u;
/** A row drawn only with box lines, rules, blocks and dashes (`╌╌╌`, `────`, `╰───╯`): never message text. */
const FRAME_ROW = /^[\u2500-\u259f\-=_ \t]+$/u;

/** The most rows a message is followed over below the rows its pattern took. */
export const MAX_CONTINUATION_ROWS = 16;
/** A frame row this long, the longest on screen, is drawn across the screen: it gives the width. */
const MIN_FRAME_WIDTH = 20;

/** What the screen tells about its rows besides their text. */
export interface RowLayout {
  /** The screen's width in columns (0: unknown). */
  width: number;
  /**
   * Per row, whether the terminal wrapped it on from the row above (xterm's `isWrapped`); undefined when not
   * known (rows read as text only): then only the rows' lengths and frames tell where a line went on.
   */
  softWrapped?: readonly boolean[] | undefined;
}

/** Row `index`'s text (rowText) with what the layout knows of how the row began. */
export function layoutRowText(row: string, index: number, layout: RowLayout, from?: number): RowText {
  const text = rowText(row, layout.width, from);
  const soft = layout.softWrapped?.[index];
  return layout.softWrapped === undefined ? text : { ...text, soft: soft === true };
}

/** One row's text as the joiner sees it: the text, where it starts, how far it could go, its gutter. */
export interface RowText extends PlacedRow {
  /** The side glyphs left of the text with their columns (`│@0 │@2`): rows of one box share it. */
  gutter: string;
  /** Column of the row's first character that is not frame. */
  lineStart: number;
}

/**
 * Row `row`'s text from column `from` (default: after its leading frame) up to its trailing frame. `width`
 * is the screen's width (0: unknown), the limit of a row with no box side on its right.
 */
export function rowText(row: string, width: number, from?: number): RowText {
  const chars = [...row];
  const lead = LEADING_FRAME.exec(row)?.[0] ?? '';
  const leadChars = [...lead];
  const gutter = leadChars.flatMap((c, i) => (SIDE.test(c) ? [`${c}@${i}`] : [])).join(' ');
  const trail = [...(TRAILING_FRAME.exec(row)?.[0] ?? '')];
  const textEnd = chars.length - trail.length;
  // Text never starts inside the frame: a pattern's group that takes a gutter (` │ cmd`) starts after it.
  const start = Math.min(Math.max(from ?? 0, leadChars.length), textEnd);
  const sideAt = trail.findIndex((c) => SIDE.test(c) || MARKER.test(c));
  const limit = sideAt < 0 ? width : textEnd + sideAt;
  const edge = sideAt < 0 && width > 0;
  return { text: chars.slice(start, textEnd).join(''), start, limit, edge, gutter, lineStart: Math.min(leadChars.length, textEnd) };
}

/** Whether a row is a frame (a rule, a box edge) or blank: a message never runs through it. */
export function isFrameRow(row: string): boolean {
  const t = row.trim();
  return t === '' || FRAME_ROW.test(t);
}

/**
 * The screen's width as far as right-trimmed rows show it: the longest row, when it is a frame (a rule or a
 * box edge drawn across the screen); else 0 (rows are right-trimmed: text rows tell nothing sure about the
 * width, and a guess would join rows that only happen to be long).
 */
export function estimateWidth(lines: readonly string[]): number {
  const lengths = lines.map((l) => [...l].length);
  const widest = Math.max(0, ...lengths);
  const framed = lines.some((l, i) => lengths[i] === widest && widest >= MIN_FRAME_WIDTH && FRAME_ROW.test(l.trim()));
  return framed ? widest : 0;
}

/** Where a message's text lies in the region's rows: first row and column, last row and end column. */
export interface MessageSpan {
  row: number;
  column: number;
  lastRow: number;
  /** Column just past the last character (on `lastRow`). */
  endColumn: number;
}

/**
 * The message a span holds, its rows joined as the program wrapped them (a row cut inside a word goes on
 * without a space), the frame of each row left out. When the span reaches the end of its last row's text,
 * the rows below that continue it are taken too: rows with the same gutter whose text starts between the
 * first row's text and the message's column (a hanging indent), as long as the row above was full (the
 * next word would not have fitted on it); and any row the terminal wrapped on (`layout.softWrapped`). Where
 * the layout tells the wraps, a row that filled the screen's last cell is followed only under a hanging
 * indent (the terminal did not wrap it: the program began the next row itself).
 */
export function spanText(rows: readonly string[], span: MessageSpan, layout: RowLayout): string {
  const { width } = layout;
  const first = layoutRowText(rows[span.row] ?? '', span.row, layout, span.column);
  const placed: RowText[] = [first];
  for (let r = span.row + 1; r <= span.lastRow; r += 1) {
    const row = rows[r] ?? '';
    if (isFrameRow(row)) continue;
    placed.push(sameLimit(placed.at(-1) ?? first, layoutRowText(row, r, layout), width));
  }
  const last = placed.at(-1) ?? first;
  const lastEnd = last.start + [...last.text].length;
  if (span.endColumn < lastEnd) {
    // The pattern stopped inside the row: the message is what it took.
    last.text = [...last.text].slice(0, Math.max(0, span.endColumn - last.start)).join('');
  } else {
    for (let r = span.lastRow + 1; r < rows.length && r <= span.lastRow + MAX_CONTINUATION_ROWS; r += 1) {
      const row = rows[r] ?? '';
      if (isFrameRow(row)) break;
      const previous = placed.at(-1) ?? first;
      const next = sameLimit(previous, layoutRowText(row, r, layout), width);
      if (!continues(first, span.column, previous, next)) break;
      placed.push(next);
    }
  }
  return joinRowTexts(placed);
}

/**
 * A row with nothing on its right (no side, no marker) in a message whose row above had one: the program
 * wraps it at the same column (the marker or side is drawn on the first row only).
 */
export function sameLimit(previous: RowText, row: RowText, width: number): RowText {
  return row.limit === width && previous.limit < width && row.gutter === previous.gutter ? { ...row, limit: previous.limit, edge: false } : row;
}

/** Whether `next` carries on the message whose first row is `first` (its text at `column`) after `previous`. */
function continues(first: RowText, column: number, previous: RowText, next: RowText): boolean {
  // The terminal wrapped it: the same line, wherever it starts.
  if (next.soft === true) return next.text !== '';
  if (next.text === '' || next.gutter !== first.gutter) return false;
  // Text that filled the screen's last cell and went on would have wrapped there (soft): the program began
  // this row itself. Its own wrap indents the rest under the text; a row at the line's own column or further
  // out is its next line (Droid elides a command to fit its row exactly, `Why this needs approval:` below).
  if (next.soft === false && previous.edge === true && touches(previous) && next.start <= first.lineStart) return false;
  // One column further in: a program that wraps at any character put the space at the row's start.
  const hang = Math.max(column, first.start, first.lineStart) + (touches(previous) ? 1 : 0);
  const join = wrapBetween(previous, next);
  // A row filled to its last cell, or broken inside a word, goes on at any column further out: the
  // terminal's own wrap, a box that wraps at its own padding (Cline puts `$ mkdir…`'s rest at column 1).
  if ((next.start < first.lineStart && !touches(previous) && join !== 'cut') || next.start > hang) return false;
  return join !== undefined;
}

/** The row's text reaches its limit: no cell was left free on the right. */
function touches(row: PlacedRow): boolean {
  return row.limit > 0 && row.start + [...row.text].length >= row.limit;
}

/**
 * Rows joined: a row cut inside a word runs on without a space, any other break is one space. A program
 * that wraps at any character (Claude Code's command box) fills every row to its limit and breaks words
 * anywhere: when every wrapped row of a message touches its limit, a break between two characters is a
 * cut; when some wrapped row ends short of it, the program wraps at spaces and only a word too long for
 * a row is cut (wrapBetween). A continuation row one column further in had its space at the break. A row
 * the terminal wrapped (`soft`) goes on as wrapBetween says, whatever the other rows do.
 */
export function joinRowTexts(placed: readonly PlacedRow[]): string {
  const joins = placed.slice(1).map((row, i) => wrapBetween(placed[i] ?? row, row));
  // The terminal's wraps are known exactly; only the program's own wraps tell how it wraps.
  const wrapped = placed.slice(0, -1).filter((_, i) => joins[i] !== undefined && placed[i + 1]?.soft !== true);
  const byCharacter = wrapped.length > 0 && wrapped.every(touches);
  const base = placed[1]?.start;
  let text = placed[0]?.text ?? '';
  placed.slice(1).forEach((row, i) => {
    const join = joins[i];
    const indented = base !== undefined && row.start > Math.min(...placed.slice(1).map((r) => r.start));
    const cut = join === 'cut' || (join === 'wrapped' && byCharacter && !indented && row.soft !== true);
    text += cut ? row.text : ` ${row.text}`;
  });
  return text;
}
