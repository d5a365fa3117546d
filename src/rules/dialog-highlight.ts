// A selection drawn in colour only (reverse video or a background behind the row): the row gets the marker a
// drawn selection has, so the structural dialog matcher reads it as it reads `❯ Yes`. A foreground colour alone
// is not read: agents colour many rows of their transcripts so (94 false blocked in the recordings when it was).
import { rowShape } from './dialog-rows.js';
import type { RowStyle } from './types.js';

/** The marker put in front of a row selected by colour (dialog-rows' SELECTION_MARKERS has it). */
const COLOUR_MARKER = '❯';

/** The column of a row's first non-space character, or -1. */
function textStart(row: string): number {
  return row.search(/\S/u);
}

function styled(style: RowStyle | undefined): boolean {
  return style !== undefined && (style.inverse || style.bg !== -1);
}

/**
 * `lines` with the one row of each block of sibling rows (rows whose text starts at the same column, no blank
 * between, at least two) that is selected by colour alone given a marker two columns before its text, when two
 * spaces stand there: reverse video or a background from at or before its text. Rows with a marker or a number
 * of their own, and blocks where more than one row (or none) stands out, are left as they are.
 */
export function markColourSelection(lines: readonly string[], styles: readonly (RowStyle | undefined)[] | undefined): readonly string[] {
  if (styles === undefined || !styles.some(styled)) return lines;
  let out: string[] | undefined;
  let i = 0;
  while (i < lines.length) {
    const column = textStart(lines[i] ?? '');
    if (column < 0) {
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < lines.length && textStart(lines[end] ?? '') === column) end += 1;
    const selected = end - i >= 2 ? selectedInBlock(styles, i, end, column) : undefined;
    if (selected !== undefined) {
      const row = lines[selected] ?? '';
      if (column >= 2 && row.slice(column - 2, column) === '  ' && rowShape(row).option === undefined) {
        out ??= [...lines];
        out[selected] = `${row.slice(0, column - 2)}${COLOUR_MARKER}${row.slice(column - 1)}`;
      }
    }
    i = end;
  }
  return out ?? lines;
}

/** The one row of `[from, to)` that stands out by colour, or undefined. */
function selectedInBlock(styles: readonly (RowStyle | undefined)[], from: number, to: number, column: number): number | undefined {
  const highlighted: number[] = [];
  for (let i = from; i < to; i += 1) {
    const s = styles[i];
    if (styled(s) && (s as RowStyle).column <= column) highlighted.push(i);
  }
  return highlighted.length === 1 ? highlighted[0] : undefined;
}
