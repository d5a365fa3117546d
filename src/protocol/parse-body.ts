// Reads an OSC 7501 body (`key=value` pairs joined by `:`) with the receivers' error model.
import { decodeTextField } from './decode-text.js';
import { idProblem, isKeySpelling, isKeyWithinLimit, isValidApp, isValueSpelling, parseProgressValue } from './grammar.js';
import {
  KEY_MAX_BYTES,
  MSG_MAX_DECODED_BYTES,
  MSG_MAX_ENCODED_BYTES,
  TITLE_MAX_DECODED_BYTES,
  TITLE_MAX_ENCODED_BYTES,
} from './limits.js';
import { reject, type Rejection } from './rejection.js';
import { BLOCKED_KINDS, STATES, type BlockedKind, type Report, type State } from './types.js';

/** What a body turned out to be: a report, a support query, or a report every receiver discards. */
export type Parsed =
  | { type: 'report'; report: Report }
  | { type: 'query'; pairs: Record<string, string> }
  | { type: 'rejected'; reason: Rejection };

/** The well-formed pairs of a body, the last duplicate winning; malformed pairs are skipped. A key over the
 * length limit is an exceeded limit, so it discards the whole body. */
function readPairs(body: string): { ok: true; pairs: Map<string, string> } | { ok: false; reason: Rejection } {
  const pairs = new Map<string, string>();
  for (const pair of body.split(':')) {
    const eq = pair.indexOf('=');
    if (eq < 1) continue;
    const key = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!isKeySpelling(key) || !isValueSpelling(value)) continue;
    if (!isKeyWithinLimit(key)) {
      const message = `key ${JSON.stringify(key)} is ${key.length} bytes, more than ${KEY_MAX_BYTES}`;
      return { ok: false, reason: reject('key-too-long', message, key) };
    }
    pairs.delete(key);
    pairs.set(key, value);
  }
  return { ok: true, pairs };
}

/** A rejected Parsed. */
function rejected(code: Rejection['code'], message: string, field?: string): Parsed {
  return { type: 'rejected', reason: reject(code, message, field) };
}

/** Reads one body. `?` and `?:pairs` are the support query; anything else is a report, kept only if every
 * receiver would keep it. Keys that do not belong to the state (`kind` off `blocked`, `progress` off
 * `working`/`blocked`, all but `id` on `clear`) are validated, then dropped; unknown keys are ignored. */
export function parseBody(body: string): Parsed {
  if (body === '?' || body.startsWith('?:')) {
    const read = readPairs(body.slice(2));
    return { type: 'query', pairs: read.ok ? Object.fromEntries(read.pairs) : {} };
  }
  const read = readPairs(body);
  if (!read.ok) return { type: 'rejected', reason: read.reason };
  const fields = read.pairs;

  const state = fields.get('state');
  if (state === undefined) return rejected('state-missing', 'no state pair', 'state');
  if (!(STATES as readonly string[]).includes(state)) {
    return rejected('state-unknown', `state ${JSON.stringify(state)} is not one of ${STATES.join(', ')}`, 'state');
  }
  const report: Report = { state: state as State };

  const id = fields.get('id');
  if (id !== undefined) {
    const problem = idProblem(id);
    if (problem !== null) return rejected('id-invalid', `id ${JSON.stringify(id)} ${problem}`, 'id');
    report.id = id;
  }
  const kind = fields.get('kind');
  if (kind !== undefined && !(BLOCKED_KINDS as readonly string[]).includes(kind)) {
    return rejected('kind-unknown', `kind ${JSON.stringify(kind)} is not one of ${BLOCKED_KINDS.join(', ')}`, 'kind');
  }
  const progressValue = fields.get('progress');
  const progress = progressValue === undefined ? undefined : parseProgressValue(progressValue);
  if (progress === null) {
    const message = `progress ${JSON.stringify(progressValue)} is not an integer 0–100 without leading zeros`;
    return rejected('progress-invalid', message, 'progress');
  }
  const app = fields.get('app');
  if (app !== undefined && !isValidApp(app)) {
    return rejected('app-invalid', `app ${JSON.stringify(app)} is not [A-Za-z0-9_.+-]{1,32}`, 'app');
  }
  const texts: Partial<Record<'title' | 'msg', string>> = {};
  for (const [field, maxEncodedBytes, maxDecodedBytes] of [
    ['title', TITLE_MAX_ENCODED_BYTES, TITLE_MAX_DECODED_BYTES],
    ['msg', MSG_MAX_ENCODED_BYTES, MSG_MAX_DECODED_BYTES],
  ] as const) {
    const value = fields.get(field);
    if (value === undefined) continue;
    const decoded = decodeTextField(field, value, { maxEncodedBytes, maxDecodedBytes });
    if (!decoded.ok) return { type: 'rejected', reason: decoded.reason };
    if (decoded.text !== '') texts[field] = decoded.text;
  }

  if (report.state === 'clear') return { type: 'report', report };
  if (kind !== undefined && report.state === 'blocked') report.kind = kind as BlockedKind;
  if (progress !== undefined && (report.state === 'working' || report.state === 'blocked')) {
    report.progress = progress;
  }
  if (app !== undefined) report.app = app;
  if (texts.title !== undefined) report.title = texts.title;
  if (texts.msg !== undefined) report.msg = texts.msg;
  return { type: 'report', report };
}
