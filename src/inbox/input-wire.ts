// Pure: the one-line JSON messages between `osf7501 send|answer` and the shim's input socket.
import type { State } from '../protocol/types.js';
import type { InputOp, Refusal } from './input-decision.js';

/** Longest request line (bytes): a typed task, not a file transfer. */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** What the client asks: type `text` (and Enter unless `enter` is false). */
export interface InputRequest {
  op: InputOp;
  text: string;
  enter: boolean;
}

/** What the shim answers: written, refused (with the state it saw), or a malformed request. */
export type InputResponse =
  | { ok: true; state: State }
  | { ok: false; refusal: Refusal; state: State }
  | { ok: false; error: 'bad-request' };

/** The request as one line. */
export function encodeRequest(request: InputRequest): string {
  return `${JSON.stringify(request)}\n`;
}

/** The request in `line`, or undefined when malformed. */
export function parseRequest(line: string): InputRequest | undefined {
  try {
    const raw = JSON.parse(line) as Record<string, unknown> | null;
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { op, text, enter } = raw;
    if ((op !== 'send' && op !== 'answer') || typeof text !== 'string' || typeof enter !== 'boolean') return undefined;
    return { op, text, enter };
  } catch {
    return undefined;
  }
}

/** The response in `line`, or undefined when malformed. */
export function parseResponse(line: string): InputResponse | undefined {
  try {
    const raw = JSON.parse(line) as Record<string, unknown> | null;
    if (typeof raw !== 'object' || raw === null || typeof raw['ok'] !== 'boolean') return undefined;
    return raw as unknown as InputResponse;
  } catch {
    return undefined;
  }
}

/** The bytes typed for a request: the text, then a carriage return (the Enter key) unless disabled. */
export function inputText(request: InputRequest): string {
  return request.enter ? `${request.text}\r` : request.text;
}
