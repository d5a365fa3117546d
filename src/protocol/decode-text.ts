// Decodes a base64 `title` or `msg` value the way receivers do, refusing anything they would refuse.
import { decodeBase64 } from './base64.js';
import { reject, type Rejection } from './rejection.js';
import { decodeUtf8Strict } from './utf8.js';

/** The limits of one text field. */
export interface TextLimits {
  maxEncodedBytes: number;
  maxDecodedBytes: number;
}

/** C0, DEL or C1 anywhere in decoded text. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

/** The text a base64 value carries, or why the whole report must be discarded. */
export function decodeTextField(
  field: string,
  value: string,
  limits: TextLimits,
): { ok: true; text: string } | { ok: false; reason: Rejection } {
  const fail = (code: Rejection['code'], message: string): { ok: false; reason: Rejection } => ({
    ok: false,
    reason: reject(code, `${field}: ${message}`, field),
  });
  if (value.length > limits.maxEncodedBytes) {
    return fail('text-too-long', `${value.length} base64 bytes, more than ${limits.maxEncodedBytes}`);
  }
  const bytes = decodeBase64(value);
  if (bytes === null) {
    return fail('base64-invalid', 'not padded standard base64 (A–Z a–z 0–9 + /, = padding, length a multiple of 4)');
  }
  if (bytes.length > limits.maxDecodedBytes) {
    return fail('text-too-long', `${bytes.length} decoded bytes, more than ${limits.maxDecodedBytes}`);
  }
  const text = decodeUtf8Strict(bytes);
  if (text === null) return fail('text-invalid-utf8', 'the decoded bytes are not valid UTF-8');
  const control = CONTROL.exec(text);
  if (control !== null) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return fail('text-control-char', `the decoded text holds control character U+${code} at ${control.index}`);
  }
  return { ok: true, text };
}
