// The structural dialog matcher: finds a dialog by its shape, not its wording — an option list with one
// option selected, or a key hint (`Esc to cancel`, `enter submit`, `[Y/n]`), as the last thing on screen.
import type { BlockedKind } from '../protocol/types.js';
import { BOTTOM_EDGE, rowShape, WIDTH_EVIDENCE_SLACK, type RowShape } from './dialog-rows.js';
import { betweenRules, TYPED_SLASH } from './composer.js';
import { lastRowAboveChrome } from './dialog-chrome.js';
import { isPicker, kindFromWords } from './dialog-words.js';
import { isHorizontalRule } from './region.js';
import { joinWrapped, type PlacedRow } from './wrap-join.js';
import { markColourSelection } from './dialog-highlight.js';
import type { RowStyle } from './types.js';

/** A dialog found on screen. */
export interface DialogShape {
  /** The dialog's title line: its first row (wrapped rows joined), leading glyphs (`?`, `△`, `☐`) removed. */
  title: string;
  /** The kind its words give (kindFromWords). */
  kind: BlockedKind;
  /** 0-based rows of the dialog's block, top (the title's row) to bottom (the last row drawn). */
  top: number;
  bottom: number;
  /** How it was recognised: an option list with a selection or a hint, or a key hint alone. */
  by: 'options' | 'hint';
  /** The options' rows, top to bottom (empty when a key hint alone made it a dialog). */
  optionRows: readonly number[];
}

/** Rows above the first option (or the hint) searched for the dialog's title when no frame bounds it. */
export const MAX_HEADING_ROWS = 16;
/** Rows under the last option that may describe it (`Use an API key or another provider`). */
const MAX_DESCRIPTION_ROWS = 3;
/** A title this long seen twice on screen is a redraw; shorter ones (`Fetch`, `Tool use`) may repeat. */
const MIN_REDRAWN_TITLE = 16;
/** The most rows a title is joined from. */
const MAX_TITLE_ROWS = 3;
/**
 * A transcript entry at the left edge, up to two columns in (`• Running…`, ` ● Tip`, `  ●︎ Extensions changed…`,
 * `✦ answer`, a running tool call behind a braille spinner: ` ⠋ ask_question(Which database…?)`): what lies above
 * a dialog. Not a marked numbered option (`● 1. Allow once`).
 */
const TRANSCRIPT_ENTRY = /^ {0,2}[•●⏺✦◆⛬▣■⎿✓✔✗✕ℹ\u2801-\u28ff][\uFE0E\uFE0F]? (?!\d{1,2}[.)][ \t])/u;
/** A tool's result under its transcript entry (`  ⎿  User selected…`, `  └ Manage skills…`): never an option. */
const RESULT_BRANCH = /^[⎿└├]/u;
/** Leading glyphs of a title (`? Shell …`, `△ Permission required`, `☐ Database`). */
const TITLE_GLYPHS = /^(?:[^\p{L}\p{N}\s"'`([{/~.]+[ \t]+)+/u;

/**
 * A shell's prompt at the left edge, with or without a command typed after it: `bash-5.2$`, `user@host:~/p$ ls`,
 * `root@box:/#`, `host%`. Something must stand before the `$`/`#` (a dialog shows a command as `$ touch x`),
 * and a letter before a `%` (`50% done` is progress).
 */
const SHELL_PROMPT = /^[ \t]?(?:[\w.@:~/+-]*[\w~/)\]][$#]|[\w.@:~/+-]*\p{L}%)(?:[ \t]|$)/u;

/** What is left of a box's top edge after its title (`┌──── Configure foo ────┐`). */
const BOX_TAIL = /[ \t]*[\u2500-\u257f]+$/u;

interface Rows {
  raw: readonly string[];
  shapes: readonly RowShape[];
  width: number;
  /** Per row, whether the terminal wrapped it on from the row above (undefined: not known). */
  softWrapped: readonly boolean[] | undefined;
}

/**
 * The dialog at the bottom of these right-trimmed rows, or undefined. Never a numbered list in prose, a
 * dialog quoted in a transcript or left above newer output (something other than hints and frames is drawn
 * under it), nor a picker the user opened (isPicker). `softWrapped` (per row: the terminal wrapped it on from
 * the row above) joins a title the terminal wrapped exactly where it wrapped. A program's chrome under the
 * dialog (a status bar and its composer, lastRowAboveChrome) may stand between it and the bottom; `columns`,
 * the screen's width, tells a status bar's right-aligned part (without it: chromeWidth).
 */
export function findDialog(
  drawn: readonly string[],
  softWrapped?: readonly boolean[],
  columns?: number,
  styles?: readonly (RowStyle | undefined)[],
): DialogShape | undefined {
  // A selection drawn in colour only reads as one drawn with a marker.
  const lines = markColourSelection(drawn, styles);
  const shapes = lines.map(rowShape).map((s, i) => (s.option !== undefined && betweenRules(lines, i) ? { ...s, option: undefined } : s));
  const rows: Rows = { raw: lines, shapes, width: screenWidth(lines, shapes), softWrapped };
  let end = lines.length - 1;
  while (end >= 0 && (lines[end] ?? '').trim() === '') end -= 1;
  if (end < 0) return undefined;
  const atBottom = dialogEndingAt(rows, end);
  if (atBottom !== undefined) return atBottom === REJECTED || deadFrame(lines, atBottom.top, end) ? undefined : atBottom;
  const above = lastRowAboveChrome({ ...rows, width: chromeWidth(rows, columns) }, end);
  const found = above === undefined ? undefined : dialogEndingAt(rows, above);
  if (found === undefined || found === REJECTED || quotedInEntry(rows, found) || deadFrame(lines, found.top, end)) return undefined;
  // A dialog in a composer's place is the whole space between the two rules: its top row right under the upper one
  // (or the screen's top, when a short screen scrolled that rule off).
  if (above !== undefined && isHorizontalRule(lines[above] ?? '') && !isHorizontalRule(lines[found.top - 1] ?? '')) {
    return found.top === 0 ? ruledFromTop(rows, found) : undefined;
  }
  return found;
}

/**
 * A dialog between rules whose upper rule a short screen scrolled off: its title is its first row of text (the
 * screen's top edge stands for the rule), as under the rule.
 */
function ruledFromTop(rows: Rows, found: DialogShape): DialogShape {
  const anchor = found.optionRows[0] ?? found.bottom;
  const heading = headingRows(rows, 0, anchor).map((line) => line.replace(TITLE_GLYPHS, ''));
  const first = (heading[0] ?? '').replace(BOX_TAIL, '').replace(/\s+/gu, ' ').trim();
  return first === '' ? found : { ...found, title: withIntroduced(first, heading.slice(1)) };
}

/**
 * A dialog's rows hanging under a transcript entry (`● The dialog looks like this:` over the question and its
 * options, indented under the entry's text): an agent quoting a dialog in its answer, above its composer.
 */
function quotedInEntry(rows: Rows, dialog: DialogShape): boolean {
  const entry = rows.raw[dialog.top - 1] ?? '';
  if (!TRANSCRIPT_ENTRY.test(entry)) return false;
  const glyph = entry.search(/\S/u);
  for (let i = dialog.top; i <= dialog.bottom; i += 1) {
    const s = rows.shapes[i];
    if (s !== undefined && !s.blank && s.indent <= glyph) return false;
  }
  return true;
}

/**
 * The width a status bar's right part reaches: the screen's, when given; else as far as the rows show it; else
 * the longest row (rows read as text only, the inbox's: a full-screen program's status bar is its widest row).
 */
function chromeWidth(rows: Rows, columns: number | undefined): number {
  if (columns !== undefined && columns > 0) return columns;
  return rows.width > 0 ? rows.width : Math.max(0, ...rows.raw.map((l) => [...l].length));
}

/** dialogEndingAt's answer for a dialog's shape that is no dialog (a box still open, a picker, a redraw). */
const REJECTED = 'rejected';

// The dialog whose last row is row `end`: a box it ends in, a box with hints under it, or an unboxed dialog.
function dialogEndingAt(rows: Rows, end: number): DialogShape | typeof REJECTED | undefined {
  const boxed = boxAbove(rows, end);
  if (boxed === OPEN_BOX) return REJECTED;
  const found =
    boxed !== undefined ? boxedDialog(rows, boxed, end) : (boxWithHintsUnder(rows, end) ?? unboxedDialog(rows, end));
  return found;
}

/**
 * A dialog with a shell's prompt drawn inside it or under it (rows `top` to `end`) is a dead program's last
 * frame: killed at its dialog, it left the frame on screen, and the shell drew its prompt where the cursor was
 * (Claude Code keeps it on the selected option's row) or below.
 */
function deadFrame(lines: readonly string[], top: number, end: number): boolean {
  for (let i = top; i <= end; i += 1) if (SHELL_PROMPT.test(lines[i] ?? '')) return true;
  return false;
}

/**
 * The screen's width as far as the rows show it: the longest row, when a frame row (a rule, a box edge) or
 * two rows reach it; else 0, and no row counts as wrapped (rows are right-trimmed: a short screen tells
 * nothing about where a program wraps).
 */
function screenWidth(lines: readonly string[], shapes: readonly RowShape[]): number {
  const lengths = lines.map((l) => [...l].length);
  const widest = Math.max(0, ...lengths);
  const reaching = lengths.filter((n) => n >= widest - WIDTH_EVIDENCE_SLACK).length;
  const framed = lengths.some((n, i) => n === widest && (shapes[i]?.frame === true || shapes[i]?.topEdge === true));
  return framed || reaching >= 2 ? widest : 0;
}

/** boxAbove's answer for a box whose top corner is drawn and its bottom edge not yet. */
const OPEN_BOX = -1;

// A box the screen ends in (its bottom edge or its sides on the last row): the rows from its top down.
function boxAbove(rows: Rows, end: number): number | undefined {
  const last = rows.shapes[end];
  if (last === undefined) return undefined;
  let i = end;
  if (BOTTOM_EDGE.test(rows.raw[end] ?? '')) i -= 1;
  const gutter = rows.shapes[i]?.gutter ?? '';
  if (gutter === '') return undefined;
  while (i > 0 && rows.shapes[i - 1]?.gutter === gutter) i -= 1;
  if (i > 0 && rows.shapes[i - 1]?.topEdge === true) {
    // A box opened with a corner and not yet closed is still being drawn (or redrawn): not settled.
    if (!BOTTOM_EDGE.test(rows.raw[end] ?? '')) return OPEN_BOX;
    i -= 1;
  }
  return i;
}

// Inside a box at the bottom, anything below the options belongs to the dialog.
function boxedDialog(rows: Rows, top: number, end: number): DialogShape | undefined {
  const hint = lastIndex(rows, top, end, (s) => s.hint === 'strong');
  const list = lastOptionList(rows, top, end) ?? markedWithSiblingsInBox(rows, top, end);
  if (list !== undefined && (list.marked === 1 || hint !== undefined)) return shape(rows, top, list.first, end, 'options', list, true);
  if (hint !== undefined) return shape(rows, top, hint, end, 'hint', undefined, true);
  return undefined;
}

// A box with only key hints under it (Factory Droid: `╰────╯` then `↑↓ navigate   Enter select   Esc cancel`):
// the box is the dialog. Options drawn without a marker (the selection is a colour) give no list: the hint
// makes it one, and the title is the text right above the box when the box holds only the choices.
function boxWithHintsUnder(rows: Rows, end: number): DialogShape | undefined {
  let i = end;
  let hint: number | undefined;
  for (; i >= 0; i -= 1) {
    const s = rows.shapes[i];
    if (s === undefined || s.gutter !== '' || !(s.blank || s.hint === 'strong')) break;
    if (s.hint === 'strong') hint ??= i;
  }
  if (hint === undefined || i < 0 || !BOTTOM_EDGE.test(rows.raw[i] ?? '')) return undefined;
  const top = boxAbove(rows, i);
  if (top === undefined || top === OPEN_BOX) return undefined;
  const inside = boxedDialog(rows, top, end);
  if (inside !== undefined && inside.by === 'options') return inside;
  const above = paragraphAbove(rows, top);
  if (above === undefined) return inside;
  const found = shape(rows, above, top, end, 'hint', undefined, true);
  return found === undefined ? inside : { ...found, kind: inside?.kind === 'permission' ? 'permission' : found.kind };
}

/** The rows of text right above row `top` (no blank row between), up to MAX_TITLE_ROWS + 1, or undefined. */
function paragraphAbove(rows: Rows, top: number): number | undefined {
  let i = top;
  while (i > 0 && i > top - MAX_TITLE_ROWS - 1 && isText(rows, i - 1) && !TRANSCRIPT_ENTRY.test(rows.raw[i - 1] ?? '')) i -= 1;
  return i < top ? i : undefined;
}

// No box: under the options only hints, frames and blank rows (and a few rows describing the last option).
function unboxedDialog(rows: Rows, end: number): DialogShape | undefined {
  let i = end;
  let hint: number | undefined;
  let weakHint = false;
  for (; i >= 0; i -= 1) {
    const s = rows.shapes[i];
    if (s === undefined || !(s.blank || s.frame || s.hint !== undefined || hintTail(rows, i))) break;
    if (s.hint === 'strong') hint ??= i;
    if (s.hint !== undefined) weakHint = true;
  }
  if (i < 0) return undefined;
  let described = i;
  while (described >= 0 && described > i - MAX_DESCRIPTION_ROWS && !isOption(rows, described) && isText(rows, described)) described -= 1;
  const lastOption = isOption(rows, i) ? i : isOption(rows, described) ? described : markedAbove(rows, i);
  if (lastOption !== undefined) {
    const list = optionListEndingAt(rows, lastOption, 0) ?? withSiblingsBelow(rows, lastOption, i);
    const descriptionsFit = lastOption === i || (rows.shapes[i]?.indent ?? 0) >= (rows.shapes[lastOption]?.option?.textColumn ?? 0);
    if (list !== undefined && descriptionsFit && (list.marked === 1 || weakHint || hint !== undefined)) {
      return shape(rows, headingTop(rows, list.first), list.first, end, 'options', list, false);
    }
  }
  if (hint !== undefined) return shape(rows, headingTop(rows, hint), hint, end, 'hint', undefined, false);
  return undefined;
}

interface OptionList {
  first: number;
  marked: number;
  /** The options' rows, top to bottom (`first` is the first). */
  members: number[];
}

/** The options' texts: a marked or numbered option's text, an unmarked sibling's row as drawn. */
function optionTexts(rows: Rows, list: OptionList | undefined): string[] {
  if (list === undefined) return [];
  return list.members.map((i) => rows.shapes[i]?.option?.text ?? rows.shapes[i]?.content ?? '');
}

// The lowest option list between top and end (inside a box).
function lastOptionList(rows: Rows, top: number, end: number): OptionList | undefined {
  for (let i = end; i >= top; i -= 1) {
    if (!isOption(rows, i)) continue;
    const list = optionListEndingAt(rows, i, top);
    if (list !== undefined) return list;
  }
  return undefined;
}

// The option list whose last option is row `last`: options upwards, numbered in sequence or aligned with
// a marked option (`❯ No, exit` over `  Yes, I trust this folder`), with description rows, a blank row or
// a rule between them. At least two options.
function optionListEndingAt(rows: Rows, last: number, floor: number): OptionList | undefined {
  const lastShape = rows.shapes[last];
  const lastOption = lastShape?.option;
  if (lastShape === undefined) return undefined;
  const column = lastOption?.textColumn ?? lastShape.indent;
  const members = [last];
  let number = lastOption?.number;
  let blanks = 0;
  let described = 0;
  for (let i = last - 1; i >= floor; i -= 1) {
    const s = rows.shapes[i];
    // A transcript entry (`●︎ Request cancelled.`) is what lies above a dialog, never part of one.
    if (s === undefined || TRANSCRIPT_ENTRY.test(rows.raw[i] ?? '')) break;
    const o = s.option;
    if (o !== undefined && (number === undefined ? o.textColumn === column : o.number === number - 1)) {
      members.unshift(i);
      number = o.number;
      blanks = 0;
      described = 0;
      continue;
    }
    if (s.blank) {
      blanks += 1;
      if (blanks > 1) break;
      continue;
    }
    blanks = 0;
    if (s.frame && isHorizontalRule(rows.raw[i] ?? '')) continue;
    // An unmarked option of an unnumbered list: right above the next option or its description rows, not
    // above a paragraph (a transcript's prose half drawn above a composer's `> prompt`).
    if (number === undefined && o === undefined && s.indent === column && rows.shapes[i + 1]?.blank === false && described <= MAX_DESCRIPTION_ROWS) {
      members.unshift(i);
      described = 0;
      continue;
    }
    if (o === undefined && s.indent > column - 1 && !s.frame) {
      described += 1; // a description
      continue;
    }
    break;
  }
  const options = members.map((m) => rows.shapes[m]).filter((s): s is RowShape => s !== undefined);
  const marked = options.filter((s) => s.option?.marked === true).length;
  if (options.length < 2) return undefined;
  if (number === undefined && marked === 0) return undefined; // an unnumbered list needs its selection
  return { first: members[0] ?? last, marked, members };
}

/** The most unmarked siblings a marked option may have under it (`▸ Provider` over eight settings rows). */
const MAX_SIBLINGS = 12;

// The marked option of an unnumbered list whose unmarked siblings reach down to row `last`, if any.
function markedAbove(rows: Rows, last: number): number | undefined {
  for (let i = last - 1; i >= 0 && i >= last - MAX_SIBLINGS; i -= 1) {
    const s = rows.shapes[i];
    if (s === undefined || s.blank || s.frame) return undefined;
    if (s.option !== undefined) return s.option.marked && s.option.number === undefined ? i : undefined;
  }
  return undefined;
}

// A marked option of an unnumbered list with its unmarked siblings under it (`❯ No, exit` over
// `  Yes, I trust this folder`): the rows down to `last` aligned with its text.
function withSiblingsBelow(rows: Rows, marked: number, last: number): OptionList | undefined {
  const option = rows.shapes[marked]?.option;
  if (option === undefined || !option.marked || option.number !== undefined || last <= marked) return undefined;
  // `● Ask Question(…)` over `  ⎿  User selected…` is a transcript entry and its result, not a choice.
  if (TRANSCRIPT_ENTRY.test(rows.raw[marked] ?? '')) return undefined;
  const members = [marked];
  for (let i = marked + 1; i <= last; i += 1) {
    const s = rows.shapes[i];
    if (s === undefined || s.indent !== option.textColumn || s.option !== undefined || RESULT_BRANCH.test(s.content)) return undefined;
    members.push(i);
  }
  return { first: marked, marked: 1, members };
}

// In a box, a marked option of an unnumbered list with its siblings under it, description rows between
// them (Continue's `> Continue (tab)` over `  Continue + don't ask again (shift+tab)`; Qwen Code's provider
// chooser: `› Alibaba ModelStudio`, its description, `  Third-party Providers`, …). Text must stand above the
// option in the box (the dialog's title): a composer box (`│ > typed text`) has none.
function markedWithSiblingsInBox(rows: Rows, top: number, end: number): OptionList | undefined {
  let marked: number | undefined;
  for (let i = end; i > top && marked === undefined; i -= 1) if (rows.shapes[i]?.option?.marked === true) marked = i;
  if (marked === undefined) return undefined;
  const option = rows.shapes[marked]?.option;
  if (option === undefined || option.number !== undefined) return undefined;
  let titled = false;
  for (let i = top; i < marked; i += 1) if (isText(rows, i) && rows.shapes[i]?.topEdge !== true) titled = true;
  if (!titled) return undefined;
  const members = [marked];
  let blanks = 0;
  for (let i = marked + 1; i <= end; i += 1) {
    const s = rows.shapes[i];
    if (s === undefined || s.option !== undefined) return undefined;
    if (s.blank) {
      blanks += 1;
      if (blanks > 1) return undefined;
      continue;
    }
    blanks = 0;
    if (s.frame) break; // a rule inside the box (or its bottom edge) ends the list
    if (s.hint !== undefined) continue;
    if (s.indent < option.textColumn) return undefined;
    if (s.indent === option.textColumn) members.push(i);
  }
  return members.length >= 2 ? { first: marked, marked: 1, members } : undefined;
}

// Where a dialog without a box starts: the row under the nearest rule, box edge or transcript entry above.
function headingTop(rows: Rows, from: number): number {
  // A box right above the options (Factory Droid's trust dialog: the question boxed, the choices under it) is
  // the dialog's heading.
  let above = from - 1;
  while (above > 0 && rows.shapes[above]?.blank === true) above -= 1;
  if (above > 0 && from - above <= 2 && BOTTOM_EDGE.test(rows.raw[above] ?? '')) {
    const box = boxAbove(rows, above);
    if (box !== undefined && box !== OPEN_BOX) return box;
  }
  const floor = Math.max(0, from - MAX_HEADING_ROWS);
  for (let i = from - 1; i >= floor; i -= 1) if (opensHeading(rows, i)) return i + 1;
  return floor;
}

/** Row `i` bounds the heading under it: a rule, a box edge or a transcript entry. */
function opensHeading(rows: Rows, i: number): boolean {
  const raw = rows.raw[i] ?? '';
  return isHorizontalRule(raw) || rows.shapes[i]?.topEdge === true || BOTTOM_EDGE.test(raw) || TRANSCRIPT_ENTRY.test(raw);
}

/** The most blank and frame rows between a composer and the palette under it. */
const MAX_PALETTE_GAP = 3;

/**
 * A picker the user opened, known from what is above the dialog's top row: a composer (a prompt row between
 * two rules) holding a slash command being typed right above it (Qwen Code's palette under `> /qu`), or a
 * heading further up than the title search reaches (MAX_HEADING_ROWS) that names a picker (Claude Code's
 * `Select model` over its model list and effort row, `Theme` over its preview).
 */
function openedByUser(rows: Rows, top: number): boolean {
  let i = top - 1;
  while (i >= 0 && top - i <= MAX_PALETTE_GAP && (rows.shapes[i]?.blank === true || rows.shapes[i]?.frame === true)) i -= 1;
  if (betweenRules(rows.raw, i) && TYPED_SLASH.test(rows.shapes[i]?.content ?? '')) return true;
  for (let j = top - 1; j >= 0; j -= 1) if (opensHeading(rows, j)) return j < top - 1 && isPicker(headingRows(rows, j + 1, top), []);
  return false;
}

function shape(
  rows: Rows,
  top: number,
  anchor: number,
  end: number,
  by: DialogShape['by'],
  list: OptionList | undefined,
  framed: boolean,
): DialogShape | undefined {
  const options = optionTexts(rows, list);
  // A hint's own row may carry the question (`Do you want to continue? [Y/n]`).
  const heading = headingRows(rows, top, by === 'hint' ? anchor + 1 : anchor);
  const bounded = framed || top > 0 && (isHorizontalRule(rows.raw[top - 1] ?? '') || rows.shapes[top - 1]?.topEdge === true);
  // A leading `?` is a glyph (`? Shell mkdir …`), not a question.
  const texts = heading.map((line) => line.replace(TITLE_GLYPHS, ''));
  const question = texts.findIndex((line) => line.includes('?'));
  const byQuestion = !bounded && question >= 0;
  const titleLine = (byQuestion ? heading[question] : heading[0]) ?? options[0] ?? '';
  const titleText = (byQuestion ? texts[question] : texts[0]) ?? options[0] ?? '';
  // A question found in a paragraph is its first sentence: `Trust this folder? Codex can read…`.
  const cut = byQuestion ? titleText.slice(0, titleText.indexOf('?') + 1) : titleText;
  const first = cut.replace(TITLE_GLYPHS, '').replace(BOX_TAIL, '').replace(/\s+/gu, ' ').trim();
  const title = byQuestion ? first : withIntroduced(first, texts.slice(1));
  if (title === '' || isPicker([title, ...heading], options) || openedByUser(rows, top) || redrawn(rows, top, titleLine)) return undefined;
  const kind = kindFromWords(heading.join('\n'), options.join('\n'));
  return { title, kind, top, bottom: end, by, optionRows: list?.members ?? [] };
}

/** The most rows a title that ends in a colon takes in after it. */
const MAX_INTRODUCED_ROWS = 3;

/**
 * A title that ends in a colon introduces what follows (`⚠️ Dangerous command:` over `rm -rf build` and
 * `Allow?`): the rows after it are part of it, up to the first question (at most MAX_INTRODUCED_ROWS), else the
 * next row alone.
 */
function withIntroduced(title: string, rest: readonly string[]): string {
  if (!title.endsWith(':') || rest.length === 0) return title;
  const question = rest.slice(0, MAX_INTRODUCED_ROWS).findIndex((line) => line.includes('?'));
  const taken = rest.slice(0, question >= 0 ? question + 1 : 1);
  return [title, ...taken].join(' ').replace(/\s+/gu, ' ').trim();
}

// A dialog whose title row stands above it on screen too is a program redrawing its history (Gemini CLI
// restarting after the trust answer draws the answered dialog again), not a new dialog.
function redrawn(rows: Rows, top: number, titleLine: string): boolean {
  const first = titleLine.split(/(?<=\?)\s/u)[0] ?? titleLine;
  if ([...first].length < MIN_REDRAWN_TITLE) return false;
  for (let i = 0; i < top; i += 1) if (rows.shapes[i]?.content.startsWith(first) === true) return true;
  return false;
}

// The lines of text between top and the anchor (frames and blank rows left out), wrapped rows joined.
function headingRows(rows: Rows, top: number, anchor: number): string[] {
  const lines: string[] = [];
  let group: PlacedRow[] = [];
  const flush = (): void => {
    lines.push(...joinWrapped(group).slice(0));
    group = [];
  };
  for (let i = top; i < anchor; i += 1) {
    const s = rows.shapes[i];
    if (s === undefined || s.blank || s.frame) {
      flush();
      continue;
    }
    if (s.topEdge) {
      flush(); // a box's top edge (with its title in it) is a line of its own
      lines.push(s.content);
      continue;
    }
    const soft = rows.softWrapped?.[i];
    group.push({ text: s.content, start: s.indent, limit: rightLimit(rows, i), ...(soft === undefined ? {} : { soft }) });
    if (group.length > MAX_TITLE_ROWS * 4) flush();
  }
  flush();
  return lines;
}

// The column a row's text may reach: its box's right side, else the screen's width.
function rightLimit(rows: Rows, i: number): number {
  const raw = rows.raw[i] ?? '';
  const chars = [...raw];
  const lastChar = chars.at(-1) ?? '';
  return '│┃║'.includes(lastChar) && chars.length > 1 ? chars.length - 1 : rows.width;
}

/** Words a key hint's wrapped tail may have (`Press enter to confirm or esc to` | `cancel`). */
const MAX_HINT_TAIL_WORDS = 3;

/** Row `i` is the rest of the key hint above it, wrapped by a narrow pane: a few words at the hint's indent. */
function hintTail(rows: Rows, i: number): boolean {
  const s = rows.shapes[i];
  const above = rows.shapes[i - 1];
  if (s === undefined || above?.hint === undefined || s.blank || s.option !== undefined || s.indent !== above.indent) return false;
  // The hint must break off (`… or esc to`, `… ·`) or reach the pane's edge: `Continue? [y/n] y` over the
  // program's next output (`thinking`) is an answered prompt, not a hint that goes on.
  const rawAbove = rows.raw[i - 1] ?? '';
  const cut = /(?:\b(?:to|or|and)|[·,|/])$/u.test(above.content) || (rows.width > 0 && [...rawAbove].length >= rows.width - WIDTH_EVIDENCE_SLACK);
  return cut && s.content.split(/[ \t]+/u).length <= MAX_HINT_TAIL_WORDS && !/[.!?:]$/u.test(s.content);
}

function isOption(rows: Rows, i: number): boolean {
  return rows.shapes[i]?.option !== undefined;
}

function isText(rows: Rows, i: number): boolean {
  const s = rows.shapes[i];
  return s !== undefined && !s.blank && !s.frame && s.hint === undefined;
}

function lastIndex(rows: Rows, top: number, end: number, test: (s: RowShape) => boolean): number | undefined {
  for (let i = end; i >= top; i -= 1) {
    const s = rows.shapes[i];
    if (s !== undefined && test(s)) return i;
  }
  return undefined;
}
