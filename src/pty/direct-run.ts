// Runs a command with the shim's own stdio when there is no terminal to wrap (pipes, CI, nesting).
import { spawn } from 'node:child_process';
import { EXIT } from '../exit/codes.js';
import { shellStatus, signalNumber } from './exit-status.js';

/** Signals forwarded to a directly run child; SIGINT/SIGQUIT only when no terminal sends them itself. */
const ALWAYS_FORWARDED: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP'];
const KEYBOARD_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGQUIT'];

/** What to run directly. */
interface DirectRunOptions {
  path: string;
  args: string[];
  /** argv[0] as the user typed it. */
  argv0: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** True when stdin is a terminal: its ^C reaches the child's process group by itself. */
  stdinIsTerminal: boolean;
}

/** Runs the command with inherited stdio and resolves to its shell-style status. */
export function runDirect(options: DirectRunOptions): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(options.path, options.args, {
      argv0: options.argv0,
      stdio: 'inherit',
      env: options.env,
      cwd: options.cwd,
    });
    const forwarded = options.stdinIsTerminal ? ALWAYS_FORWARDED : [...ALWAYS_FORWARDED, ...KEYBOARD_SIGNALS];
    const ignored = options.stdinIsTerminal ? KEYBOARD_SIGNALS : [];
    const forward = (signal: NodeJS.Signals): void => {
      child.kill(signal);
    };
    const ignore = (): void => {};
    for (const s of forwarded) process.on(s, forward);
    for (const s of ignored) process.on(s, ignore);
    const cleanup = (): void => {
      for (const s of forwarded) process.off(s, forward);
      for (const s of ignored) process.off(s, ignore);
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      cleanup();
      resolve(error.code === 'ENOENT' ? EXIT.notFound : EXIT.notExecutable);
    });
    child.once('exit', (code, signal) => {
      cleanup();
      resolve(signal ? shellStatus({ code: 0, signal: signalNumber(signal) }) : (code ?? 0));
    });
  });
}
