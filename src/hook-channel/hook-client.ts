// `osf7501 hook <event>` in node: the same line as the sh hook (settings.ts fifoHookCommand) on the same
// FIFO, for hand-made hook settings and tests. Bounded in time, never failing. The shim's own injected
// hooks do not use it: they are plain sh, without node's start-up.
import { closeSync, constants, fstatSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isHookEventName, PAYLOAD_MAX_BYTES } from '../hooks/events.js';
import { needsPayload, parsePayload, type HookPayload } from '../hooks/map-event.js';
import { encodeHookLine, HOOK_FIFO_ENV, HOOK_TOKEN_ENV } from '../hooks/wire.js';

/** The whole call, from start to the line handed to the kernel: a hook must never hold the agent up. */
export const HOOK_BUDGET_MS = 200;

/** What a hook call did (for tests; the command prints nothing either way). */
type HookOutcome = 'sent' | 'unknown-event' | 'no-channel' | 'send-failed';

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

/**
 * Opens the FIFO at `fifoPath` write-only and non-blocking: a FIFO without a reader (the shim gone) fails
 * at once (ENXIO) instead of waiting for one. Undefined on any failure or if the path is not a FIFO.
 */
function openFifo(fifoPath: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(fifoPath, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    if (fstatSync(fd).isFIFO()) return fd;
  } catch {
    // Treated as not a FIFO.
  }
  closeSync(fd);
  return undefined;
}

/** Writes `line` in one write(); a full FIFO (the shim stuck) fails with EAGAIN rather than blocking. */
function writeLine(fd: number, line: string): boolean {
  try {
    const bytes = Buffer.from(line);
    return writeSync(fd, bytes) === bytes.length;
  } catch {
    return false;
  }
}

/** Writes `line` to the FIFO at `fifoPath` without ever blocking. False on any failure or if the path is not a FIFO. */
export function sendLine(fifoPath: string, line: string): boolean {
  const fd = openFifo(fifoPath);
  if (fd === undefined) return false;
  try {
    return writeLine(fd, line);
  } finally {
    closeSync(fd);
  }
}

/**
 * One hook call: `event` is the hook's name (argv), `stdin` gives its payload, `env` names the FIFO and
 * the token. The payload, read only for events that need one (within `budgetMs`) and only once the FIFO
 * is known to be there with a reader, goes to `payload.<pid>` next to the FIFO, as the sh hook's does.
 * Never rejects; every failure is an outcome.
 */
export async function runHook(
  event: string | undefined,
  stdin: () => PayloadStream,
  env: NodeJS.ProcessEnv,
  budgetMs: number = HOOK_BUDGET_MS,
): Promise<HookOutcome> {
  try {
    if (!isHookEventName(event)) return 'unknown-event';
    const fifoPath = env[HOOK_FIFO_ENV];
    const token = env[HOOK_TOKEN_ENV];
    if (!fifoPath || !token) return 'no-channel';
    const fd = openFifo(fifoPath);
    if (fd === undefined) return 'send-failed';
    try {
      if (!needsPayload(event)) return writeLine(fd, encodeHookLine(token, event)) ? 'sent' : 'send-failed';
      const payload = await readPayload(stdin(), budgetMs);
      const payloadName = `payload.${process.pid}`;
      const payloadPath = join(dirname(fifoPath), payloadName);
      // A stale file of a recycled pid is replaced, as the sh hook's `>` does.
      writeFileSync(payloadPath, payload.text, { mode: 0o600 });
      if (writeLine(fd, encodeHookLine(token, event, payloadName))) return 'sent';
      rmSync(payloadPath, { force: true });
      return 'send-failed';
    } finally {
      closeSync(fd);
    }
  } catch {
    return 'send-failed';
  }
}
