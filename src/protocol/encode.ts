// Writes a report as one OSC 7501 sequence in the profile every receiver accepts.
import { encodeBase64 } from './base64.js';
import { latin1Bytes } from './bytes.js';
import { ST_TEXT } from './c0.js';
import { SEQUENCE_MAX_BYTES, SEQUENCE_PREFIX } from './limits.js';
import { normalizeReport, type EncodeOptions } from './normalize.js';
import { reject, type Rejection } from './rejection.js';
import type { Report } from './types.js';
import { encodeUtf8 } from './utf8.js';

/** The bytes to write in one `write()`, and the report they carry (after normalizing); or why not. */
export type EncodeResult = { ok: true; bytes: Uint8Array; report: Report } | { ok: false; reason: Rejection };

/** The body (`key=value` pairs joined by `:`) of an already normalized report, keys in profile order. */
export function serializeBody(report: Report): string {
  const pairs = [`state=${report.state}`];
  if (report.id !== undefined) pairs.push(`id=${report.id}`);
  if (report.kind !== undefined) pairs.push(`kind=${report.kind}`);
  if (report.progress !== undefined) pairs.push(`progress=${report.progress}`);
  if (report.app !== undefined) pairs.push(`app=${report.app}`);
  if (report.title !== undefined) pairs.push(`title=${encodeBase64(encodeUtf8(report.title))}`);
  if (report.msg !== undefined) pairs.push(`msg=${encodeBase64(encodeUtf8(report.msg))}`);
  return pairs.join(':');
}

/** `ESC ] 7501 ; BODY ESC \` for `report` after `normalizeReport`; never a sequence a receiver would refuse. */
export function encodeReport(report: Report, options?: EncodeOptions): EncodeResult {
  const normalized = normalizeReport(report, options);
  if (!normalized.ok) return normalized;
  const sequence = SEQUENCE_PREFIX + serializeBody(normalized.report) + ST_TEXT;
  if (sequence.length > SEQUENCE_MAX_BYTES) {
    const message = `the sequence would be ${sequence.length} bytes, more than ${SEQUENCE_MAX_BYTES}`;
    return { ok: false, reason: reject('sequence-too-long', message) };
  }
  return { ok: true, bytes: latin1Bytes(sequence), report: normalized.report };
}
