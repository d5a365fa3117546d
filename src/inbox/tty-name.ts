// The user's terminal device (`/dev/pts/3`), for `ls`'s TTY column: which window a session is in.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';

/** Longest the `tty` command may take (ms): it answers at once, but the shim must never hang on it. */
const TTY_COMMAND_TIMEOUT_MS = 1_000;

/** The device of stdin when it is a terminal (Linux: /proc; elsewhere: `tty`), else undefined. */
export function terminalName(): string | undefined {
  try {
    const link = readlinkSync('/proc/self/fd/0');
    return link.startsWith('/dev/') ? link : undefined;
  } catch {
    // No /proc (macOS): ask tty(1) about the same stdin.
  }
  try {
    const name = execFileSync('tty', [], { stdio: ['inherit', 'pipe', 'ignore'], timeout: TTY_COMMAND_TIMEOUT_MS, encoding: 'utf8' }).trim();
    return name.startsWith('/dev/') ? name : undefined;
  } catch {
    return undefined;
  }
}
