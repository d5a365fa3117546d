// A program's chrome under its dialog: what a full-screen program keeps drawn at the bottom of the screen
// while a dialog is open above it — a status bar (Cline's `mock-model (0) $0.00   ○ Plan ● Act (Tab)` and the
// two rows under it, Continue's `/path/to/project   ◉ Continue CLI` under the dialog's box) and, above it, the
// program's composer when the dialog leaves it drawn (`────` / `❯ Ask anything...` / `────`). Found by its
// shape, never by its words: the dialog matcher looks for the dialog above it.
import { BOTTOM_EDGE, WIDTH_EVIDENCE_SLACK, type RowShape } from './dialog-rows.js';
import { betweenRules, PROMPT_ROW } from './composer.js';

/** The most rows a status bar has (Cline: the model and cost row, the folder, the auto-approve row). */
export const MAX_STATUS_ROWS = 3;
/** The most blank rows between a dialog and the chrome under it. */
const MAX_GAP_ROWS = 2;
/** A status bar's row: text at the left, a wide gap, text at the right (`~/project        ◉ Continue CLI`). */
const SPLIT_ROW = /\S[ \t]{6,}\S/u;

/** The rows the chrome is read from: right-trimmed, their shapes, and the screen's width (0: not known). */
export interface ChromeRows {
  raw: readonly string[];
  shapes: readonly RowShape[];
  width: number;
}

/**
 * The last row of what stands above the chrome at the bottom of the screen (row `end` is the last one drawn),
 * or undefined when the screen does not end in chrome. Chrome is a status bar — up to MAX_STATUS_ROWS rows of
 * text, one of them split into a left and a right part that reaches the screen's right edge — set apart from
 * what is above it by a blank row, the bottom edge of the box above it, or a composer (a prompt row between two
 * rules). Newer output under an answered prompt (`thinking`, a restart notice) is no status bar: it has no
 * right-aligned part.
 */
export function lastRowAboveChrome(rows: ChromeRows, end: number): number | undefined {
  let i = end;
  let split = false;
  for (; i >= 0 && end - i < MAX_STATUS_ROWS; i -= 1) {
    const s = rows.shapes[i];
    if (s === undefined || s.blank || s.frame || s.option !== undefined) break;
    if (SPLIT_ROW.test(s.content) && reachesRightEdge(rows, i)) split = true;
  }
  if (!split || i < 0) return undefined;
  if (BOTTOM_EDGE.test(rows.raw[i] ?? '')) return i;
  const gap = i;
  while (i >= 0 && gap - i < MAX_GAP_ROWS && rows.shapes[i]?.blank === true) i -= 1;
  const composer = composerAbove(rows, i);
  if (composer !== undefined) {
    i = composer;
  } else if (i === gap) return undefined; // the status rows run on from the text above: no bar of their own
  const above = i;
  while (i >= 0 && above - i < MAX_GAP_ROWS && rows.shapes[i]?.blank === true) i -= 1;
  return i >= 0 && rows.shapes[i]?.blank === false ? i : undefined;
}

/** A composer whose bottom rule is row `bottom` (`────`, `❯ Ask anything...`, `────`): the row above its top rule. */
function composerAbove(rows: ChromeRows, bottom: number): number | undefined {
  const prompt = rows.shapes[bottom - 1];
  return prompt !== undefined && PROMPT_ROW.test(prompt.content) && betweenRules(rows.raw, bottom - 1) ? bottom - 3 : undefined;
}

function reachesRightEdge(rows: ChromeRows, i: number): boolean {
  return rows.width > 0 && [...(rows.raw[i] ?? '')].length >= rows.width - WIDTH_EVIDENCE_SLACK;
}
