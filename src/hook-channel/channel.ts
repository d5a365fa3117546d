// The private channel: a per-session FIFO in a fresh 0700 directory, and the server that reads it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HookChannelError } from '../hooks/errors.js';
import { PAYLOAD_MAX_BYTES, type HookSignal } from '../hooks/events.js';
import { mapHookEvent, parsePayload, type HookPayload } from '../hooks/map-event.js';
import { decodeHookLine, HOOK_FIFO_ENV, HOOK_TOKEN_ENV, LINE_MAX_BYTES, type LineRejection } from '../hooks/wire.js';

export { HOOK_FIFO_ENV, HOOK_TOKEN_ENV } from '../hooks/wire.js';

/** A partial line (no newline yet) left this long is dropped: a hook writes its whole line at once. */
const PARTIAL_LINE_MS = 1000;
/** Bytes of the random token (128 bits), sent as hex. */
const TOKEN_BYTES = 16;
const FIFO_NAME = 'hook.fifo';
const DIR_PREFIX = 'osf7501-';
/** How long mkfifo may take before the session goes on without hooks. */
const MKFIFO_TIMEOUT_MS = 5000;

/** A signal the server accepted, with when (performance.now(), the reporter's clock). */
export interface ReceivedSignal {
  signal: HookSignal;
  receivedAt: number;
}

/** A line the server refused, and why. */
export interface RefusedMessage {
  reason: LineRejection | 'too-large' | 'timeout';
  detail: string;
}

/** Where the directory goes. */
export interface HookServerOptions {
  /** `XDG_RUNTIME_DIR` and `PATH` (for mkfifo) are taken from here (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Overrides the parent directory (tests). */
  parentDir?: string;
}

/** The parent directory: `$XDG_RUNTIME_DIR` (per-user, 0700, on tmpfs) when set, else the temp dir. */
function parentCandidates(options: HookServerOptions): string[] {
  if (options.parentDir !== undefined) return [options.parentDir];
  const runtime = (options.env ?? process.env)['XDG_RUNTIME_DIR'];
  const out = runtime !== undefined && runtime.startsWith('/') ? [runtime] : [];
  out.push(tmpdir(), '/tmp');
  return out;
}

/** The owner and mode check of the directory and the FIFO: ours, and nobody else's. */
function isPrivate(path: string, mode: number, kind: 'directory' | 'fifo'): string | undefined {
  const stat = lstatSync(path);
  const uid = process.getuid?.();
  const right = kind === 'directory' ? stat.isDirectory() : stat.isFIFO();
  if (!right || (stat.mode & 0o777) !== mode || (uid !== undefined && stat.uid !== uid)) {
    return `${path}: not a private ${kind} (mode ${(stat.mode & 0o777).toString(8)})`;
  }
  return undefined;
}

/** A fresh directory only we can enter, checked after creation (mkdtemp makes it 0700, owned by us). */
function makePrivateDirectory(options: HookServerOptions): string {
  const problems: string[] = [];
  for (const parent of parentCandidates(options)) {
    let dir: string;
    try {
      dir = mkdtempSync(join(parent, DIR_PREFIX));
    } catch (error) {
      problems.push(`${parent}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      continue;
    }
    const problem = isPrivate(dir, 0o700, 'directory');
    if (problem !== undefined) {
      rmSync(dir, { recursive: true, force: true });
      problems.push(problem);
      continue;
    }
    return dir;
  }
  throw new HookChannelError('channel-directory', `no private directory for the hook FIFO (${problems.join('; ')})`);
}

/**
 * Node has no mkfifo(3) nor mknod(2): the `mkfifo` program makes it (a spawn of a few ms, once per
 * session, without blocking the event loop). Tried on PATH, then at /usr/bin (Linux and macOS both have it there).
 */
function mkfifo(path: string, env: NodeJS.ProcessEnv): Promise<void> {
  const run = (program: string): Promise<void> =>
    new Promise((resolve, reject) => {
      execFile(program, ['-m', '600', path], { env, timeout: MKFIFO_TIMEOUT_MS }, (error) => (error ? reject(error) : resolve()));
    });
  return run('mkfifo').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return run('/usr/bin/mkfifo');
    throw error;
  });
}

/** Reads a payload file the line named: a regular file in our directory, at most PAYLOAD_MAX_BYTES of it. */
function readPayloadFile(path: string): HookPayload | undefined {
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink is refused; O_NONBLOCK: a FIFO put there cannot stall the shim (fstat refuses it).
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const buffer = Buffer.alloc(PAYLOAD_MAX_BYTES);
    let size = 0;
    for (let n = 1; n > 0 && size < buffer.length; size += n) n = readSync(fd, buffer, size, buffer.length - size, null);
    return parsePayload(buffer.subarray(0, size).toString('utf8'));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Owns one session's hook channel: the 0700 directory, the 0600 FIFO in it, the token. The FIFO is held
 * open read-write and non-blocking, so writers never block on open and never see it without a reader
 * while the session lives. Each hook writes one line (wire.ts); accepted signals and refusals go to the
 * listeners. `dispose()` closes the FIFO and removes the directory (FIFO and payload files); idempotent.
 */
export class HookServer {
  readonly token: string;
  private readonly signalListeners = new Set<(received: ReceivedSignal) => void>();
  private readonly refusalListeners = new Set<(refused: RefusedMessage) => void>();
  /** The bytes of a line not yet ended by a newline. */
  private pending: Buffer[] = [];
  private pendingSize = 0;
  /** Dropping an over-long line up to its newline. */
  private skipping = false;
  private partialTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  private constructor(
    private readonly reader: Socket,
    /** The session's private directory (0700). */
    readonly directory: string,
    /** The FIFO's path (0600). */
    readonly fifoPath: string,
  ) {
    this.token = randomBytes(TOKEN_BYTES).toString('hex');
    reader.on('data', (chunk: Buffer) => this.take(chunk));
    reader.on('error', () => {
      // A FIFO held read-write has no later errors worth ending the session for; hooks just stop arriving.
    });
    // The channel never keeps the shim alive on its own.
    reader.unref();
  }

  /** Makes the directory and the FIFO in it and opens it. Rejects with a HookChannelError. */
  static async start(options: HookServerOptions = {}): Promise<HookServer> {
    const directory = makePrivateDirectory(options);
    const fifoPath = join(directory, FIFO_NAME);
    let fd: number | undefined;
    try {
      await mkfifo(fifoPath, options.env ?? process.env);
      const problem = isPrivate(fifoPath, 0o600, 'fifo');
      if (problem !== undefined) throw new Error(problem);
      fd = openSync(fifoPath, constants.O_RDWR | constants.O_NONBLOCK | constants.O_NOFOLLOW);
      return new HookServer(new Socket({ fd, readable: true, writable: false }), directory, fifoPath);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      rmSync(directory, { recursive: true, force: true });
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error);
      throw new HookChannelError('channel-fifo', `cannot make the hook FIFO ${fifoPath}: ${why}`, { cause: error });
    }
  }

  /** The variables to add to the child's environment. */
  childEnv(): Record<string, string> {
    return { [HOOK_FIFO_ENV]: this.fifoPath, [HOOK_TOKEN_ENV]: this.token };
  }

  /** Calls `listener` with each accepted signal, in arrival order; returns the unsubscribe. */
  onSignal(listener: (received: ReceivedSignal) => void): () => void {
    this.signalListeners.add(listener);
    return () => this.signalListeners.delete(listener);
  }

  /** Calls `listener` with each refused line (for `--log` and tests); returns the unsubscribe. */
  onRefused(listener: (refused: RefusedMessage) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /** Closes the FIFO, removes the directory (FIFO and payload files included). Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.partialTimer);
    this.signalListeners.clear();
    this.refusalListeners.clear();
    this.reader.destroy();
    rmSync(this.directory, { recursive: true, force: true });
  }

  /** Splits what arrived into lines; an over-long line is refused once and dropped up to its newline. */
  private take(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length && !this.disposed) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline < 0 ? chunk.length : newline;
      if (!this.skipping) {
        // The limit counts the newline: a line of LINE_MAX_BYTES - 1 bytes and its newline fit one atomic write.
        if (this.pendingSize + (end - start) + 1 > LINE_MAX_BYTES) {
          this.skipping = true;
          this.pending = [];
          this.pendingSize = 0;
          this.refuse({ reason: 'too-large', detail: `line longer than ${LINE_MAX_BYTES} bytes` });
        } else {
          this.pending.push(chunk.subarray(start, end));
          this.pendingSize += end - start;
        }
      }
      if (newline < 0) break;
      const line = Buffer.concat(this.pending).toString('utf8');
      const skipped = this.skipping;
      this.pending = [];
      this.pendingSize = 0;
      this.skipping = false;
      if (!skipped) this.line(line);
      start = newline + 1;
    }
    clearTimeout(this.partialTimer);
    this.partialTimer = undefined;
    if (this.pendingSize > 0 || this.skipping) {
      this.partialTimer = setTimeout(() => this.dropPartial(), PARTIAL_LINE_MS);
      this.partialTimer.unref();
    }
  }

  /** A line left without its newline: not a hook's (their lines come whole); it must not prefix the next. */
  private dropPartial(): void {
    const refused = !this.skipping;
    this.pending = [];
    this.pendingSize = 0;
    this.skipping = false;
    if (refused) this.refuse({ reason: 'timeout', detail: `no newline within ${PARTIAL_LINE_MS} ms` });
  }

  private line(text: string): void {
    if (text.trim() === '') return;
    const decoded = decodeHookLine(text, this.token);
    if (!decoded.ok) return this.refuse({ reason: decoded.reason, detail: decoded.detail });
    const payload = decoded.payloadName === undefined ? undefined : readPayloadFile(join(this.directory, decoded.payloadName));
    const signal = mapHookEvent(decoded.event, payload);
    if (signal === undefined) return; // a Notification that reports nothing (an unreadable one, an elicitation's end)
    const received = { signal, receivedAt: performance.now() };
    for (const listener of [...this.signalListeners]) listener(received);
  }

  private refuse(refused: RefusedMessage): void {
    for (const listener of [...this.refusalListeners]) listener(refused);
  }
}
