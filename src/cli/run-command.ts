// `osf7501 [options] [--] <command> [args...]`: resolve the command, then run it wrapped, or directly when wrapping can't help.
import { resolveCommand } from '../pty/resolve-command.js';
import type { SelectedRules } from '../rule-files/load.js';
import type { RunOptions } from '../session/run-options.js';
import type { SessionExtras } from '../session/wrapped-session.js';
import { onEmergency } from '../session/emergency.js';
import { SESSION_ENV } from '../session/session-env.js';
import { TerminalModes } from '../tty/terminal-modes.js';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';

export type { RunOptions } from '../session/run-options.js';

/** What a caller adds to a run (the recorder of `osf7501 record`, the demo). */
interface RunExtras extends SessionExtras {
  /** Refuse to run unwrapped (no terminal): the caller needs the PTY. */
  requireTerminal?: string;
}

/** Runs the command and resolves to the status the shim should exit with. */
export async function runCommand(options: RunOptions, io: CliIo, extras: RunExtras = {}): Promise<number> {
  const resolution = resolveCommand(options.command, io.env, io.cwd);
  if (!resolution.ok) {
    const what = resolution.reason === 'not-found' ? 'command not found' : 'permission denied';
    io.stderr.write(`osf7501: ${what}: ${options.command}\n`);
    return resolution.reason === 'not-found' ? EXIT.notFound : EXIT.notExecutable;
  }
  let selected: SelectedRules | undefined;
  if (options.rules !== undefined) {
    // An explicit --rules is checked even when the command then runs unwrapped: the user asked for it.
    // The rule modules load only when they are needed: `osf7501 --no-report CMD` never reads a rule file.
    const { commandBasename, selectRules } = await import('../rule-files/load.js');
    const { RuleError } = await import('../rules/errors.js');
    try {
      selected = selectRules(commandBasename(options.command), { rules: options.rules, env: io.env, cwd: io.cwd });
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
    const { runDirect } = await import('../pty/direct-run.js');
    return runDirect({
      path: resolution.path,
      args: options.args,
      argv0: options.command,
      env: io.env,
      cwd: io.cwd,
      stdinIsTerminal: io.stdin.isTTY === true,
    });
  }
  // The command will be wrapped: the terminal's switch to raw mode starts now, while the session's code
  // loads (the first bytes wait for it). The session restores it; until it exists, a crash (or a failed
  // load) restores it here.
  const modes = new TerminalModes(0);
  const releaseModes = onEmergency(() => modes.restore());
  void modes.enterRaw();
  try {
    const { SessionSetupError, WrappedSession } = await import('../session/wrapped-session.js');
    const session = new WrappedSession(resolution.path, options, io, extras, selected, modes);
    try {
      await session.start();
    } catch (error) {
      session.dispose();
      if (!(error instanceof SessionSetupError)) throw error;
      io.stderr.write(`osf7501: ${error.message}\n`);
      return EXIT.usage;
    }
    return await session.run();
  } finally {
    modes.restore(); // a no-op once the session restored it
    releaseModes();
  }
}
