// Owns one child in a pseudo-terminal: spawn, raw-byte output, input, resize, signals, exit, drain.
import { performance } from 'node:perf_hooks';
import { readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as NodePty from 'node-pty';
import type { ChildExit } from './exit-status.js';
import type { ReadBufferReclaimer } from './read-buffer-reclaimer.js';
import { PtyInput } from './pty-input.js';
import { readIntoReusedBuffer } from './reused-read-buffer.js';

/** What a PtySession needs to start a child. */
export interface PtySpawnOptions {
  file: string;
  args: string[];
  cols: number;
  rows: number;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The TERM name given to the child. */
  term: string;
  /**
   * How output is read: into one reused buffer when this Node allows it (the default), or as
   * node-pty's 'data' events (each read a fresh Buffer; the fallback, selectable for its tests).
   */
  reads?: 'reused-buffer' | 'data-events';
}

/** Largest read of the final drain; the kernel hands a pty's output over in ≤ 4 KB pieces anyway. */
const DRAIN_READ_BYTES = 64 * 1024;
/** Upper bound on drain reads, so a misbehaving fd can never spin forever (64 MB at most). */
const DRAIN_MAX_READS = 1024;

/**
 * node-pty's internals this class relies on for the final drain (see `drainAfterEnd`).
 * Checked at runtime: if a node-pty version lacks them, the drain is skipped, never crashes.
 */
interface NodePtyInternals {
  _socket?: Readable;
  _fd?: number;
}

/**
 * node-pty, a CommonJS package, through require: imported as an ES module Node would first lex its source
 * for the export names (a few ms of the start-up, before the spawn).
 */
const pty = createRequire(import.meta.url)('node-pty') as typeof NodePty;

/** One child process in a PTY; `dispose()` is idempotent and releases every listener. */
export class PtySession {
  readonly pid: number;
  private readonly term: NodePty.IPty;
  private readonly dataListeners: Array<(chunk: Uint8Array) => void> = [];
  private readonly disposables: NodePty.IDisposable[] = [];
  private exitPromise: Promise<ChildExit>;
  private disposed = false;
  private reusedBuffer = false;
  /** The child's input, written on this thread; undefined when node-pty's internals lack the descriptor. */
  private readonly input: PtyInput | undefined;

  constructor(options: PtySpawnOptions) {
    this.term = pty.spawn(options.file, options.args, {
      name: options.term,
      cols: options.cols,
      rows: options.rows,
      cwd: options.cwd,
      env: options.env,
      encoding: null,
    } as NodePty.IPtyForkOptions);
    this.pid = this.term.pid;
    const fd = (this.term as unknown as NodePtyInternals)._fd;
    this.input = typeof fd === 'number' ? new PtyInput(fd) : undefined;
    this.listenForOutput(options.reads ?? 'reused-buffer');
    this.stopInputWithOutput();
    this.drainAfterEnd();
    this.exitPromise = new Promise((resolve) => {
      this.disposables.push(
        this.term.onExit(({ exitCode, signal }) => {
          resolve(signal ? { code: exitCode, signal } : { code: exitCode });
        }),
      );
    });
  }

  /**
   * Registers a listener for every chunk of the child's output, in order. A chunk is valid only during
   * the call (the next read may reuse its memory): a listener copies what it keeps.
   */
  onData(listener: (chunk: Uint8Array) => void): void {
    this.dataListeners.push(listener);
  }

  /** True when output is read into one reused buffer (false: node-pty's 'data' events). */
  get readsIntoReusedBuffer(): boolean {
    return this.reusedBuffer;
  }

  /** Resolves once the child has exited and all of its output has been delivered. */
  exited(): Promise<ChildExit> {
    return this.exitPromise;
  }

  /**
   * Sends bytes to the child as if typed, in order; what the child has no room for yet waits (see PtyInput).
   * Bytes that come once the child's side of the PTY is closed (it exited) go nowhere.
   */
  write(bytes: Uint8Array): void {
    if (this.disposed) return;
    if (this.input !== undefined) this.input.write(bytes);
    else this.term.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  /** Bytes written but not yet taken by the child's PTY (0 once it closed). */
  get pendingInput(): number {
    return this.input?.pending ?? 0;
  }

  /** Changes the PTY's size; the child gets SIGWINCH. */
  resize(cols: number, rows: number): void {
    if (this.disposed || cols < 1 || rows < 1) return;
    try {
      this.term.resize(cols, rows);
    } catch {
      // The child may have exited between the check and the ioctl: nothing to resize.
    }
  }

  /** Sends a signal to the child's process (not just the PTY's foreground group). */
  kill(signal: NodeJS.Signals): void {
    try {
      process.kill(this.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** Stops reading the child's output (backpressure). */
  pause(): void {
    if (!this.disposed) this.term.pause();
  }

  /** Resumes reading the child's output. */
  resume(): void {
    if (!this.disposed) this.term.resume();
  }

  /**
   * The foreground process's name as node-pty reads it: macOS, the kernel's name (p_comm) of the PTY's
   * foreground process group; Linux, that group leader's argv[0]. node-pty answers the spawned file's
   * name when the lookup fails. Undefined once disposed or when the PTY is closed.
   */
  /** The PTY's slave (`/dev/pts/N`, node-pty's private `_pty`): where termios is read; undefined once disposed. */
  ptsPath(): string | undefined {
    if (this.disposed) return undefined;
    const name = (this.term as unknown as { _pty?: unknown })._pty;
    return typeof name === 'string' && name.startsWith('/dev/') ? name : undefined;
  }

  /** When the child was spawned (performance.now()). */
  readonly spawnedAt = performance.now();

  foregroundName(): string | undefined {
    if (this.disposed) return undefined;
    try {
      return this.term.process;
    } catch {
      return undefined;
    }
  }

  /** Releases listeners; does not kill the child. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.input?.close();
    for (const d of this.disposables) d.dispose();
    this.dataListeners.length = 0;
  }

  /**
   * Output arrives in one reused buffer when this Node allows it, else as node-pty's 'data' events.
   * The 'data' listener stays in either case: a runtime that accepted the switch but still pushed a read
   * to the stream would deliver it there, so no read can be lost. Each read comes by exactly one path.
   */
  private listenForOutput(reads: 'reused-buffer' | 'data-events'): void {
    let reclaimer: ReadBufferReclaimer | undefined;
    // With `encoding: null` node-pty delivers Buffers; its typings still say string.
    this.disposables.push(
      this.term.onData((data) => {
        const chunk = data as unknown as Uint8Array;
        this.emit(chunk);
        // Each 'data' chunk is a fresh Buffer: give their memory back as output streams.
        reclaimer?.note(chunk.length);
      }),
    );
    const socket = (this.term as unknown as NodePtyInternals)._socket;
    this.reusedBuffer = reads === 'reused-buffer' && readIntoReusedBuffer(socket, (chunk) => this.emit(chunk));
    // The reclaimer serves the 'data' events only: loaded when they are the way output comes (its first
    // collection is due after a MiB of output, long after it has loaded).
    if (!this.reusedBuffer) {
      void import('./read-buffer-reclaimer.js').then(
        ({ ReadBufferReclaimer: Reclaimer }) => (reclaimer = new Reclaimer()),
        () => undefined,
      );
    }
  }

  private emit(chunk: Uint8Array): void {
    for (const listener of this.dataListeners) listener(chunk);
  }

  /**
   * The output's end, error or close means the child's side of the PTY hung up and node-pty is about to
   * close the descriptor (it does so right after these events): input stops first, on this same thread.
   */
  private stopInputWithOutput(): void {
    const socket = (this.term as unknown as NodePtyInternals)._socket;
    if (this.input === undefined || !socket) return;
    const stop = (): void => this.input?.close();
    for (const event of ['end', 'error', 'close']) socket.once(event, stop);
  }

  /**
   * Delivers the output that node-pty would lose (upstream microsoft/node-pty#72).
   *
   * libuv ends a tty stream when poll() reports POLLHUP after a short read, assuming a short read
   * means the kernel buffer is empty. A pty hands its buffer over in pieces, so when the child
   * exits right after writing, the last kilobytes are still in the kernel when the stream ends.
   * On 'end' the fd is still open: read it synchronously until the kernel says EIO (slave closed
   * and nothing left) or EAGAIN (another process still holds the slave open).
   */
  private drainAfterEnd(): void {
    const internals = this.term as unknown as NodePtyInternals;
    const socket = internals._socket;
    const fd = internals._fd;
    if (!socket || typeof fd !== 'number') return;
    socket.once('end', () => {
      const buffer = Buffer.allocUnsafe(DRAIN_READ_BYTES);
      for (let i = 0; i < DRAIN_MAX_READS; i++) {
        let n: number;
        try {
          n = readSync(fd, buffer, 0, buffer.length, null);
        } catch {
          return; // EIO: drained; EAGAIN: nothing more now; EBADF: closed.
        }
        if (n <= 0) return;
        this.emit(Buffer.from(buffer.subarray(0, n)));
      }
    });
  }
}
