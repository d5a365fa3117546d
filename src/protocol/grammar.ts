// The value grammars of OSC 7501: keys, values, ids, app names and progress.
import {
  APP_MAX_BYTES,
  ID_MAX_BYTES,
  ID_MAX_LEVELS,
  ID_SEGMENT_MAX_BYTES,
  KEY_MAX_BYTES,
  PROGRESS_MAX,
} from './limits.js';

const KEY_CHARS = /^[a-z]+$/;
const VALUE_CHARS = /^[A-Za-z0-9_.,+/=-]*$/;
const NAME_CHARS = /^[A-Za-z0-9_.+-]+$/;
const PROGRESS_DIGITS = /^(?:0|[1-9][0-9]*)$/;

/** True if `key` is spelled `[a-z]+` (its length is checked separately: see `isKeyWithinLimit`). */
export function isKeySpelling(key: string): boolean {
  return KEY_CHARS.test(key);
}

/** True if `key` is at most 16 bytes. */
export function isKeyWithinLimit(key: string): boolean {
  return key.length <= KEY_MAX_BYTES;
}

/** True if every character of `value` is in the value alphabet `[A-Za-z0-9_.,+/=-]`. */
export function isValueSpelling(value: string): boolean {
  return VALUE_CHARS.test(value);
}

/** True if `name` is a valid app name or id segment: `[A-Za-z0-9_.+-]{1,maxBytes}`. */
function isName(name: string, maxBytes: number): boolean {
  return name.length <= maxBytes && NAME_CHARS.test(name);
}

/** Why `id` is not a valid id, or null if it is (`/`-separated segments, ≤ 8 levels, ≤ 128 bytes). */
export function idProblem(id: string): string | null {
  if (id.length > ID_MAX_BYTES) return `is ${id.length} bytes, more than ${ID_MAX_BYTES}`;
  const segments = id.split('/');
  if (segments.length > ID_MAX_LEVELS) return `has ${segments.length} levels, more than ${ID_MAX_LEVELS}`;
  for (const [index, segment] of segments.entries()) {
    if (!isName(segment, ID_SEGMENT_MAX_BYTES)) {
      return `segment ${index + 1} ${JSON.stringify(segment)} is not [A-Za-z0-9_.+-]{1,${ID_SEGMENT_MAX_BYTES}}`;
    }
  }
  return null;
}

/** True if `app` is a valid app name: `[A-Za-z0-9_.+-]{1,32}`. */
export function isValidApp(app: string): boolean {
  return isName(app, APP_MAX_BYTES);
}

/** The number a wire `progress` value stands for, or null unless it is an integer 0–100 without leading zeros. */
export function parseProgressValue(value: string): number | null {
  if (!PROGRESS_DIGITS.test(value) || value.length > 3) return null;
  const progress = Number(value);
  return progress <= PROGRESS_MAX ? progress : null;
}
