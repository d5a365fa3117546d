// The private channel: a per-session FIFO in a fresh 0700 directory (channel-place.ts), and the server that reads it.
import { execFile } from 'node:child_process';
import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HookChannelError } from '../hooks/errors.js';
import { PAYLOAD_MAX_BYTES, type HookSignal, type HookTasks } from '../hooks/events.js';
import { mapHookEvent, parsePayload, type HookPayload } from '../hooks/map-event.js';
import { TaskLedger } from '../hooks/task-ledger.js';
import { decodeHookLine, LINE_MAX_BYTES, type LineRejection } from '../hooks/wire.js';
import type { AgentHookSpec } from '../hooks/agents/spec.js';
import { ChannelPlace, isPrivate, type HookServerOptions } from './channel-place.js';

export { HOOK_FIFO_ENV, HOOK_TOKEN_ENV } from '../hooks/wire.js';
export { ChannelPlace, type HookServerOptions } from './channel-place.js';

/** A partial line (no newline yet) left this long is dropped: a hook writes its whole line at once. */
const PARTIAL_LINE_MS = 1000;
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
  private readonly signalListeners = new Set<(received: ReceivedSignal) => void>();
  /** The agent's task list, as this session's hooks told it. */
  private readonly tasks = new TaskLedger();
  private readonly refusalListeners = new Set<(refused: RefusedMessage) => void>();
  /** The bytes of a line not yet ended by a newline. */
  private pending: Buffer[] = [];
  private pendingSize = 0;
  /** Dropping an over-long line up to its newline. */
  private skipping = false;
  private partialTimer: NodeJS.Timeout | undefined;
  private disposed = false;
  /** The agent's mapping for this session, where its signals depend on earlier calls (AgentHookSpec.session). */
  private readonly sessionMap: ((event: string, payload: HookPayload) => HookSignal | undefined) | undefined;

  private constructor(
    private readonly reader: Socket,
    private readonly place: ChannelPlace,
    /** The agent whose events the lines name (undefined: Claude Code's). */
    private readonly spec: AgentHookSpec | undefined,
  ) {
    this.sessionMap = spec?.session?.();
    reader.on('data', (chunk: Buffer) => this.take(chunk));
    reader.on('error', () => {
      // A FIFO held read-write has no later errors worth ending the session for; hooks just stop arriving.
    });
    // The channel never keeps the shim alive on its own.
    reader.unref();
  }

  /** Makes the directory and the FIFO in it and opens it. Rejects with a HookChannelError. */
  static async start(options: HookServerOptions = {}, spec?: AgentHookSpec): Promise<HookServer> {
    const place = ChannelPlace.make(options);
    try {
      return await HookServer.open(place, options.env, spec);
    } catch (error) {
      place.dispose();
      throw error;
    }
  }

  /**
   * Makes the FIFO in `place` (made earlier, e.g. before the child spawned) and opens it; the server owns the
   * place from then on. On failure rejects with a HookChannelError; the place stays its maker's (it may hold
   * what the child still reads: claude's settings spilled to a file).
   */
  static async open(place: ChannelPlace, env: NodeJS.ProcessEnv = process.env, spec?: AgentHookSpec): Promise<HookServer> {
    const { fifoPath } = place;
    let fd: number | undefined;
    try {
      await mkfifo(fifoPath, env);
      const problem = isPrivate(fifoPath, 0o600, 'fifo');
      if (problem !== undefined) throw new Error(problem);
      fd = openSync(fifoPath, constants.O_RDWR | constants.O_NONBLOCK | constants.O_NOFOLLOW);
      return new HookServer(new Socket({ fd, readable: true, writable: false }), place, spec);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error);
      throw new HookChannelError('channel-fifo', `cannot make the hook FIFO ${fifoPath}: ${why}`, { cause: error });
    }
  }

  /** The session's private directory (0700). */
  get directory(): string {
    return this.place.directory;
  }

  /** The FIFO's path (0600). */
  get fifoPath(): string {
    return this.place.fifoPath;
  }

  /** The token every line must carry. */
  get token(): string {
    return this.place.token;
  }

  /** The variables to add to the child's environment. */
  childEnv(): Record<string, string> {
    return this.place.childEnv();
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
    this.place.dispose();
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
    const spec = this.spec;
    const decoded = spec === undefined ? decodeHookLine(text, this.token) : decodeHookLine(text, this.token, (name) => spec.events.includes(name));
    if (!decoded.ok) return this.refuse({ reason: decoded.reason, detail: decoded.detail });
    const payload = decoded.payloadName === undefined ? undefined : readPayloadFile(join(this.directory, decoded.payloadName));
    const mapped = spec === undefined ? mapHookEvent(decoded.event, payload) : (this.sessionMap ?? spec.map)(decoded.event, payload ?? parsePayload(''));
    if (mapped === undefined) return; // a Notification that reports nothing (an unreadable one, an elicitation's end)
    // The task list lives across calls: the session's ledger adds its progress to the call that changed it
    // (Claude Code's task and todo hooks; another agent's whole list, from its todo tool or event).
    const tasks = spec === undefined ? this.tasks.note(decoded.event, payload) : this.agentTasks(spec, decoded.event, payload);
    const signal = tasks === undefined ? mapped : { ...mapped, tasks };
    const received = { signal, receivedAt: performance.now() };
    for (const listener of [...this.signalListeners]) listener(received);
  }

  /** Another agent's todo list, when this call carries one: the ledger's progress for it. */
  private agentTasks(spec: AgentHookSpec, event: string, payload: HookPayload | undefined): HookTasks | undefined {
    const items = payload === undefined ? undefined : spec.todos?.(event, payload);
    return items === undefined ? undefined : this.tasks.replace(items);
  }

  private refuse(refused: RefusedMessage): void {
    for (const listener of [...this.refusalListeners]) listener(refused);
  }
}
