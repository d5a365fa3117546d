// One wrapped session and everything it owns: the PTY relay, reporting, hooks, the native bridge,
// emergency cleanup and hang-up handling. `start()`, then `run()` → exit status; `dispose()` is idempotent.
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { shellStatus, signalName, type ChildExit } from '../pty/exit-status.js';
import { DEFAULT_DONE_AFTER_MS, exitVisible } from '../status/exit-report.js';
import type { SelectedRules } from '../rule-files/load.js';
import { commandBasename } from '../rule-files/command-name.js';
import { sessionLifecycle } from '../rule-files/lifecycle.js';
import { TerminalModes } from '../tty/terminal-modes.js';
import { TerminalWriter } from '../tty/terminal-writer.js';
import type { ClaudeHooks } from './claude-hooks.js';
import type { AgentHooks } from './agent-hooks.js';
import type { ShellIntegration } from '../shell-integration/index.js';
import { onEmergency } from './emergency.js';
import { Relay, type SessionObserver } from './relay.js';
import type { Reporting } from './reporting.js';
import { reportingDisabledBecause } from './reporting-switch.js';
import type { RunOptions } from './run-options.js';
import type { StateRecap } from './title-indicator.js';
import { EarlyOutput } from './early-output.js';
import { reportingCue } from './reporting-cue.js';
import type { HookSignal } from '../hooks/events.js';
import type { TerminalState } from '../signals/terminal-state.js';
import { hasUserRuleFiles } from '../rule-files/load-paths.js';
import { SESSION_ENV } from './session-env.js';
export { SESSION_ENV } from './session-env.js';
/** Fault injection for tests of the crash path: `throw-on-output` / `throw-on-input` throw inside the shim. */
const FAULT_ENV = 'OSF7501_FAULT';

const DEFAULT_SIZE = { cols: 80, rows: 24 };

/** The process surface a session runs on (the CLI's streams, environment and working directory). */
interface SessionIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** What a caller adds to a wrapped session (the recorder of `osf7501 record`, the demo's indicator). */
export interface SessionExtras {
  /** Called with the session's initial size; returns observers to attach. */
  observers?: (size: { cols: number; rows: number }) => SessionObserver[];
  /** Show the state in the window title too, and print a recap of the states on stderr at the end. */
  indicator?: string;
}

/** The session cannot start (bad rules, a `--log` file that cannot be opened): one line, nothing was spawned. */
export class SessionSetupError extends Error {
  override readonly name = 'SessionSetupError';
}

/** Builds a session's reporting once its modules and rules are loaded; `earlier`: the output that went out before. */
type ReportingFactory = (earlier?: readonly Uint8Array[]) => Reporting;

/**
 * Eight random hex digits for the session id (`<pid>-<hex>`), which names the session's files: unique beside
 * the pid, no secret (node:crypto, a score of Node's own modules, would load before the spawn for it).
 */
function randomHex(): string {
  return Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
}

/** One wrapped program from spawn to exit. */
export class WrappedSession {
  private relay: Relay | undefined;
  private reporting: Reporting | undefined;
  /** Claude Code's hooks, or another agent's (Gemini CLI, Qwen Code, Copilot CLI): one at most. */
  private hooks: ClaudeHooks | AgentHooks | undefined;
  /** A wrapped bash's or zsh's OSC 133 marks: its private startup files (none with --no-hooks). */
  private shell: ShellIntegration | undefined;
  /** The states' recap for stderr at the end (only with `extras.indicator`). */
  private recap: StateRecap | undefined;
  private releaseEmergency: (() => void) | undefined;
  /** The terminal's raw mode, switched on in the background from the start of `start()`. */
  private modes: TerminalModes | undefined;
  private releaseModes: (() => void) | undefined;
  /** The child's output while reporting loads after the spawn (see `spawnsFirst`); undefined when it loads before. */
  private early: EarlyOutput | undefined;
  /** Reporting loading after the spawn; settles (never rejects) once it took over the output or gave up. */
  private lateReporting: Promise<void> | undefined;
  /** Why reporting that loaded after the spawn failed (printed at the end: the session went on as passthrough). */
  private lateFault: string | undefined;
  /** Why the hooks' channel failed other than by a HookChannelError (printed at the end: no hooks in the session). */
  private hooksFault: string | undefined;
  /** Hook signals that came before reporting existed, for it in order. */
  private readonly hookSignals: Array<[HookSignal, number]> = [];
  private disposed = false;
  // A hang-up (a killed pane, a closed window) clears the record at once: best effort, no waiting.
  /** The terminal hung up (SIGHUP), maybe before reporting existed: reporting then starts from that. */
  private hungUp = false;
  private readonly onHangup = (): void => {
    this.hungUp = true;
    this.reporting?.reporter.hangup();
  };

  /** `selected`: the rules already chosen for the command (an explicit `--rules` checked by the caller). */
  constructor(
    private readonly path: string,
    private readonly options: RunOptions,
    private readonly io: SessionIo,
    private readonly extras: SessionExtras = {},
    private readonly selected?: SelectedRules,
    /** The terminal's raw mode, when the caller started the switch already; the session restores it. */
    private readonly givenModes?: TerminalModes,
  ) {}

  /**
   * Builds everything up to the spawn; throws a SessionSetupError for bad rules or an unopenable `--log`.
   * Reporting (its modules, the rules, the screen) is built here only when its setup can stop the run
   * (see `spawnsFirst`); else it loads once the child runs, and the child's first output does not wait for it.
   */
  async start(): Promise<void> {
    const { options, io, extras } = this;
    // The two stty runs take as long as starting two programs: they go on while the session is set up and
    // the child spawns (the relay holds the output until the terminal is raw).
    const modes = this.givenModes ?? new TerminalModes(0);
    this.modes = modes;
    this.releaseModes = onEmergency(() => modes.restore());
    void modes.enterRaw();
    const size = { cols: io.stdout.columns || DEFAULT_SIZE.cols, rows: io.stdout.rows || DEFAULT_SIZE.rows };
    // One writer for the child's output and every report, so they reach the terminal in order.
    const terminal = new TerminalWriter(io.stdout);
    const writeTerminal = (bytes: Uint8Array): void => terminal.write(bytes);
    const sessionId = `${process.pid}-${randomHex()}`;
    // What only some sessions need loads only for them (rules and reporting, Claude's hooks, the recap).
    if (extras.indicator !== undefined) this.recap = new (await import('./title-indicator.js')).StateRecap();
    const reports = reportingDisabledBecause(options, io.env) === undefined;
    const factory = reports ? () => this.reportingFactory({ size, sessionId, write: writeTerminal }) : undefined;
    const spawnsFirst = factory !== undefined && this.spawnsFirst();
    if (factory !== undefined && !spawnsFirst) this.reporting = (await factory())();
    if (reports && options.hooks !== false && commandBasename(options.command) === 'claude') {
      const { ClaudeHooks } = await import('./claude-hooks.js');
      this.hooks = ClaudeHooks.prepare(this.path, options.args, io, (signal, at) => this.hookSignal(signal, at));
    } else if (reports && options.hooks !== false) {
      const { agentHookSpecFor } = await import('../hooks/agents/index.js');
      const spec = agentHookSpecFor(commandBasename(options.command));
      if (spec !== undefined) {
        const { AgentHooks } = await import('./agent-hooks.js');
        this.hooks = AgentHooks.prepare(spec, this.path, options.args, io, (signal, at) => this.hookSignal(signal, at));
      }
    }
    const shellName = commandBasename(options.command);
    if (reports && options.hooks !== false && (shellName === 'bash' || shellName === 'zsh')) {
      const { prepareShellIntegration } = await import('../shell-integration/index.js');
      this.shell = prepareShellIntegration(shellName, this.path, options.args, io.env);
    }
    const early = spawnsFirst
      ? new EarlyOutput({ writeTerminal, pause: () => this.relay?.pauseOutput(), resume: () => this.relay?.resumeOutput() })
      : undefined;
    this.early = early;
    const built = this.reporting;
    const relay = new Relay(
      { stdin: io.stdin, stdout: io.stdout },
      {
        // A bare name stays the child's argv[0] (`rm: remove …?`, `$0`), as a shell gives it: node-pty execs its
        // `file` with execvp(3) in the child's environment, which finds the path the shim found; a path is kept.
        file: options.command.includes('/') || !io.env['PATH'] ? this.path : options.command,
        args: this.hooks?.args ?? this.shell?.args ?? options.args,
        cols: size.cols,
        rows: size.rows,
        cwd: io.cwd,
        env: { ...io.env, [SESSION_ENV]: sessionId, ...this.hooks?.childEnv(), ...this.shell?.env },
        term: io.env['TERM'] || 'xterm-256color',
      },
      {
        writeOutput: early ? (chunk) => early.write(chunk) : built ? (chunk) => built.reporter.gate.passOutput(chunk) : writeTerminal,
        ...(reports ? { filterInput: (chunk: Uint8Array) => this.reporting?.native.filterInput(chunk) ?? chunk } : {}),
        throwOnOutput: io.env[FAULT_ENV] === 'throw-on-output',
        modes,
        throwOnInput: io.env[FAULT_ENV] === 'throw-on-input',
        // Output still held for reporting goes out before the terminal is restored.
        beforeRestore: () => this.lateReporting,
      },
    );
    this.relay = relay;
    if (built) relay.attach(built.reporter);
    for (const observer of extras.observers?.(size) ?? []) relay.attach(observer);
    this.releaseEmergency = onEmergency(() => {
      this.early?.release();
      this.hooks?.dispose();
      this.shell?.dispose();
      this.reporting?.reporter.emergencyClear();
      relay.kill('SIGHUP');
      relay.dispose();
      this.reporting?.dispose();
    });
    process.on('SIGHUP', this.onHangup);
    // Reporting's modules and the hooks' FIFO come once the child runs and its output first pauses (or it exits,
    // or writes nothing): they would delay the spawn, and loading them while output streams would slow it.
    const hooks = this.hooks;
    if ((early && factory) || hooks) {
      this.spawned = (exited) => {
        const cue = early ? reportingCue(early, exited, modes.ready()) : Promise.resolve(undefined);
        // A child that has already exited sends no more hooks: no FIFO for it.
        if (hooks) void cue.then((why) => (why?.reason === 'exit' ? undefined : this.openHooks(hooks)));
        if (early && factory) {
          this.lateReporting = this.reportLate(early, async () => {
            const why = await cue;
            // The child ended before reporting was needed: when its exit would add no report (nothing was
            // reported, so there is no record to clear), reporting is not loaded at all.
            if (why?.reason === 'exit' && why.exit !== undefined && (await this.exitLeavesNoRecord(why.exit))) return undefined;
            return factory();
          });
        }
      };
    }
  }

  /** Opens the hooks' channel; a failure leaves the session without hooks (the screen tells the state). */
  private async openHooks(hooks: ClaudeHooks | AgentHooks): Promise<void> {
    try {
      await hooks.open(this.io.env);
    } catch (error) {
      this.hooksFault = error instanceof Error ? error.message : String(error);
    }
  }

  /** Called once the child runs (with its exit): starts the reporting that loads after the spawn. */
  private spawned: ((exited: Promise<ChildExit>) => void) | undefined;

  /** Spawns the child and relays until it exits; resolves to the shell status the shim exits with. Disposes. */
  async run(): Promise<number> {
    if (this.relay === undefined) throw new Error('WrappedSession.run() before start()');
    try {
      const exited = this.relay.run(); // the child is spawned when this returns
      // The child's own exit: `exited` also waits for reporting that loads late (the relay's beforeRestore).
      this.spawned?.(this.relay.childExited() ?? exited);
      const exit = await exited;
      await this.lateReporting;
      const reporter = this.reporting?.reporter;
      reporter?.exit(exit);
      if (this.recap !== undefined && reporter) this.io.stderr.write(this.recap.line());
      for (const notice of this.reporting?.notices() ?? []) this.io.stderr.write(`osf7501: ${notice}\n`);
      if (this.lateFault !== undefined) this.io.stderr.write(`osf7501: no reports in this session: ${this.lateFault}\n`);
      if (this.hooksFault !== undefined) this.io.stderr.write(`osf7501: no hooks in this session: ${this.hooksFault}\n`);
      return shellStatus(exit);
    } finally {
      this.dispose();
    }
  }

  /** Releases everything the session holds (the terminal is restored by the relay). Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    process.off('SIGHUP', this.onHangup);
    this.early?.release();
    this.hooks?.dispose();
    this.shell?.dispose();
    this.reporting?.dispose();
    this.releaseEmergency?.();
    this.relay?.dispose();
    this.modes?.restore();
    this.releaseModes?.();
  }

  /**
   * Whether the child spawns before reporting is built. Not when building it can refuse the run, which must
   * happen before anything runs: user rule files (a bad one stops the run; the bundled ones are checked by
   * the tests), a `--log` file that may not open. Nor with a title prefix: the user's window title is saved
   * before the program's first byte, which may set its own.
   */
  private spawnsFirst(): boolean {
    const { options, extras } = this;
    if (options.log !== undefined || options.title === true || extras.indicator !== undefined) return false;
    return this.selected !== undefined || !hasUserRuleFiles(this.io.env);
  }

  /**
   * Reporting loads while the child runs: once it is built it learns the output so far and takes the output
   * over (one synchronous step, so no chunk comes between). A failure leaves plain passthrough.
   */
  private async reportLate(early: EarlyOutput, factory: () => Promise<ReportingFactory | undefined>): Promise<void> {
    try {
      const create = await factory();
      if (create === undefined) {
        early.release();
        return;
      }
      early.handOver((written) => {
        const relay = this.relay;
        if (this.disposed || relay === undefined) return undefined;
        const reporting = create(written);
        this.reporting = reporting;
        const { reporter } = reporting;
        relay.attach(reporter);
        for (const [signal, at] of this.hookSignals.splice(0)) reporter.hookSignal(signal, at);
        if (this.hungUp) reporter.hangup();
        return { held: (chunk) => reporter.passHeld(chunk), live: (chunk) => reporter.gate.passOutput(chunk) };
      });
    } catch (error) {
      this.lateFault = error instanceof Error ? error.message : String(error);
      early.release();
    }
    this.hookSignals.length = 0;
  }

  /**
   * Loads reporting's modules and chooses the rules; resolves to the step that builds it, synchronous, so
   * that a session whose child already runs hands it the output so far in the same turn (`earlier`).
   */
  private async reportingFactory(ctx: { size: { cols: number; rows: number }; sessionId: string; write: (bytes: Uint8Array) => void }): Promise<ReportingFactory> {
    const { options, io, extras } = this;
    // Loaded side by side: the rule files' modules, reporting's and the tty name's are one wait, not three.
    const reportingModule = import('./reporting.js');
    const ttyModule = import('../inbox/tty-name.js');
    const selected = this.selected ?? (await this.selectRules());
    const { createReporting } = await reportingModule;
    const tty = (await ttyModule).terminalName();
    const indicator = extras.indicator ?? (options.title === true ? basename(options.command) : undefined);
    const child = {
      write: (bytes: Uint8Array) => this.relay?.writeToChild(bytes),
      pid: () => this.relay?.pid,
      foregroundName: () => this.relay?.foregroundName(),
      ptsPath: () => this.relay?.ptsPath(),
      spawnedAt: () => this.relay?.spawnedAt,
    };
    return (earlier) => {
      try {
        return createReporting(options, {
          env: io.env,
          cwd: io.cwd,
          size: ctx.size,
          write: ctx.write,
          child,
          selected,
          session: { id: ctx.sessionId, ...(tty === undefined ? {} : { tty }) },
          ...(indicator === undefined ? {} : { titlePrefix: indicator }),
          ...(extras.indicator === undefined ? {} : { onReport: (r) => this.recap?.add(r) }),
          ...(earlier === undefined ? {} : { earlier }),
          // Only a recorder takes the terminal's states (as markers): without one they are read only when they count.
          ...(extras.observers === undefined ? {} : { onTerminalState: (state: TerminalState) => this.relay?.noteTerminal(state) }),
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== undefined && options.log !== undefined) throw new SessionSetupError(`--log ${options.log}: cannot open: ${code}`);
        throw error;
      }
    };
  }

  /**
   * Whether reporting built now, at the child's exit, would write nothing: no report has been made (reporting
   * does not exist; no hook has spoken) and the exit's own report would be a `clear`, or none (`--on-exit
   * keep`). A clear goes only to a record that exists (src/signals/signal-policy.ts).
   */
  private async exitLeavesNoRecord(exit: ChildExit): Promise<boolean> {
    if (this.hookSignals.length > 0) return false;
    const spawnedAt = this.relay?.spawnedAt;
    // A plain program that ran past the done threshold reports `done` at its exit (spec/signals.md, "Any program");
    // the rules (which say whether it is a plain program) are read only for a run that long.
    const long = spawnedAt !== undefined && performance.now() - spawnedAt >= (this.options.doneAfterMs ?? DEFAULT_DONE_AFTER_MS);
    const ranLong = long && sessionLifecycle(this.selected ?? (await this.selectRules()), this.options.command, this.options.args) === 'program';
    const visible = exitVisible(this.options.command, { code: exit.code, signal: exit.signal ? signalName(exit.signal) : null, ranLong }, this.options.onExit ?? 'result');
    return visible === null || visible.state === 'clear';
  }

  /** A lifecycle hook reported; before reporting exists it waits for it. */
  private hookSignal(signal: HookSignal, at: number): void {
    this.relay?.noteHook(signal);
    if (this.reporting) this.reporting.reporter.hookSignal(signal, at);
    else if (this.early !== undefined) this.hookSignals.push([signal, at]);
  }

  /** The rules for the command, read once for the whole session. */
  private async selectRules(): Promise<SelectedRules> {
    const { options, io } = this;
    const { selectRules } = await import('../rule-files/load.js');
    const { RuleError } = await import('../rules/errors.js');
    try {
      return selectRules(commandBasename(options.command), {
        env: io.env,
        cwd: io.cwd,
        ...(options.rules === undefined ? {} : { rules: options.rules }),
      });
    } catch (error) {
      if (error instanceof RuleError) throw new SessionSetupError(error.message);
      throw error;
    }
  }
}
