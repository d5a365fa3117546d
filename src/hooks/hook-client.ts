// The hook's side of the channel: read the payload, map it, send one line; bounded in time, never failing.
// Imports only node:net and pure modules, so the light entry (hook-entry.ts) starts in little more than
// node's own start-up.
import { createConnection } from 'node:net';
import { isHookEventName, PAYLOAD_MAX_BYTES } from './events.js';
import { mapHookEvent, needsPayload, parsePayload, type HookPayload } from './map-event.js';
import { encodeHookLine } from './wire.js';

/** The whole hook, from start to the line handed to the kernel: a hook must never hold the agent up. */
export const HOOK_BUDGET_MS = 200;
/** Of the budget, the share the payload on stdin may take (Claude Code writes it at once and closes). */
const PAYLOAD_WAIT_SHARE = 0.75;

/** The names of the environment variables (duplicated from channel.ts so this file stays light). */
const SOCKET_ENV = 'OSF7501_HOOK_SOCKET';
const TOKEN_ENV = 'OSF7501_HOOK_TOKEN';

/** What a hook call did (for tests; the command prints nothing either way). */
export type HookOutcome = 'sent' | 'unknown-event' | 'no-channel' | 'no-signal' | 'send-failed';

/** A readable byte stream (process.stdin, or a test's). */
export interface PayloadStream {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  on(event: 'end' | 'error', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'end' | 'error', listener: () => void): unknown;
  pause(): unknown;
}

/** Ends with `}` (trailing whitespace aside): worth a JSON.parse attempt before stdin is closed. */
function mayBeComplete(bytes: Buffer): boolean {
  for (let i = bytes.length - 1; i >= 0; i--) {
    const b = bytes[i];
    if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
    return b === 0x7d;
  }
  return false;
}

/**
 * Reads the payload: until stdin ends, a complete JSON object has arrived, {@link PAYLOAD_MAX_BYTES} were
 * read (the text is then cut there) or `waitMs` passed.
 */
export function readPayload(stream: PayloadStream, waitMs: number): Promise<HookPayload> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      size += bytes.length;
      if (size >= PAYLOAD_MAX_BYTES) return finish();
      if (mayBeComplete(bytes) && parsePayload(Buffer.concat(chunks).toString('utf8')).json !== undefined) finish();
    };
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', finish);
      stream.off('error', finish);
      stream.pause();
      resolve(parsePayload(Buffer.concat(chunks).subarray(0, PAYLOAD_MAX_BYTES).toString('utf8')));
    };
    const timer = setTimeout(finish, waitMs);
    stream.on('data', onData);
    stream.on('end', finish);
    stream.on('error', finish);
  });
}

/** Connects to the socket and hands it `line`; resolves true once the kernel has the bytes, false on any error or after `waitMs`. */
export function sendLine(socketPath: string, line: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const socket = createConnection({ path: socketPath });
    const finish = (ok: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), Math.max(0, waitMs));
    socket.on('error', () => finish(false));
    socket.on('connect', () => socket.end(line, () => finish(true)));
  });
}

/**
 * One hook call: `event` is the hook's name (argv), `stdin` gives its payload, `env` names the socket and
 * the token; all of it within `budgetMs` (a benchmark under valgrind needs more). Never rejects; every
 * failure is an outcome.
 */
export async function runHook(
  event: string | undefined,
  stdin: () => PayloadStream,
  env: NodeJS.ProcessEnv,
  budgetMs: number = HOOK_BUDGET_MS,
): Promise<HookOutcome> {
  const started = performance.now();
  try {
    if (!isHookEventName(event)) return 'unknown-event';
    const socketPath = env[SOCKET_ENV];
    const token = env[TOKEN_ENV];
    if (!socketPath || !token) return 'no-channel';
    const payload = needsPayload(event) ? await readPayload(stdin(), budgetMs * PAYLOAD_WAIT_SHARE) : undefined;
    const signal = mapHookEvent(event, payload);
    if (signal === undefined) return 'no-signal';
    const sent = await sendLine(socketPath, encodeHookLine(token, signal), budgetMs - (performance.now() - started));
    return sent ? 'sent' : 'send-failed';
  } catch {
    return 'send-failed';
  }
}
