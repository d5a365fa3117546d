// Reads a whole OSC 7501 sequence, or just its body, as a receiver would.
import { latin1String } from './bytes.js';
import { BEL_TEXT, OSC_TEXT, ST_TEXT } from './c0.js';
import { SEQUENCE_MAX_BYTES, SEQUENCE_PREFIX } from './limits.js';
import { parseBody, type Parsed } from './parse-body.js';
import { reject } from './rejection.js';
import { utf8Length } from './utf8.js';

export type { Parsed } from './parse-body.js';

/** Parses `ESC ] 7501 ; BODY` + ST or BEL, or a bare BODY (measured as if framed with ST, as this project
 * writes it). Returns the report, the support query, or the reason every receiver would discard it. */
export function parseReport(input: string | Uint8Array): Parsed {
  const text = typeof input === 'string' ? input : latin1String(input);
  const byteLength = typeof input === 'string' ? utf8Length(input) : input.length;
  let body = text;
  let sequenceBytes = byteLength + SEQUENCE_PREFIX.length + ST_TEXT.length;
  if (text.startsWith(OSC_TEXT)) {
    if (!text.startsWith(SEQUENCE_PREFIX)) {
      return { type: 'rejected', reason: reject('not-osc7501', 'the sequence does not start with ESC ] 7501 ;') };
    }
    const terminator = text.endsWith(ST_TEXT) ? ST_TEXT : text.endsWith(BEL_TEXT) ? BEL_TEXT : null;
    if (terminator === null) {
      return { type: 'rejected', reason: reject('unterminated', 'the sequence does not end with ESC \\ or BEL') };
    }
    body = text.slice(SEQUENCE_PREFIX.length, text.length - terminator.length);
    sequenceBytes = byteLength;
  }
  if (sequenceBytes > SEQUENCE_MAX_BYTES) {
    const message = `the sequence is ${sequenceBytes} bytes, more than ${SEQUENCE_MAX_BYTES}`;
    return { type: 'rejected', reason: reject('sequence-too-long', message) };
  }
  return parseBody(body);
}
