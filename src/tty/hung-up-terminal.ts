// Lets the shim exit with its status after its terminal hung up, instead of dying in Node's exit code.
import { closeSync, openSync } from 'node:fs';
import { isatty } from 'node:tty';

const STANDARD_DESCRIPTORS = [0, 1, 2] as const;

/** The standard descriptors that are terminals now; call at start-up, before anything can hang up. */
export function terminalDescriptors(): number[] {
  return STANDARD_DESCRIPTORS.filter((fd) => isatty(fd));
}

/**
 * Puts /dev/null in place of those of `terminals` (from {@link terminalDescriptors}) that are no longer
 * terminals, and returns them. A terminal that hung up (a closed window, a killed pane, a dropped ssh
 * connection) answers every terminal call with EIO, so `isatty` says false.
 *
 * Why: on exit Node restores each standard descriptor's terminal settings and aborts when that fails
 * (nodejs/node#51519; Node 20 still has the check that #58200 removed), so the shim died of SIGABRT or
 * SIGSEGV instead of exiting with the child's status. Node skips a descriptor that is no longer the file
 * it found at start-up. /dev/null rather than a bare close: a closed standard number is the next one
 * any thread's open, pipe or dup takes, and whatever lands there would get what is meant for stdio.
 */
export function releaseHungUpTerminals(terminals: readonly number[]): number[] {
  const released: number[] = [];
  for (const fd of terminals) {
    if (isatty(fd)) continue;
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
    // open() takes the lowest free number: normally the one just closed (0, 1, 2 are done in that order).
    try {
      openSync('/dev/null', 'r+');
    } catch {
      // No /dev/null: the number stays closed, which Node skips too.
    }
    released.push(fd);
  }
  return released;
}
