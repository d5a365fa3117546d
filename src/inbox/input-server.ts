// The shim's input socket: `send`/`answer` requests, checked against the session's state when written.
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { decideInput } from './input-decision.js';
import { inputText, MAX_REQUEST_BYTES, parseRequest, type InputResponse } from './input-wire.js';
import type { SessionInput } from './registry.js';

/** A client that connects and sends nothing is dropped after this long (ms): no socket lingers. */
const CLIENT_IDLE_MS = 5_000;

/** Options of the input server. */
interface InputServerOptions {
  /** The socket's path (`socketPath(dir, id)`, inside the 0700 directory: only the owner can connect). */
  path: string;
  /** The session's state, asked at the moment of writing. */
  session: SessionInput;
  /** Types the bytes into the child (the relay's `writeToChild`). */
  onInput: (bytes: Uint8Array) => void;
}

/**
 * Listens on a Unix socket; each connection sends one request line and gets one response line. The state
 * check and the write happen in the same turn of the event loop, so no report can slip between them.
 * `dispose()` (idempotent) closes every connection and removes the socket.
 */
export class InputServer {
  /** Resolves once the socket listens; rejects when it cannot (the session goes on without it). */
  readonly ready: Promise<void>;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private answeredAt: number | undefined;
  private disposed = false;

  constructor(private readonly options: InputServerOptions) {
    rmSync(options.path, { force: true });
    this.server = createServer((socket) => this.accept(socket));
    this.ready = new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(options.path, () => {
        this.server.off('error', reject);
        this.server.on('error', () => {});
        try {
          chmodSync(options.path, 0o600);
        } catch {
          // The 0700 directory already keeps other users out.
        }
        resolve();
      });
    });
    this.server.unref();
  }

  /** Closes the server and its connections and removes the socket. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.server.close();
    rmSync(this.options.path, { force: true });
  }

  private accept(socket: Socket): void {
    if (this.disposed) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.setTimeout(CLIENT_IDLE_MS, () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    const chunks: Buffer[] = [];
    let length = 0;
    socket.on('data', (chunk: Buffer) => {
      const end = chunk.indexOf(0x0a);
      chunks.push(end < 0 ? chunk : chunk.subarray(0, end));
      length += chunk.length;
      if (end < 0 && length <= MAX_REQUEST_BYTES) return;
      socket.removeAllListeners('data');
      const response = length > MAX_REQUEST_BYTES && end < 0 ? badRequest : this.handle(Buffer.concat(chunks).toString('utf8'));
      socket.end(`${JSON.stringify(response)}\n`);
    });
  }

  private handle(line: string): InputResponse {
    const request = parseRequest(line);
    if (!request) return badRequest;
    const view = this.options.session.inputView();
    const decision = decideInput(request.op, view, this.answeredAt);
    if (!decision.ok) return { ok: false, refusal: decision.refusal, state: view.state };
    if (request.op === 'answer') this.answeredAt = view.revision;
    this.options.onInput(Buffer.from(inputText(request), 'utf8'));
    return { ok: true, state: view.state };
  }
}

const badRequest: InputResponse = { ok: false, error: 'bad-request' };
