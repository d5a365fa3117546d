// Pure: the answers a dialog on screen offers (`1. Yes`, `2. No`) and its key hints, for `osf7501 watch`'s `a`.
import { findDialog } from '../rules/dialog.js';
import { rowShape } from '../rules/dialog-rows.js';
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
 * The choices of the dialog at the bottom of `lines` (right-trimmed visible rows), found by its shape as
 * the structural dialog matcher finds it (spec/rules.md), or a last row that is a key hint alone
 * (`Overwrite build.log? [Y/n]`); undefined when the screen ends in neither.
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
  // An option the program wrapped goes on under its text's column (`2. Yes, and always allow … from this` / `project`).
  let textColumn: number | undefined;
  for (let i = dialog.top; i <= dialog.bottom; i += 1) {
    const shape = rowShape(trimmed[i] ?? '');
    const option = shape.option;
    const last = choices.length - 1;
    if (option !== undefined) {
      textColumn = option.textColumn;
      if (choices.length < MAX_CHOICES) choices.push(printable(option.number === undefined ? option.text : `${option.number}. ${option.text}`, CHOICE_BYTES));
    } else if (shape.hint === 'strong') {
      keys.push(printable(shape.content, CHOICE_BYTES));
      textColumn = undefined;
    } else if (textColumn !== undefined && last >= 0 && !shape.blank && !shape.frame && shape.indent >= textColumn) {
      choices[last] = printable(`${choices[last] ?? ''} ${shape.content}`, CHOICE_BYTES);
    } else textColumn = undefined;
  }
  return choices.length === 0 && keys.length === 0 ? undefined : { choices, keys };
}
