// The OSC 7501 framing constants and limits (protocol revision 0.2), in bytes unless named otherwise.
import { OSC_TEXT } from './c0.js';

/** The OSC number, as written between `ESC ]` and `;`. */
export const OSC_NUMBER = '7501';

/** `ESC ] 7501 ;`: every OSC 7501 sequence starts with these 7 bytes. */
export const SEQUENCE_PREFIX = `${OSC_TEXT}${OSC_NUMBER};`;

/** A whole sequence, prefix and terminator included. */
export const SEQUENCE_MAX_BYTES = 4096;

/** A key (`[a-z]+`). */
export const KEY_MAX_BYTES = 16;

/** One `/`-separated segment of an id. */
export const ID_SEGMENT_MAX_BYTES = 32;

/** Segments in one id. */
export const ID_MAX_LEVELS = 8;

/** A whole id, slashes included. */
export const ID_MAX_BYTES = 128;

/** An app name. */
export const APP_MAX_BYTES = 32;

/** `title` before base64. */
export const TITLE_MAX_DECODED_BYTES = 192;

/** `title` as base64 (4 * ceil(192 / 3)). */
export const TITLE_MAX_ENCODED_BYTES = 256;

/** `msg` before base64. */
export const MSG_MAX_DECODED_BYTES = 2048;

/** `msg` as base64 (4 * ceil(2048 / 3)). */
export const MSG_MAX_ENCODED_BYTES = 2732;

/** What the encoder keeps of a msg by default: some terminals cap msg at 512 decoded bytes. */
export const DEFAULT_MSG_BUDGET_BYTES = 512;

/** What the encoder keeps of a title by default (the protocol's whole limit). */
export const DEFAULT_TITLE_BUDGET_BYTES = TITLE_MAX_DECODED_BYTES;

/** The highest `progress` value (the lowest is 0). */
export const PROGRESS_MAX = 100;

/** The order the encoder writes keys in (the profile every receiver accepts). */
export const KEY_ORDER = ['state', 'id', 'kind', 'progress', 'app', 'title', 'msg'] as const;
