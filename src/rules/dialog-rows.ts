// The anatomy of one screen row as the structural dialog matcher sees it: its box gutter, its text without
// frame characters, and whether it is blank, a frame, an option of a list or a key hint.

/** Box sides a dialog's rows may be drawn between (`│ … │`, OpenCode's `┃` edge, heavy and double sides). */
const SIDES = '│┃║▌▐';
/** A scroll bar on the right edge (Qwen Code's `█` column beside a long transcript, Cline's `▀` thumb) is no text either. */
const SCROLL_BAR = '█▕▀▄';
const LEADING = new RegExp(`^[ \\t${SIDES}]+`, 'u');
const TRAILING = new RegExp(`[ \\t${SIDES}${SCROLL_BAR}]+$`, 'u');
/**
 * Box drawing (U+2500–U+257F), block elements (U+2580–U+259F), dashes: what frames are drawn with; and a
 * list's scroll arrows on a row of their own (Codex's `↓` under options cut by a short pane).
 */
const FRAME_ONLY = /^[\u2500-\u259f\-=_ \t]+$|^[↑↓▲▼]$/u;
/** A box's top edge: a corner that opens downwards. */
const TOP_EDGE = /^[ \t]*[╭┌┏╔][\u2500-\u257f]/u;
/** Corners that close a box from below: the box above is the last thing drawn. */
export const BOTTOM_EDGE = /^[ \t]*[╰└┗╚╹][\u2500-\u259f]/u;
/** Rows this close to the longest row reach the screen's width too (the last word left a gap). */
export const WIDTH_EVIDENCE_SLACK = 3;

/** Markers that point at the selected option (`❯ 1. Yes`, `› 1. Yes`, `● 1. Allow once`, `> 1. …`). */
export const SELECTION_MARKERS = '❯›●>▸▶→◉';
const MARKED = new RegExp(`^([${SELECTION_MARKERS}])[ \\t]+(\\S)`, 'u');
const NUMBERED = /^(\d{1,2})[.)][ \t]+\S/u;

/**
 * A key hint: a key and what it does (`Esc to cancel`, `Enter to select`, `enter submit`, `⇆ select`,
 * `Press enter to confirm or esc to cancel`, `(y/n)`, `[Y/n]`). Strong hints name a choice (select, confirm,
 * cancel…) and make a dialog by themselves; weak ones, with a modifier (`ctrl+g to edit`, `shift+tab to
 * approve`, Gemini's permanent `Shift+Tab to accept edits`), only belong to one. `esc to interrupt` and `enter to send` are a running turn's and a composer's, not a dialog's.
 */
const KEYS = String.raw`(?:enter|return|esc|escape|tab|space|⏎|↵)`;
const CHOICES = String.raw`(?:select|confirm|con\b|submit|cancel|continue|dismiss|go back|back|exit|skip|choose|accept|approve|reject|deny|amend|proceed|toggle|stay|answer|navigate|pick)`;
const STRONG_HINT = new RegExp(
  [
    String.raw`(?<![+-])\b(?:press[ \t]+)?${KEYS}\b:?[ \t]*(?:to[ \t]+)?${CHOICES}`,
    String.raw`(?:↑/↓|↑↓|⇆|←/→|←→):?[ \t]*(?:to[ \t]+)?(?:select|navigate|choose|move)\b`,
    String.raw`[([](?:y/n|yes/no)[^)\]\n]*[)\]]`,
    // A key in brackets before its choice: `[y] Approve   [n] Deny`, `(a) always allow`.
    String.raw`[([][a-z0-9][)\]][ \t]*(?:${CHOICES}|yes\b|no\b|allow|always)`,
  ].join('|'),
  'iu',
);
const WEAK_HINT = new RegExp(
  [
    // Not a key that every screen of the program offers (`Ctrl+C to clear, 'exit' to quit`, `shift+tab to cycle`).
    String.raw`\b(?:ctrl|shift|alt|cmd|meta)[+-]\w+[ \t]+to[ \t]+(?!(?:clear|quit|exit|copy|paste|toggle|cycle|expand|collapse|scroll|show|hide|open|interrupt|stop|suspend)\b)\w+`,
    // A program saying it waits for the user's answer, under its dialog: `⠏ Waiting for user confirmation...`
    // (weak: drawn a moment before the dialog itself).
    String.raw`\bwaiting for (?:the )?(?:user|your)(?:'s)? (?:confirmation|approval|answer|response|decision|choice)`,
  ].join('|'),
  'iu',
);
/**
 * A running turn's status row names a key too: `⠏ Thinking... (esc to cancel, 4s)`, `(3s • esc to interrupt)`,
 * and a program still starting or loading lets Esc stop it: `Waiting for startup  · esc cancel`.
 */
const TURN_STATUS = new RegExp(
  [
    String.raw`\((?:[^()\n]*\d+s\b[^()\n]*)?\besc to (?:cancel|interrupt)\b[^()\n]*\)`,
    String.raw`^[^\p{L}\n]{0,3}(?:waiting for (?!(?:the )?(?:user|your)\b)|loading\b|starting\b|connecting\b|initiali[sz]ing\b)[^\n]*\besc (?:to )?(?:cancel|interrupt)\b`,
  ].join('|'),
  'iu',
);

/** What one row is, for the dialog matcher. */
export interface RowShape {
  /** The row's text without leading/trailing blanks and box sides. */
  content: string;
  /** The first box side on the row and its column (`┃@2`), or '' when the row has none. */
  gutter: string;
  /** Column where `content` starts. */
  indent: number;
  blank: boolean;
  /** Drawn only with box lines, rules or blocks (`╭────╮`, `────`, `╌╌╌╌`, `▀▀▀▀`). */
  frame: boolean;
  /** The top edge of a box (`╭───╮`): nothing above it belongs to what is inside. */
  topEdge: boolean;
  hint: 'strong' | 'weak' | undefined;
  option: OptionShape | undefined;
}

/** An option row: numbered (`2. No`), marked (`❯ Yes`), or both (`❯ 1. Yes`). */
export interface OptionShape {
  marked: boolean;
  number: number | undefined;
  /** Column where the option's text (after the marker and the number) starts. */
  textColumn: number;
  /** The option's text. */
  text: string;
}

/** The shape of one right-trimmed row. */
export function rowShape(row: string): RowShape {
  const lead = LEADING.exec(row)?.[0] ?? '';
  const content = row.slice(lead.length).replace(TRAILING, '');
  const sideAt = [...lead].findIndex((c) => SIDES.includes(c));
  const gutter = sideAt < 0 ? '' : `${[...lead][sideAt]}@${sideAt}`;
  const indent = [...lead].length;
  const blank = content === '';
  const frame = !blank && FRAME_ONLY.test(content);
  const hint = blank || frame || TURN_STATUS.test(content) ? undefined : STRONG_HINT.test(content) ? 'strong' : WEAK_HINT.test(content) ? 'weak' : undefined;
  return { content, gutter, indent, blank, frame, topEdge: TOP_EDGE.test(row), hint, option: optionShape(content, indent) };
}

function optionShape(content: string, indent: number): OptionShape | undefined {
  let rest = content;
  let column = indent;
  const marked = MARKED.exec(rest);
  if (marked !== null) {
    const skip = rest.indexOf(marked[2] ?? '', 1);
    rest = rest.slice(skip);
    column += skip;
  }
  const numbered = NUMBERED.exec(rest);
  if (numbered !== null) {
    const skip = numbered[0].length - 1;
    rest = rest.slice(skip);
    column += skip;
  }
  if (marked === null && numbered === null) return undefined;
  return { marked: marked !== null, number: numbered === null ? undefined : Number(numbered[1]), textColumn: column, text: rest };
}
