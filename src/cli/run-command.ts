// `osf7501 [options] [--] <command> [args...]`: wrap the command, or run it directly when wrapping can't help.
import { basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { runDirect } from '../pty/direct-run.js';
import { shellStatus } from '../pty/exit-status.js';
import { resolveCommand } from '../pty/resolve-command.js';
import { RuleError } from '../rules/errors.js';
import { commandBasename, selectRules } from '../rule-files/load.js';
import { Relay, type SessionObserver } from '../session/relay.js';
import type { Reporting } from '../session/reporting.js';
import { reportingDisabledBecause } from '../session/reporting-switch.js';
import type { ExitPolicy } from '../status/index.js';
import type { Report } from '../protocol/index.js';
import { StateRecap } from '../session/title-indicator.js';
import { TerminalWriter } from '../tty/terminal-writer.js';
import type { NotifyMode } from '../inbox/notifier.js';
import { terminalName } from '../inbox/tty-name.js';
import { onEmergency } from './emergency.js';
import type { HookServer } from '../hook-channel/index.js';
import type { StatusReporter } from '../session/status-reporter.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';

/** Set in the child's environment: marks an osf7501 session (its value is the session id). */
export const SESSION_ENV = 'OSF7501_SESSION';
/** Fault injection for tests of the crash path: `throw-on-output` throws inside the shim. */
export const FAULT_ENV = 'OSF7501_FAULT';

const DEFAULT_SIZE = { cols: 80, rows: 24 };

/** Parsed options of the run command. */
export interface RunOptions {
  command: string;
  args: string[];
  /** `--rules NAME|FILE`. */
  rules?: string;
  /** `--interval MS`: longest time between sweeps while output streams. */
  intervalMs?: number;
  /** `--on-exit`. */
  onExit?: ExitPolicy;
  /** `--no-tmux-wrap` sets false. */
  tmuxWrap?: boolean;
  /** `--no-report` sets false. */
  report?: boolean;
  /** `--no-native` sets false. */
  native?: boolean;
  /** `--no-hooks` sets false. */
  hooks?: boolean;
  /** `--id`: the record id (already validated). */
  id?: string;
  /** `--tmux-levels`. */
  tmuxLevels?: number;
  /** `--log FILE`. */
  log?: string;
  /** `--notify` (terminal) / `--notify-desktop` (terminal and desktop). */
  notify?: NotifyMode;
  /** `--title`: the state's glyph and text in the window title (the user's title saved and restored). */
  title?: boolean;
}

/** What a caller adds to a wrapped session (the recorder of `osf7501 record`). */
export interface RunExtras {
  /** Called with the session's initial size; returns observers to attach. */
  observers?: (size: { cols: number; rows: number }) => SessionObserver[];
  /** Refuse to run unwrapped (no terminal): the caller needs the PTY. */
  requireTerminal?: string;
  /** Show the state in the window title too, and print a recap of the states on stderr at the end. */
  indicator?: string;
}

/** Runs the command and resolves to the status the shim should exit with. */
export async function runCommand(options: RunOptions, io: CliIo, extras: RunExtras = {}): Promise<number> {
  const resolution = resolveCommand(options.command, io.env, io.cwd);
  if (!resolution.ok) {
    const what = resolution.reason === 'not-found' ? 'command not found' : 'permission denied';
    io.stderr.write(`osf7501: ${what}: ${options.command}\n`);
    return resolution.reason === 'not-found' ? EXIT.notFound : EXIT.notExecutable;
  }
  if (options.rules !== undefined) {
    // An explicit --rules is checked even when the command then runs unwrapped: the user asked for it.
    try {
      selectRules(commandBasename(options.command), { rules: options.rules, env: io.env, cwd: io.cwd });
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      io.stderr.write(`osf7501: ${error.message}\n`);
      return EXIT.usage;
    }
  }
  const nested = io.env[SESSION_ENV] !== undefined && io.env[SESSION_ENV] !== '';
  const terminal = io.stdin.isTTY === true && io.stdout.isTTY === true;
  if ((nested || !terminal) && extras.requireTerminal !== undefined) {
    io.stderr.write(`osf7501: ${extras.requireTerminal}\n`);
    return EXIT.usage;
  }
  if (nested || !terminal) {
    return runDirect({
      path: resolution.path,
      args: options.args,
      argv0: options.command,
      env: io.env,
      cwd: io.cwd,
      stdinIsTerminal: io.stdin.isTTY === true,
    });
  }
  return runWrapped(resolution.path, options, io, extras);
}

async function runWrapped(path: string, options: RunOptions, io: CliIo, extras: RunExtras): Promise<number> {
  const size = { cols: io.stdout.columns || DEFAULT_SIZE.cols, rows: io.stdout.rows || DEFAULT_SIZE.rows };
  // One writer for the child's output and every report, so they reach the terminal in order.
  const terminal = new TerminalWriter(io.stdout);
  const writeTerminal = (bytes: Uint8Array): void => terminal.write(bytes);
  const sessionId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tty = terminalName();
  const reportingOptions = {
    session: { id: sessionId, args: options.args, ...(tty === undefined ? {} : { tty }) },
    ...(options.notify === undefined ? {} : { notify: options.notify }),
    command: options.command,
    onExit: options.onExit ?? 'result',
    tmuxWrap: options.tmuxWrap ?? true,
    report: options.report ?? true,
    native: options.native ?? true,
    env: io.env,
    cwd: io.cwd,
    ...(options.rules === undefined ? {} : { rules: options.rules }),
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.id === undefined ? {} : { id: options.id }),
    ...(options.tmuxLevels === undefined ? {} : { tmuxLevels: options.tmuxLevels }),
    ...(extras.indicator !== undefined
      ? { titlePrefix: extras.indicator, onReport: (r: Report) => recap.add(r) }
      : options.title === true
        ? { titlePrefix: basename(options.command) }
        : {}),
  };
  const recap = new StateRecap();
  let reporting: Reporting | undefined;
  if (reportingDisabledBecause(reportingOptions) === undefined) {
    try {
      const { createReporting } = await import('../session/reporting.js');
      reporting = createReporting(reportingOptions, size, writeTerminal);
    } catch (error) {
      if (error instanceof RuleError) {
        io.stderr.write(`osf7501: ${error.message}\n`);
        return EXIT.usage;
      }
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== undefined && options.log !== undefined) {
        io.stderr.write(`osf7501: --log ${options.log}: cannot open: ${code}\n`);
        return EXIT.usage;
      }
      throw error;
    }
  }
  const reporter = reporting?.reporter;
  const hooks = reporter && options.hooks !== false ? await startHooks(path, options, io, reporter) : undefined;
  const relay = new Relay(
    { stdin: io.stdin, stdout: io.stdout },
    {
      file: path,
      args: hooks?.args ?? options.args,
      cols: size.cols,
      rows: size.rows,
      cwd: io.cwd,
      env: { ...io.env, [SESSION_ENV]: sessionId, ...hooks?.server.childEnv() },
      term: io.env['TERM'] || 'xterm-256color',
    },
    {
      writeOutput: reporter ? (chunk: Uint8Array) => reporter.gate.passOutput(chunk) : writeTerminal,
      ...(reporting ? { filterInput: (chunk: Uint8Array) => (reporting as Reporting).native.filterInput(chunk) } : {}),
      throwOnOutput: io.env[FAULT_ENV] === 'throw-on-output',
    },
  );
  if (reporter) relay.attach(reporter);
  reporting?.connectChild({
    write: (bytes) => relay.writeToChild(bytes),
    pid: () => relay.pid,
    foregroundName: () => relay.foregroundName(),
  });
  for (const observer of extras.observers?.(size) ?? []) relay.attach(observer);
  const release = onEmergency(() => {
    hooks?.server.dispose();
    reporter?.emergencyClear();
    relay.kill('SIGHUP');
    relay.dispose();
    reporting?.dispose();
  });
  // A hang-up (a killed pane, a closed window) clears the record at once: best effort, no waiting.
  const onHangup = (): void => reporter?.hangup();
  process.on('SIGHUP', onHangup);
  try {
    const exit = await relay.run();
    reporter?.exit(exit);
    if (extras.indicator !== undefined && reporter) io.stderr.write(recap.line());
    for (const notice of reporting?.notices() ?? []) io.stderr.write(`osf7501: ${notice}\n`);
    return shellStatus(exit);
  } finally {
    process.off('SIGHUP', onHangup);
    hooks?.server.dispose();
    reporting?.dispose();
    release();
  }
}

/**
 * For `claude`: lifecycle hooks for this launch only, merged into its one `--settings`, reporting
 * over a private socket. Anything that goes wrong leaves claude's command line exactly as given.
 */
async function startHooks(
  path: string,
  options: RunOptions,
  io: CliIo,
  reporter: StatusReporter,
): Promise<{ server: HookServer; args: string[] } | undefined> {
  if (commandBasename(options.command) !== 'claude') return undefined;
  const { claudeVersionAt, defaultHookCommand, HookChannelError, HookServer, hookEventsFor, injectClaudeHooks } = await import(
    '../hook-channel/index.js'
  );
  let server: HookServer;
  try {
    server = await HookServer.start({ env: io.env });
  } catch (error) {
    if (error instanceof HookChannelError) return undefined;
    throw error;
  }
  const injected = injectClaudeHooks(options.args, {
    hookCommand: defaultHookCommand(),
    events: hookEventsFor(claudeVersionAt(path)),
    cwd: io.cwd,
    spillDir: server.directory,
  });
  if (!injected.injected) {
    server.dispose();
    return undefined;
  }
  server.onSignal(({ signal, receivedAt }) => reporter.hookSignal(signal, receivedAt));
  return { server, args: injected.argv };
}
