// Makes untrusted text (screen contents, program output) safe to carry in a title or msg: one clean line, secrets masked.
import { cutToUtf8Bytes } from './cut.js';
import { stripEscapeSequences } from './escapes.js';
import { maskSecrets } from './mask-secrets.js';

/** C0, DEL and C1 control characters. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** The bidi overrides and invisible formatting characters receivers strip before display, plus lone
 * surrogates (with the `u` flag, a surrogate range matches only unpaired halves). */
const INVISIBLES = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\ud800-\udfff]/gu;

/** Runs of whitespace, Unicode's included (U+00A0, U+2028, U+3000, …). */
const WHITESPACE = /\s+/g;

/** `text` as one clean line of at most `maxBytes` UTF-8 bytes: escape sequences removed whole, control
 * characters turned into spaces, bidi/invisible characters and lone surrogates removed, whitespace runs
 * collapsed to one space and trimmed, token-like strings masked (`maskSecrets`), then cut between characters
 * with `…` when it is too long. The invisibles go before whitespace is collapsed, so removing one never leaves a
 * double space; the mask comes before the cut, so a cut never leaves a secret's beginning unmasked. */
export function sanitizeText(text: string, maxBytes: number): string {
  const oneLine = stripEscapeSequences(text)
    .replace(CONTROLS, ' ')
    .replace(INVISIBLES, '')
    .replace(WHITESPACE, ' ')
    .trim();
  return cutToUtf8Bytes(maskSecrets(oneLine), Number.isNaN(maxBytes) ? 0 : Math.max(0, Math.floor(maxBytes)));
}
