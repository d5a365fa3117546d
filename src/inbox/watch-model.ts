// Pure: the interactive inbox of `osf7501 watch` — keys in, selection, prompts and actions out.
import { CSI_TEXT, ESC_TEXT } from '../protocol/c0.js';
import type { SessionEntry } from './entry.js';
import { alignRows, printable, tableRows } from './format.js';

/** A keystroke the inbox understands. */
type WatchKey =
  | { type: 'up' }
  | { type: 'down' }
  | { type: 'enter' }
  | { type: 'escape' }
  | { type: 'backspace' }
  | { type: 'interrupt' }
  | { type: 'char'; char: string };

/** What the inbox is doing: browsing, typing an answer for `target`, or confirming it. */
export interface WatchModel {
  mode: 'list' | 'input' | 'confirm';
  /** The selected session's id (kept across redraws; the most urgent one at first). */
  selected?: string;
  /** The session being answered. */
  target?: string;
  /** The answer typed so far. */
  text: string;
  /** One line of feedback (where a session runs, why an answer was refused). */
  note: string;
}

/** What the edge must do after a key. */
export type WatchAction = { type: 'none' } | { type: 'quit' } | { type: 'jump'; id: string } | { type: 'answer'; id: string; text: string };

/** The model before any key. */
export const INITIAL_WATCH: WatchModel = { mode: 'list', text: '', note: '' };

/** Longest answer the inbox types (bytes of text are the dialog's answer, e.g. `1`, `y`, a short reply). */
const ANSWER_MAX_CHARS = 200;

/** Splits raw terminal input into keys (arrow keys in normal and application mode). */
export function decodeKeys(input: string): WatchKey[] {
  const keys: WatchKey[] = [];
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    const seq = input.slice(i, i + 3);
    if (seq === `${CSI_TEXT}A` || seq === `${ESC_TEXT}OA`) (keys.push({ type: 'up' }), (i += 2));
    else if (seq === `${CSI_TEXT}B` || seq === `${ESC_TEXT}OB`) (keys.push({ type: 'down' }), (i += 2));
    else if (ch === ESC_TEXT && input[i + 1] === '[') {
      // another CSI sequence (other arrows, function keys): skip it whole
      let j = i + 2;
      while (j < input.length && !/[@-~]/u.test(input[j] as string)) j++;
      i = j;
    } else if (ch === ESC_TEXT) keys.push({ type: 'escape' });
    else if (ch === '\r' || ch === '\n') keys.push({ type: 'enter' });
    else if (ch === '\x7f' || ch === '\b') keys.push({ type: 'backspace' });
    else if (ch === '\x03') keys.push({ type: 'interrupt' });
    else if (ch >= ' ') keys.push({ type: 'char', char: ch });
  }
  return keys;
}

/** The selected entry: the one with the selected id, else the most urgent. */
function selectedEntry(model: WatchModel, entries: readonly SessionEntry[]): SessionEntry | undefined {
  return entries.find((e) => e.id === model.selected) ?? entries[0];
}

/** Applies one key to the model; `entries` are the live sessions, most urgent first. */
export function watchKey(model: WatchModel, key: WatchKey, entries: readonly SessionEntry[]): { model: WatchModel; action: WatchAction } {
  const none: WatchAction = { type: 'none' };
  if (key.type === 'interrupt') return { model, action: { type: 'quit' } };
  if (model.mode === 'input') {
    if (key.type === 'escape') return { model: { ...INITIAL_WATCH, selected: model.selected, note: 'answer cancelled' }, action: none };
    if (key.type === 'backspace') return { model: { ...model, text: [...model.text].slice(0, -1).join('') }, action: none };
    if (key.type === 'char' && [...model.text].length < ANSWER_MAX_CHARS) return { model: { ...model, text: model.text + key.char }, action: none };
    if (key.type === 'enter' && model.text !== '') return { model: { ...model, mode: 'confirm' }, action: none };
    return { model, action: none };
  }
  if (model.mode === 'confirm') {
    if (key.type === 'char' && (key.char === 'y' || key.char === 'Y') && model.target !== undefined) {
      return { model: { ...INITIAL_WATCH, selected: model.selected }, action: { type: 'answer', id: model.target, text: model.text } };
    }
    return { model: { ...INITIAL_WATCH, selected: model.selected, note: 'answer cancelled' }, action: none };
  }
  const current = selectedEntry(model, entries);
  const index = current === undefined ? -1 : entries.indexOf(current);
  const move = (to: number): WatchModel => {
    const next = entries[Math.max(0, Math.min(entries.length - 1, to))];
    return next === undefined ? model : { ...model, selected: next.id, note: '' };
  };
  if (key.type === 'up' || (key.type === 'char' && key.char === 'k')) return { model: move(index - 1), action: none };
  if (key.type === 'down' || (key.type === 'char' && key.char === 'j')) return { model: move(index + 1), action: none };
  if (key.type === 'char' && key.char === 'q') return { model, action: { type: 'quit' } };
  if (current === undefined) return { model, action: none };
  if (key.type === 'enter') return { model: { ...model, selected: current.id }, action: { type: 'jump', id: current.id } };
  if (key.type === 'char' && key.char === 'a') {
    if (current.host !== undefined) return { model: { ...model, selected: current.id, note: `${current.id} runs on ${current.host}: answer it there (Enter shows how to reach it)` }, action: none };
    if (current.state !== 'blocked') return { model: { ...model, selected: current.id, note: `${current.id} is ${current.state}, not blocked: nothing to answer` }, action: none };
    return { model: { mode: 'input', selected: current.id, target: current.id, text: '', note: '' }, action: none };
  }
  return { model, action: none };
}

const REVERSE = `${CSI_TEXT}7m`;
const BOLD = `${CSI_TEXT}1m`;
const RESET = `${CSI_TEXT}0m`;
const HELP_LINE = '↑/↓ or j/k select · Enter jump · a answer · q quit';

/** Most rows the dialog's choices take in the footer. */
const MAX_CHOICE_ROWS = 9;

/** The answers the session's dialog offers and its key hints, as its screen shows them, one per row. */
function dialogLines(target: SessionEntry | undefined): string[] {
  const choices = (target?.choices ?? []).slice(0, MAX_CHOICE_ROWS).map((c) => `  ${printable(c, 120)}`);
  const keys = (target?.keys ?? []).map((k) => `  keys: ${printable(k, 120)}`);
  if (choices.length === 0 && keys.length === 0) return ['  (no choices seen on its screen: type what the dialog asks for)'];
  return [...choices, ...keys];
}

/** The whole screen for `rows` lines of `cols` cells: the table, the selection in reverse video, the prompt or note, the keys. */
export function watchFrame(model: WatchModel, entries: readonly SessionEntry[], now: number, home: string | undefined, cols: number, rows: number): string[] {
  const fit = (line: string): string => [...line].slice(0, Math.max(1, cols)).join('');
  const lines: string[] = [];
  if (entries.length === 0) lines.push('no osf7501 sessions');
  else {
    const table = alignRows(tableRows(entries, now, home)).map(fit);
    lines.push(table[0] ?? '');
    const selected = selectedEntry(model, entries);
    entries.forEach((e, i) => {
      const text = table[i + 1] ?? '';
      const style = (e === selected ? REVERSE : '') + (e.state === 'blocked' ? BOLD : '');
      lines.push(style === '' ? text : `${style}${text}${RESET}`);
    });
  }
  const target = entries.find((e) => e.id === model.target);
  const footer: string[] = [];
  if (model.mode === 'input' || model.mode === 'confirm') {
    footer.push(fit(`answer ${model.target ?? ''}: ${printable(target?.msg ?? '(the session has no message)', 300)}`));
    footer.push(...dialogLines(target).map(fit));
    footer.push(
      fit(
        model.mode === 'input'
          ? `type the answer as you would in the dialog (e.g. 1, y), Enter to go on, Esc to cancel: ${model.text}`
          : `type "${printable(model.text, 200)}" and Enter into ${model.target ?? ''}? y = yes, any other key = no`,
      ),
    );
  } else {
    footer.push(fit(model.note));
    footer.push(fit(HELP_LINE));
  }
  const room = Math.max(0, rows - footer.length);
  return [...lines.slice(0, room), ...Array<string>(Math.max(0, room - lines.length)).fill(''), ...footer];
}
