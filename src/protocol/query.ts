// The OSC 7501 support query, which a supporting terminal answers with the same bytes.
import { latin1Bytes } from './bytes.js';
import { ST_TEXT } from './c0.js';
import { SEQUENCE_PREFIX } from './limits.js';

/** The query sequence as text: `ESC ] 7501 ; ? ESC \`. */
export const QUERY_SEQUENCE = `${SEQUENCE_PREFIX}?${ST_TEXT}`;

/** A fresh copy of the query's bytes, `1b 5d 37 35 30 31 3b 3f 1b 5c`, ready for one `write()`. */
export function encodeQuery(): Uint8Array {
  return latin1Bytes(QUERY_SEQUENCE);
}
