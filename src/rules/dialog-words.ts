// What a dialog's words say: its kind (permission, auth, question) and whether it is a picker the user opened.
import type { BlockedKind } from '../protocol/types.js';

/** Words that make a dialog a sign-in. Checked before the permission words: `Sign in to continue`. */
const AUTH_WORDS = /\b(?:log[ -]?in|sign[ -]?in|api[ -]key|token|password|passphrase|authenticat\w*|credentials?)\b/iu;
/** Words that make a dialog a request for permission. */
const PERMISSION_WORDS =
  /\b(?:approve|allow|run|proceed|trust|edit|edits|write|apply|execute|permission|implement|overwrite|delete|create|modify|remove|fetch|(?:exit|leave) plan mode)\b/iu;

/**
 * The kind a dialog's words give: auth words first, then permission words, in the title and question
 * rows first and then in the options; anything else is a question.
 */
export function kindFromWords(heading: string, options: string): BlockedKind {
  for (const text of [heading, options]) {
    if (AUTH_WORDS.test(text)) return 'auth';
    if (PERMISSION_WORDS.test(text)) return 'permission';
  }
  return 'question';
}

/**
 * A picker the user opened (`/model`, `/theme`, a settings list): the agent waits for the user anyway, so it
 * is no dialog. Known by its title: `Select model`, `Theme`, `Choose the text style…`, `Select Model and Effort`.
 */
const PICKER_TITLE =
  /^(?:(?:select|choose|switch|change|pick|set)\b[^\n]{0,40}?\b(?:model|models|theme|style|effort|reasoning|agent|mode|language|colou?rs?|editor|provider|output style|status ?line|session|conversation)s?\b|(?:theme|themes|model|models|settings|config|configuration|output style|status line|resume session|sessions)\b[ \t:]*$)/iu;

/** Whether a dialog with this title, these heading rows and these options is a picker the user opened. */
export function isPicker(headingRows: readonly string[], options: readonly string[]): boolean {
  // The title is the first row, or the one right above the options (`Settings` under a banner).
  if ([...headingRows.slice(0, 2), ...headingRows.slice(-2)].some((row) => PICKER_TITLE.test(row))) return true;
  // A slash-command palette: the options are commands.
  const slash = options.filter((text) => /^\/[\w:-]/u.test(text)).length;
  return slash > 0 && slash * 2 >= options.length;
}
