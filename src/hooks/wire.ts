// Pure: the private channel's message — one JSON line per connection, checked field by field on receipt.
import { utf8Length } from '../protocol/utf8.js';
import { isHookEventName, MSG_MAX_BYTES, NAME_MAX_BYTES, type HookSignal } from './events.js';

/** Version of the line format; a line of another version is refused. */
export const WIRE_VERSION = 1;
/** Bytes of one line the server accepts (a 512-byte msg escaped as \uXXXX fits several times over). */
export const LINE_MAX_BYTES = 8 * 1024;

/** The line a hook sends: the session's token and the mapped signal. */
export function encodeHookLine(token: string, signal: HookSignal): string {
  return `${JSON.stringify({ v: WIRE_VERSION, token, signal })}\n`;
}

/** Why a line was refused. */
export type LineRejection = 'malformed' | 'bad-token';

/** A decoded line: the signal, or why it was refused. */
export type DecodedLine = { ok: true; signal: HookSignal } | { ok: false; reason: LineRejection; detail: string };

/** Compares two strings in time that depends only on their lengths (the token is not guessable byte by byte). */
export function sameToken(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

function fail(reason: LineRejection, detail: string): DecodedLine {
  return { ok: false, reason, detail };
}

function optionalText(obj: Record<string, unknown>, key: string, maxBytes: number): string | undefined | false {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || utf8Length(value) > maxBytes) return false;
  return value;
}

/** Decodes one line (without its newline) for a session whose token is `token`. Trusts nothing in it. */
export function decodeHookLine(line: string, token: string): DecodedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return fail('malformed', 'not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('malformed', 'not a JSON object');
  const message = value as Record<string, unknown>;
  if (message['v'] !== WIRE_VERSION) return fail('malformed', `version ${JSON.stringify(message['v'])}, expected ${WIRE_VERSION}`);
  if (typeof message['token'] !== 'string' || !sameToken(message['token'], token)) return fail('bad-token', 'wrong or missing token');
  const raw = message['signal'];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('malformed', 'no signal object');
  const s = raw as Record<string, unknown>;
  if (!isHookEventName(s['event'])) return fail('malformed', `unknown event ${JSON.stringify(s['event'])}`);
  const state = s['state'];
  if (state !== 'working' && state !== 'blocked' && state !== 'idle' && state !== 'done') return fail('malformed', `unknown state ${JSON.stringify(state)}`);
  const kind = s['kind'];
  if (kind !== undefined && !(state === 'blocked' && (kind === 'permission' || kind === 'question'))) {
    return fail('malformed', `kind ${JSON.stringify(kind)} with state ${state}`);
  }
  const msg = optionalText(s, 'msg', MSG_MAX_BYTES);
  const tool = optionalText(s, 'tool', NAME_MAX_BYTES);
  const notification = optionalText(s, 'notification', NAME_MAX_BYTES);
  if (msg === false || tool === false || notification === false) return fail('malformed', 'a text field is not a string or too long');
  return {
    ok: true,
    signal: {
      event: s['event'],
      state,
      ...(kind === undefined ? {} : { kind }),
      ...(msg === undefined ? {} : { msg }),
      ...(tool === undefined ? {} : { tool }),
      ...(notification === undefined ? {} : { notification }),
    },
  };
}
