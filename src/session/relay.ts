// The data path of a wrapped session: terminal ⇄ PTY, byte-exact, with signals, resizes and restore.
import { isatty } from 'node:tty';
import { PtySession, type PtySpawnOptions } from '../pty/pty-session.js';
import type { ChildExit } from '../pty/exit-status.js';
import { TerminalModes } from '../tty/terminal-modes.js';
import type { TerminalState } from '../signals/terminal-state.js';
import type { HookSignal } from '../hooks/events.js';

/** The user's side of the session. */
interface RelayIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

/** Watches a session from the side (shadow screen, recorder, …); its faults never touch the byte path. */
export interface SessionObserver {
  /** Every output chunk, after it has been written to the terminal; valid only during the call (copy to keep). */
  output?(chunk: Uint8Array): void;
  /** The PTY's new size, after the child was told. */
  resize?(cols: number, rows: number): void;
  /** The terminal's own state as the session read it (termios, /proc), in order with the output. */
  terminalState?(state: TerminalState): void;
  /** The user's keys reached the child (after the write; what they were is not told). */
  input?(): void;
  /** A lifecycle hook reported (its mapped signal), in order with the output. */
  hook?(signal: HookSignal): void;
}

const notifyInput = (observer: SessionObserver): void => observer.input?.();

/** Options of a relay beyond what to spawn. */
interface RelayOptions {
  /**
   * Writes child output to the terminal: a TerminalWriter, or the report gate in front of one (which
   * interleaves reports). It must write or copy the chunk before it returns (the memory is reused).
   */
  writeOutput: (chunk: Uint8Array) => void;
  /** Filters the user's input on its way to the child (the native bridge's duplicate-reply cut). */
  filterInput?: (chunk: Uint8Array) => Uint8Array;
  /** Fault injection for tests of the crash path: throw from the output path, as a shim bug would. */
  throwOnOutput?: boolean;
  /**
   * The terminal's raw-mode period, when the caller started the switch early (it runs in the background
   * while the session starts); default: one started by `run()`. The relay restores it either way.
   */
  modes?: TerminalModes;
  /** Fault injection: throw from the input path once the user's keys reached the child (a crash mid-session). */
  throwOnInput?: boolean;
  /**
   * After the child exited and its output was relayed: awaited before the terminal is restored, so output
   * the caller still holds (while reporting loads) reaches the terminal while it is raw. Must settle.
   */
  beforeRestore?: () => Promise<void> | undefined;
}

/** Signals the shim passes on to the child when it receives them itself. */
const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'];

/** Runs one child in a PTY attached to the user's terminal; `run()` resolves to the shell status. */
export class Relay {
  private readonly modes: TerminalModes;
  private session: PtySession | undefined;
  private readonly observers: SessionObserver[] = [];
  private readonly cleanups: Array<() => void> = [];
  private disposed = false;
  private hungUp = false;
  private readonly writeOutput: (chunk: Uint8Array) => void;
  /** Output that came before the terminal was raw (copies), written once it is; undefined after. */
  private held: Uint8Array[] | undefined = [];

  constructor(
    private readonly io: RelayIo,
    private readonly spawnOptions: PtySpawnOptions,
    private readonly options: RelayOptions,
  ) {
    this.modes = options.modes ?? new TerminalModes(0);
    this.writeOutput = options.writeOutput;
  }

  /** Adds an observer; one that throws is cut off and the bytes keep flowing. */
  attach(observer: SessionObserver): void {
    this.observers.push(observer);
  }

  /** Spawns the child, relays until it exits and its output is drained, restores the terminal. */
  async run(): Promise<ChildExit> {
    // The switch to raw mode runs beside the spawn: the child starts at once, its output waits for the
    // switch (the terminal must be raw before the first byte reaches it), and so does reading the input.
    const raw = this.modes.enterRaw();
    this.cleanups.push(() => this.modes.restore());
    const session = new PtySession(this.spawnOptions);
    this.session = session;
    this.cleanups.push(() => session.dispose());

    session.onData((chunk) => this.onOutput(chunk));
    this.relayResize(session);
    this.relaySignals(session);
    void raw.then(() => this.rawReady(session));

    const exit = await session.exited();
    // A child that exits before the switch is over: its output and the restore come after the switch.
    await raw;
    this.rawReady(session);
    await this.options.beforeRestore?.();
    this.dispose();
    return exit;
  }

  /**
   * The child's exit once it has exited and its output was read (not yet relayed, if the terminal is not raw
   * yet): what `run()` resolves to before it winds down. Undefined before `run()`.
   */
  childExited(): Promise<ChildExit> | undefined {
    return this.session?.exited();
  }

  /** The child's pid once spawned. */
  get pid(): number | undefined {
    return this.session?.pid;
  }

  /** The PTY's slave path, once spawned. */
  ptsPath(): string | undefined {
    return this.session?.ptsPath();
  }

  /** When the child was spawned (performance.now()), once it was. */
  get spawnedAt(): number | undefined {
    return this.session?.spawnedAt;
  }

  /** node-pty's name for the PTY's foreground process (macOS: the only foreground fact there is). */
  foregroundName(): string | undefined {
    return this.session?.foregroundName();
  }

  /** The session read a new terminal state: observers (a recorder) learn it after the output before it. */
  noteTerminal(state: TerminalState): void {
    this.notify((observer) => observer.terminalState?.(state));
  }

  /** A lifecycle hook reported: observers (a recorder) learn it after the output before it. */
  noteHook(signal: HookSignal): void {
    this.notify((observer) => observer.hook?.(signal));
  }

  /** Writes bytes to the child's input, as if typed (answers to its queries). */
  writeToChild(bytes: Uint8Array): void {
    this.session?.write(bytes);
  }

  /** Stops reading the child's output until `resumeOutput()` (the kernel's buffer then holds the child back). */
  pauseOutput(): void {
    this.session?.pause();
  }

  /** Reads the child's output again after `pauseOutput()`. */
  resumeOutput(): void {
    this.session?.resume();
  }

  /** Sends a signal to the child. */
  kill(signal: NodeJS.Signals): void {
    this.session?.kill(signal);
  }

  /** Stops relaying and restores the terminal. Idempotent; does not wait for the child. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const cleanup of this.cleanups.reverse()) {
      try {
        cleanup();
      } catch {
        // Keep restoring the rest.
      }
    }
    this.cleanups.length = 0;
  }

  /** The terminal is raw (or could not be made so): write what was held, then relay input. Once. */
  private rawReady(session: PtySession): void {
    const held = this.held;
    if (held === undefined || this.disposed) return;
    this.held = undefined;
    for (const chunk of held) this.onOutput(chunk);
    this.relayInput(session);
  }

  private onOutput(chunk: Uint8Array): void {
    if (this.held !== undefined) {
      this.held.push(Uint8Array.prototype.slice.call(chunk));
      return;
    }
    // The terminal comes first: the write is synchronous for a TTY, so observers run after it.
    this.writeOutput(chunk);
    this.notify((observer) => observer.output?.(chunk));
    if (this.options.throwOnOutput) throw new Error('fault injected: throw-on-output');
  }

  private notify(call: (observer: SessionObserver) => void): void {
    for (let i = 0; i < this.observers.length; i++) {
      const observer = this.observers[i] as SessionObserver;
      try {
        call(observer);
      } catch {
        // An observer fault degrades to plain passthrough: that observer is cut off.
        this.observers.splice(i, 1);
        i--;
      }
    }
  }

  private relayInput(session: PtySession): void {
    const stdin = this.io.stdin;
    const filter = this.options.filterInput;
    const onData = (chunk: Buffer): void => {
      const bytes = filter ? filter(chunk) : chunk;
      if (bytes.length > 0) {
        session.write(bytes);
        this.notify(notifyInput);
      }
      if (this.options.throwOnInput) throw new Error('fault injected: throw-on-input');
    };
    // A terminal's input ends only when the terminal hung up (raw mode has no end-of-file key). The
    // kernel then sends SIGHUP, but only to a process whose controlling terminal it was: a shim started
    // without one (setsid, some service managers) would relay for a terminal that is gone, its child
    // alive for ever. Then the shim sends the SIGHUP itself, so the child and the record go as usual.
    const fd = (stdin as { fd?: number }).fd ?? 0;
    const onEnd = (): void => {
      if (!this.disposed && !this.hungUp && !isatty(fd)) process.kill(process.pid, 'SIGHUP');
    };
    // A terminal that hangs up answers the read under way with EIO as often as with end-of-file (a race
    // in the kernel's hang-up); Node emits that as 'error', which without a listener is thrown: the shim
    // died as an internal error (70) instead of exiting with the child's status. It is the same end.
    // The listener stays after the session: a read already under way can still fail during the exit.
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', onEnd);
    stdin.resume();
    this.cleanups.push(() => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause();
    });
  }

  private relayResize(session: PtySession): void {
    const stdout = this.io.stdout;
    const onResize = (): void => {
      session.resize(stdout.columns, stdout.rows);
      this.notify((observer) => observer.resize?.(stdout.columns, stdout.rows));
    };
    stdout.on('resize', onResize);
    this.cleanups.push(() => stdout.off('resize', onResize));
  }

  private relaySignals(session: PtySession): void {
    for (const signal of FORWARDED_SIGNALS) {
      const forward = (): void => {
        if (signal === 'SIGHUP') this.hungUp = true;
        session.kill(signal);
      };
      process.on(signal, forward);
      this.cleanups.push(() => process.off(signal, forward));
    }
    const onContinue = (): void => this.modes.reapplyRaw();
    process.on('SIGCONT', onContinue);
    this.cleanups.push(() => process.off('SIGCONT', onContinue));
    // A terminal that went away (EIO/EPIPE on write) must not crash the shim: the child still gets
    // its SIGHUP and the shim still exits with its status.
    // The listener stays after the session, as stdin's does: a write under way can fail during the exit.
    this.io.stdout.on('error', () => {});
  }
}


