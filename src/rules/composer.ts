// A composer: the input box a program keeps drawn, a prompt row between two horizontal rules
// (`────` / `❯ Ask anything...` / `────`). What the user types there is never a dialog's option.
import { isHorizontalRule } from './region.js';

/** The marks a composer's prompt row starts with. */
const PROMPT_MARK = '[❯>›]';
/** A composer's prompt row: a prompt mark, then the placeholder or the typed text (`❯ Ask anything...`). */
export const PROMPT_ROW = new RegExp(`^${PROMPT_MARK}(?:[ \\t]|$)`, 'u');
/** A slash command being typed at the prompt (`> /qu`): a palette the user opened is under it. */
export const TYPED_SLASH = new RegExp(`^${PROMPT_MARK}[ \\t]+\\/[\\w:-]*$`, 'u');

/** Row `i` lies between two horizontal rules: where a composer's prompt row is drawn. */
export function betweenRules(lines: readonly string[], i: number): boolean {
  return isHorizontalRule(lines[i - 1] ?? '') && isHorizontalRule(lines[i + 1] ?? '');
}
