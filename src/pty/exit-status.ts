// How a child ended, and the shell-style status number that stands for it. The one table of signal names and
// numbers in src/ is the platform's own (os.constants.signals): the core is given names, never numbers to name.
import { constants } from 'node:os';

/** A child's end: an exit code, or the signal that killed it. */
export interface ChildExit {
  code: number;
  /** Signal number when the child was killed by a signal, else undefined. */
  signal?: number;
}

/** The status a shell would report: the code, or 128+N when killed by signal N. */
export function shellStatus(exit: ChildExit): number {
  return exit.signal ? 128 + exit.signal : exit.code;
}

/** `SIGKILL` for 9, or `signal 99` for a number the platform has no name for. */
export function signalName(signal: number): string {
  for (const [name, value] of Object.entries(constants.signals)) {
    if (value === signal) return name;
  }
  return `signal ${signal}`;
}

/** The number of a named signal (`SIGTERM` → 15). */
export function signalNumber(name: NodeJS.Signals): number {
  return constants.signals[name];
}
