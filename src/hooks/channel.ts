// The private channel: a per-session Unix socket in a fresh 0700 directory, and the server that reads it.
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HookChannelError } from './errors.js';
import type { HookSignal } from './events.js';
import { decodeHookLine, LINE_MAX_BYTES, type LineRejection } from './wire.js';

/** Set in the child's environment: the path of the session's hook socket. */
export const HOOK_SOCKET_ENV = 'OSF7501_HOOK_SOCKET';
/** Set in the child's environment: the session's secret; a message without it is refused. */
export const HOOK_TOKEN_ENV = 'OSF7501_HOOK_TOKEN';

/** A hook that connects and sends no complete line within this time is cut off (hooks send at once). */
const CONNECTION_IDLE_MS = 1000;
/** Connections served at once; node closes any beyond (a flood cannot pile up sockets in the shim). */
const MAX_CONNECTIONS = 32;
/** Bytes of the random token (128 bits), sent as hex. */
const TOKEN_BYTES = 16;
/** `sun_path` holds 108 bytes on Linux and 104 on macOS, the final NUL included. */
const SOCKET_PATH_MAX_BYTES = 103;
const SOCKET_NAME = 'hook.sock';
const DIR_PREFIX = 'osf7501-';

/** A signal the server accepted, with when (performance.now(), the reporter's clock). */
export interface ReceivedSignal {
  signal: HookSignal;
  receivedAt: number;
}

/** A message the server refused, and why. */
export interface RefusedMessage {
  reason: LineRejection | 'too-large' | 'timeout' | 'too-many';
  detail: string;
}

/** Where the directory goes. */
export interface HookServerOptions {
  /** `XDG_RUNTIME_DIR` is taken from here (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Overrides the parent directory (tests). */
  parentDir?: string;
}

/** The parent directory: `$XDG_RUNTIME_DIR` (per-user, 0700, on tmpfs) when set and short enough, else the temp dir. */
function parentCandidates(options: HookServerOptions): string[] {
  if (options.parentDir !== undefined) return [options.parentDir];
  const runtime = (options.env ?? process.env)['XDG_RUNTIME_DIR'];
  const out = runtime !== undefined && runtime.startsWith('/') ? [runtime] : [];
  out.push(tmpdir(), '/tmp');
  return out;
}

/** A fresh directory only we can enter, checked after creation (mkdtemp makes it 0700, owned by us). */
function makePrivateDirectory(options: HookServerOptions): string {
  const problems: string[] = [];
  for (const parent of parentCandidates(options)) {
    // mkdtemp adds 6 characters; the socket name and a separator follow.
    if (Buffer.byteLength(join(parent, `${DIR_PREFIX}XXXXXX`, SOCKET_NAME)) > SOCKET_PATH_MAX_BYTES) {
      problems.push(`${parent}: path too long for a socket`);
      continue;
    }
    let dir: string;
    try {
      dir = mkdtempSync(join(parent, DIR_PREFIX));
    } catch (error) {
      problems.push(`${parent}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      continue;
    }
    const stat = lstatSync(dir);
    const uid = process.getuid?.();
    if (!stat.isDirectory() || (stat.mode & 0o777) !== 0o700 || (uid !== undefined && stat.uid !== uid)) {
      rmSync(dir, { recursive: true, force: true });
      problems.push(`${dir}: not a private directory (mode ${(stat.mode & 0o777).toString(8)})`);
      continue;
    }
    return dir;
  }
  throw new HookChannelError('channel-directory', `no private directory for the hook socket (${problems.join('; ')})`);
}

/**
 * Owns one session's hook channel: the 0700 directory, the 0600 socket in it, the token. Each connection
 * carries one JSON line (see wire.ts); accepted signals and refusals go to the listeners. `dispose()` closes
 * the server and every connection and removes the directory; idempotent.
 */
export class HookServer {
  readonly token: string;
  private readonly signalListeners = new Set<(received: ReceivedSignal) => void>();
  private readonly refusalListeners = new Set<(refused: RefusedMessage) => void>();
  private readonly sockets = new Set<Socket>();
  private disposed = false;

  private constructor(
    private readonly server: Server,
    /** The session's private directory (0700). */
    readonly directory: string,
    /** The socket's path (0600). */
    readonly socketPath: string,
  ) {
    this.token = randomBytes(TOKEN_BYTES).toString('hex');
    server.on('connection', (socket) => this.serve(socket));
    server.on('drop', () => this.refuse({ reason: 'too-many', detail: `more than ${MAX_CONNECTIONS} connections at once` }));
  }

  /** Makes the directory, listens on the socket and makes it 0600. Rejects with a HookChannelError. */
  static async start(options: HookServerOptions = {}): Promise<HookServer> {
    const directory = makePrivateDirectory(options);
    const socketPath = join(directory, SOCKET_NAME);
    const server = createServer({ allowHalfOpen: false, pauseOnConnect: false });
    server.maxConnections = MAX_CONNECTIONS;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ path: socketPath, backlog: MAX_CONNECTIONS, readableAll: false, writableAll: false }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      chmodSync(socketPath, 0o600);
    } catch (error) {
      server.close();
      rmSync(directory, { recursive: true, force: true });
      throw new HookChannelError('channel-listen', `cannot listen on ${socketPath}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
        cause: error,
      });
    }
    server.on('error', () => {
      // A listening Unix socket has no later errors worth ending the session for; hooks just stop arriving.
    });
    return new HookServer(server, directory, socketPath);
  }

  /** The variables to add to the child's environment. */
  childEnv(): Record<string, string> {
    return { [HOOK_SOCKET_ENV]: this.socketPath, [HOOK_TOKEN_ENV]: this.token };
  }

  /** Calls `listener` with each accepted signal, in arrival order; returns the unsubscribe. */
  onSignal(listener: (received: ReceivedSignal) => void): () => void {
    this.signalListeners.add(listener);
    return () => this.signalListeners.delete(listener);
  }

  /** Calls `listener` with each refused message (for `--log` and tests); returns the unsubscribe. */
  onRefused(listener: (refused: RefusedMessage) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /** Closes the server and its connections, removes the directory (socket included). Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.signalListeners.clear();
    this.refusalListeners.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.server.close();
    rmSync(this.directory, { recursive: true, force: true });
  }

  private serve(socket: Socket): void {
    if (this.disposed) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (line: string | undefined, refusal?: RefusedMessage): void => {
      if (done) return;
      done = true;
      socket.destroy();
      this.sockets.delete(socket);
      if (refusal !== undefined) return this.refuse(refusal);
      if (line === undefined || line.trim() === '') return; // a bare connect (a probe): nothing to say
      const decoded = decodeHookLine(line, this.token);
      if (!decoded.ok) return this.refuse({ reason: decoded.reason, detail: decoded.detail });
      const received = { signal: decoded.signal, receivedAt: performance.now() };
      for (const listener of [...this.signalListeners]) listener(received);
    };
    socket.setTimeout(CONNECTION_IDLE_MS, () => finish(undefined, { reason: 'timeout', detail: `no complete line in ${CONNECTION_IDLE_MS} ms` }));
    socket.on('data', (chunk: Buffer) => {
      const newline = chunk.indexOf(0x0a);
      const part = newline < 0 ? chunk : chunk.subarray(0, newline);
      size += part.length;
      if (size > LINE_MAX_BYTES) return finish(undefined, { reason: 'too-large', detail: `line longer than ${LINE_MAX_BYTES} bytes` });
      chunks.push(part);
      if (newline >= 0) finish(Buffer.concat(chunks).toString('utf8'));
    });
    socket.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', () => finish(undefined));
    socket.on('close', () => finish(Buffer.concat(chunks).toString('utf8')));
  }

  private refuse(refused: RefusedMessage): void {
    for (const listener of [...this.refusalListeners]) listener(refused);
  }
}
