// A program's chrome under its dialog: what a full-screen program keeps drawn at the bottom of the screen
// while a dialog is open above it — a status bar (Cline's `mock-model (0) $0.00   ○ Plan ● Act (Tab)` and the
// two rows under it, Continue's `/path/to/project   ◉ Continue CLI` under the dialog's box) and, above it, the
// program's composer when the dialog leaves it drawn (`────` / `❯ Ask anything...` / `────`); or, right on the
// status rows, the lower of two rules a dialog is drawn between in the composer's place (Pi's extensions). Found
// by its shape, never by its words: the dialog matcher looks for the dialog above it.
import { BOTTOM_EDGE, WIDTH_EVIDENCE_SLACK, type RowShape } from './dialog-rows.js';
import { betweenRules, PROMPT_ROW } from './composer.js';
import { isHorizontalRule } from './region.js';

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
  // A dialog that takes a composer's place between its two rules (Pi's extension dialogs): the lower rule sits
  // right on the status rows; the rows above it hold more than a prompt row.
  if (ruledAbove(rows, i)) return i;
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

/** The fewest rows of text between two rules that make more than a composer (a title, an option, a hint). */
const MIN_RULED_TEXT_ROWS = 3;
/** How far above its lower rule the upper rule of a dialog between rules may be. */
const MAX_RULED_ROWS = 30;

/**
 * Row `bottom` is a horizontal rule under at least MIN_RULED_TEXT_ROWS rows of text that another horizontal rule
 * opens: a dialog drawn where the composer was (`────` / `Allow?` / `→ Yes` / `No` / `↑↓ navigate …` / `────`), or,
 * on a screen too short to show the upper rule, that starts under a blank top row (the rule scrolled off).
 */
function ruledAbove(rows: ChromeRows, bottom: number): boolean {
  if (!isHorizontalRule(rows.raw[bottom] ?? '')) return false;
  let text = 0;
  let i = bottom - 1;
  for (; i >= 0 && bottom - i <= MAX_RULED_ROWS; i -= 1) {
    if (isHorizontalRule(rows.raw[i] ?? '')) return text >= MIN_RULED_TEXT_ROWS;
    if (rows.shapes[i]?.blank === false) text += 1;
  }
  // A short screen may have scrolled the upper rule off its top: the dialog then starts under a blank top row.
  return i < 0 && rows.shapes[0]?.blank === true && text >= MIN_RULED_TEXT_ROWS;
}

/** A composer whose bottom rule is row `bottom` (`────`, `❯ Ask anything...`, `────`): the row above its top rule. */
function composerAbove(rows: ChromeRows, bottom: number): number | undefined {
  const prompt = rows.shapes[bottom - 1];
  return prompt !== undefined && PROMPT_ROW.test(prompt.content) && betweenRules(rows.raw, bottom - 1) ? bottom - 3 : undefined;
}

function reachesRightEdge(rows: ChromeRows, i: number): boolean {
  return rows.width > 0 && [...(rows.raw[i] ?? '')].length >= rows.width - WIDTH_EVIDENCE_SLACK;
}
