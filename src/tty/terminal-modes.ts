// Puts the user's terminal in raw mode for the session and always puts it back as it was.
import { spawnSync } from 'node:child_process';

/**
 * Why stty and not `setRawMode`: Node's raw mode (libuv) leaves output post-processing on
 * (OPOST/ONLCR), so a child's `\n` would reach the terminal as `\r\n` a second time. A transparent
 * relay must pass bytes unchanged, as `script` does with cfmakeraw; `stty raw -echo` is the
 * portable way to get exactly that from Node, and `stty -g` gives a restorable snapshot.
 */
const STTY_TIMEOUT_MS = 2000;
/** cfmakeraw's settings: no input or output processing, no echo, no signals, no ^V/^O extensions. */
const RAW_ARGS = ['raw', '-echo', '-iexten'];

function stty(args: string[], stdinFd: number): { ok: boolean; out: string } {
  const result = spawnSync('stty', args, {
    stdio: [stdinFd, 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: STTY_TIMEOUT_MS,
  });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim() };
}

/** One raw-mode period of the controlling terminal; `restore()` is idempotent. */
export class TerminalModes {
  private saved: string | undefined;

  constructor(private readonly stdinFd = 0) {}

  /** Saves the current settings and switches to raw mode with no echo. Returns false when it could not. */
  enterRaw(): boolean {
    const snapshot = stty(['-g'], this.stdinFd);
    if (!snapshot.ok || snapshot.out === '') return false;
    this.saved = snapshot.out;
    return stty(RAW_ARGS, this.stdinFd).ok;
  }

  /** Re-applies raw mode, e.g. after the shim was stopped and continued (the shell resets modes). */
  reapplyRaw(): void {
    if (this.saved !== undefined) stty(RAW_ARGS, this.stdinFd);
  }

  /** Puts back the settings saved by `enterRaw`. Safe to call any number of times. */
  restore(): void {
    if (this.saved === undefined) return;
    const saved = this.saved;
    this.saved = undefined;
    stty([saved], this.stdinFd);
  }
}
