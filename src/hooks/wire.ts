// Pure: the private channel's line — what one hook call writes to the session's FIFO, checked on receipt.
//
//   <token> <event>[ payload.<pid>]\n
//
// A hook is plain POSIX sh (see settings.ts), so the line carries no mapped signal: the server maps the
// event itself (map-event.ts), reading the payload, when the event needs one, from the file the line
// names in the session's private directory.
import { isHookEventName } from './events.js';

/** Set in the child's environment: the path of the session's hook FIFO. */
export const HOOK_FIFO_ENV = 'OSF7501_HOOK_FIFO';
/** Set in the child's environment: the session's secret; a line without it is refused. */
export const HOOK_TOKEN_ENV = 'OSF7501_HOOK_TOKEN';

/**
 * Bytes of one line, its newline included. 512 is POSIX's minimum PIPE_BUF (and macOS's PIPE_BUF; Linux's
 * is 4096): a write of at most PIPE_BUF bytes to a pipe is atomic, so a line written in one write() is
 * never interleaved with another hook's, on any POSIX system. A real line is under 80 bytes.
 */
export const LINE_MAX_BYTES = 512;
/** A payload file's name: `payload.` and the writer's pid (the sh hook's `$$`), unique among live hooks. */
const PAYLOAD_NAME = /^payload\.[0-9]{1,10}$/;

/** The line a hook writes: the session's token, the event, and the payload file's name if it wrote one. */
export function encodeHookLine(token: string, event: string, payloadName?: string): string {
  return `${token} ${event}${payloadName === undefined ? '' : ` ${payloadName}`}\n`;
}

/** Why a line was refused. */
export type LineRejection = 'malformed' | 'bad-token';

/** A decoded line: the event and its payload file's name, or why it was refused. */
type DecodedLine = { ok: true; event: string; payloadName?: string } | { ok: false; reason: LineRejection; detail: string };

/** Compares two strings in time that depends only on their lengths (the token is not guessable byte by byte). */
export function sameToken(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

function fail(reason: LineRejection, detail: string): DecodedLine {
  return { ok: false, reason, detail };
}

/**
 * Decodes one line (without its newline) for a session whose token is `token` and whose agent's events
 * `isEvent` knows (default: Claude Code's). Trusts nothing in it.
 */
export function decodeHookLine(line: string, token: string, isEvent: (name: string) => boolean = isHookEventName): DecodedLine {
  const fields = line.split(' ');
  if (fields.length < 2 || fields.length > 3) return fail('malformed', `${fields.length} field(s), expected 2 or 3`);
  const [sent, event, payloadName] = fields as [string, string, string | undefined];
  if (!sameToken(sent, token)) return fail('bad-token', 'wrong or missing token');
  if (!isEvent(event)) return fail('malformed', `unknown event ${JSON.stringify(event.slice(0, 40))}`);
  if (payloadName === undefined) return { ok: true, event };
  if (!PAYLOAD_NAME.test(payloadName)) return fail('malformed', `bad payload name ${JSON.stringify(payloadName.slice(0, 40))}`);
  return { ok: true, event, payloadName };
}
