// Puts the user's terminal in raw mode for the session and always puts it back as it was.
import { spawnSync } from 'node:child_process';
import { startRawSwitch, takeTerminalSnapshot } from './terminal-snapshot.js';

/**
 * Why stty and not `setRawMode`: Node's raw mode (libuv) leaves output post-processing on
 * (OPOST/ONLCR), so a child's `\n` would reach the terminal as `\r\n` a second time. A transparent
 * relay must pass bytes unchanged, as `script` does with cfmakeraw; `stty raw -echo` is the
 * portable way to get exactly that from Node, and `stty -g` gives a restorable snapshot.
 *
 * The two stty steps at start (`-g`, then `raw`) run in one helper process in the background while
 * the session starts and the child spawns (started at the process's start, when bin/osf7501 did: see
 * terminal-snapshot.ts; a spawn from Node costs the main thread several ms, more on a loaded machine):
 * {@link TerminalModes.enterRaw} returns at once, {@link TerminalModes.ready} says when the terminal is raw. Until then nothing may be written to the terminal (its line discipline would
 * still turn `\n` into `\r\n`) and nothing read from it.
 */
const STTY_TIMEOUT_MS = 2000;
/** cfmakeraw's settings: no input or output processing, no echo, no signals, no ^V/^O extensions. */
const RAW_ARGS = ['raw', '-echo', '-iexten'];

function sttySync(args: string[], stdinFd: number): { ok: boolean; out: string } {
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
  /** Stops the stty run under way (the snapshot or the switch to raw), if any. */
  private running: (() => void) | undefined;
  private entering: Promise<boolean> | undefined;
  /** restore() came before the switch was done: nothing more may be started. */
  private ended = false;

  constructor(private readonly stdinFd = 0) {}

  /**
   * Starts saving the current settings and switching to raw mode with no echo, in the background;
   * returns at once. Calling it again returns the same promise. See {@link ready}.
   */
  enterRaw(): Promise<boolean> {
    this.entering ??= this.switchToRaw();
    return this.entering;
  }

  /** Resolves when the switch started by {@link enterRaw} is over: true when the terminal is raw. */
  ready(): Promise<boolean> {
    return this.entering ?? Promise.resolve(false);
  }

  /** Re-applies raw mode, e.g. after the shim was stopped and continued (the shell resets modes). */
  reapplyRaw(): void {
    if (this.saved !== undefined && this.running === undefined && !this.ended) sttySync(RAW_ARGS, this.stdinFd);
  }

  /**
   * Puts back the settings saved by `enterRaw`. Safe to call any number of times, and at any point of
   * the switch: before the snapshot is taken it cancels the switch (the terminal was never changed);
   * while `stty raw` runs it stops that run and then restores the snapshot, synchronously, so the
   * emergency path (a crash, a signal) can call it too.
   */
  restore(): void {
    this.ended = true;
    const running = this.running;
    this.running = undefined;
    running?.();
    if (this.saved === undefined) return;
    const saved = this.saved;
    this.saved = undefined;
    sttySync([saved], this.stdinFd);
  }

  private async switchToRaw(): Promise<boolean> {
    const helper = takeTerminalSnapshot(this.stdinFd) ?? startRawSwitch(this.stdinFd);
    helper.hold();
    this.running = () => helper.kill();
    const saved = await helper.snapshot;
    if (this.ended) return false;
    if (saved === undefined) {
      this.running = undefined;
      helper.kill();
      return false;
    }
    // Saved before the switch starts: a restore() from here on puts these settings back.
    this.saved = saved;
    const switched = await helper.go();
    if (this.ended) return false;
    this.running = undefined;
    return switched;
  }
}
