// The client side of the input socket: one request, one response.
import { connect } from 'node:net';
import { encodeRequest, parseResponse, type InputRequest, type InputResponse } from './input-wire.js';

/** How long a client waits for the shim's answer (ms): the shim answers in one event-loop turn. */
const RESPONSE_TIMEOUT_MS = 10_000;

/** A response, or why the shim could not be asked (its socket is gone: the session ended). */
type InputResult = InputResponse | { ok: false; error: 'unreachable'; code: string };

/** Sends `request` to the socket at `path` and resolves to the shim's response. */
export function requestInput(path: string, request: InputRequest): Promise<InputResult> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (result: InputResult): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(RESPONSE_TIMEOUT_MS, () => finish({ ok: false, error: 'unreachable', code: 'ETIMEDOUT' }));
    socket.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, error: 'unreachable', code: error.code ?? 'EIO' }));
    socket.on('connect', () => socket.write(encodeRequest(request)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const response = parseResponse(Buffer.concat(chunks).toString('utf8').trim());
      finish(response ?? { ok: false, error: 'unreachable', code: 'EPROTO' });
    });
  });
}
