// Pure: the answers a dialog on screen offers (`1. Yes`, `2. No`) and its key hints, for `osf7501 watch`'s `a`.
import { findDialog } from '../rules/dialog.js';
import { rowShape, type RowShape } from '../rules/dialog-rows.js';
import { printable } from './format.js';

/** Most choices kept (a dialog with more is a picker; the first ones are shown). */
export const MAX_CHOICES = 9;
/** Bytes kept of one choice or hint row (screen text: untrusted, sanitized). */
const CHOICE_BYTES = 120;

/** What a blocked session's dialog offers, as its screen shows it. */
export interface DialogChoices {
  /** The options as drawn, numbered when the dialog numbers them (`1. Yes`), without the selection marker (`❯`). */
  choices: string[];
  /** The dialog's key hint rows (`Esc to cancel · Tab to amend`, `[Y/n]`). */
  keys: string[];
}

/**
 * The choices of the dialog at the bottom of `lines` (right-trimmed visible rows): the options the structural
 * dialog matcher found (spec/rules.md), each with the rows it wraps onto or its description, and the dialog's
 * key hints; or a last row that is a key hint alone (`Overwrite build.log? [Y/n]`); undefined when the screen
 * ends in neither.
 */
export function dialogChoices(lines: readonly string[]): DialogChoices | undefined {
  const trimmed = lines.map((l) => l.trimEnd());
  const dialog = findDialog(trimmed);
  if (dialog === undefined) {
    const last = [...trimmed].reverse().find((l) => l.trim() !== '');
    const shape = last === undefined ? undefined : rowShape(last);
    return shape?.hint === 'strong' ? { choices: [], keys: [printable(shape.content, CHOICE_BYTES)] } : undefined;
  }
  const choices: string[] = [];
  const keys: string[] = [];
  // Each row's shape, read once for the loop, its look-ahead and the pairing below.
  const shapes = trimmed.map((line) => rowShape(line));
  const shapeAt = (i: number): RowShape => shapes[i] ?? rowShape('');
  const starts = choiceRows(dialog.optionRows, shapeAt);
  // Rows under a choice in its text's column are its text wrapped by the program (`2. Yes, and always allow
  // … from this` / `project`) or its description (`A full SQL server.`); a row between two options in the
  // option's own column is its text wrapped there (`2. Yes, and don't ask again …` / `(/tmp/…/project)`).
  // Text far to the right (a status bar's folder) is neither.
  let textColumn: number | undefined;
  let optionColumn = 0;
  for (let i = dialog.optionRows[0] ?? dialog.top; i <= dialog.bottom; i += 1) {
    const shape = shapeAt(i);
    const option = shape.option;
    const last = choices.length - 1;
    if (starts.has(i) || (option !== undefined && !dialog.optionRows.includes(i))) {
      // An option the matcher found, or one it left to the hints under the list (`3. No (Esc to stop)`).
      textColumn = option?.textColumn ?? shape.indent;
      optionColumn = shape.indent;
      const text = option === undefined ? shape.content : option.number === undefined ? option.text : `${option.number}. ${option.text}`;
      if (choices.length < MAX_CHOICES) choices.push(printable(text, CHOICE_BYTES));
    } else if (shape.hint === 'strong') {
      keys.push(printable(shape.content, CHOICE_BYTES));
      textColumn = undefined;
    } else if (textColumn !== undefined && last >= 0 && !shape.blank && !shape.frame && continues(shape.indent, textColumn, optionColumn, startsChoice(i + 1))) {
      choices[last] = printable(`${choices[last] ?? ''} ${shape.content}`, CHOICE_BYTES);
    } else textColumn = undefined;
  }
  return choices.length === 0 && keys.length === 0 ? undefined : { choices, keys };

  function startsChoice(i: number): boolean {
    return starts.has(i) || shapeAt(i).option !== undefined;
  }
}

/** The most columns a choice's wrapped text or description is drawn right of the choice's text. */
const MAX_DESCRIPTION_INDENT = 4;

/** A row at `indent` goes on the choice above it: in its text's column, or in its own column right above the next option. */
function continues(indent: number, textColumn: number, optionColumn: number, optionBelow: boolean): boolean {
  if (indent >= textColumn && indent <= textColumn + MAX_DESCRIPTION_INDENT) return true;
  return optionBelow && indent >= optionColumn && indent < textColumn;
}

/**
 * The option rows that start a choice. Options set apart in pairs by blank rows, each an unmarked row over
 * another in the same column (Qwen Code's provider chooser: `› Alibaba ModelStudio` over `Official recommended
 * setup: …`, a blank row, `Third-party Providers` over its line), are a choice and its description each.
 */
function choiceRows(optionRows: readonly number[], shapeAt: (i: number) => RowShape): Set<number> {
  const runs: number[][] = [];
  let apartByBlanks = true;
  for (const row of optionRows) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (previous === row - 1) {
      (run as number[]).push(row);
      continue;
    }
    for (let i = (previous ?? row) + 1; i < row; i += 1) if (!shapeAt(i).blank) apartByBlanks = false;
    runs.push([row]);
  }
  const unnumbered = optionRows.every((row) => shapeAt(row).option?.number === undefined);
  const paired = unnumbered && apartByBlanks && runs.length >= 2 && runs.every((run) => run.length === 2);
  return new Set(paired ? runs.map((run) => run[0] as number) : optionRows);
}
