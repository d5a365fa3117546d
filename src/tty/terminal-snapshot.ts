// Raw mode's two stty steps in one helper process, started as early as the process starts (bin/osf7501,
// before the CLI's modules load): it prints the terminal's settings at once (`stty -g`, read-only) and
// switches to raw only when told, so wrapping a program does not wait for stty and spawns no second one.
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * The helper: the snapshot on stdout, then a go-ahead line on fd 3 before `stty raw -echo -iexten` (cfmakeraw's
 * settings; see terminal-modes.ts). End of file on fd 3 (the process exits or the helper is released) ends it
 * without touching the terminal.
 */
const HELPER = 'stty -g || exit 1; IFS= read -r go <&3 || exit 3; exec stty raw -echo -iexten';
/** Longest each stty step may take (a terminal that never answers): then the helper is killed. */
const STTY_TIMEOUT_MS = 2000;

/** One switch to raw mode: the snapshot first, the switch on `go()`. */
export interface RawSwitch {
  /** The settings before (`stty -g`), or undefined when they cannot be read. Never rejects. */
  readonly snapshot: Promise<string | undefined>;
  /** Switches to raw (once, after the snapshot); resolves true once the terminal is raw. Never rejects. */
  go(): Promise<boolean>;
  /** Stops the helper; before `go()` the terminal is never changed. Idempotent. */
  kill(): void;
  /** A session waits for it: from now on the helper keeps the process alive until it ends. */
  hold(): void;
}

/** Starts the helper on the terminal `stdinFd`; it waits for `go()` after the snapshot. */
export function startRawSwitch(stdinFd: number): RawSwitch {
  const child = spawn('sh', ['-c', HELPER], { stdio: [stdinFd, 'pipe', 'ignore', 'pipe'] });
  const stdout = child.stdout as Readable;
  const control = child.stdio[3] as Writable;
  control.on('error', () => {}); // the helper died: its exit says so
  let over = false;
  const exit = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  }).finally(() => (over = true));
  const kill = (): void => {
    if (!over && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let timer = setTimeout(kill, STTY_TIMEOUT_MS);
  timer.unref();
  // Until a session holds it, neither the helper nor its pipes keep the process alive (a subcommand that
  // never wraps just exits).
  const handles = [child, stdout, control] as Array<{ ref?: () => void; unref?: () => void }>;
  for (const handle of handles) handle.unref?.();
  let out = '';
  const snapshot = new Promise<string | undefined>((resolve) => {
    stdout.setEncoding('utf8');
    stdout.on('data', (text: string) => {
      out += text;
      const end = out.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      const settings = out.slice(0, end).trim();
      resolve(settings === '' ? undefined : settings);
    });
    void exit.then(() => resolve(undefined)); // no line before the end: no snapshot
  });
  let going: Promise<boolean> | undefined;
  return {
    snapshot,
    go: () =>
      (going ??= (async () => {
        if ((await snapshot) === undefined || over) return false;
        timer = setTimeout(kill, STTY_TIMEOUT_MS);
        timer.unref();
        control.end('\n');
        const code = await exit;
        clearTimeout(timer);
        return code === 0;
      })()),
    kill: () => {
      clearTimeout(timer);
      kill();
    },
    hold: () => {
      for (const handle of handles) handle.ref?.();
    },
  };
}

let early: { fd: number; helper: RawSwitch } | undefined;

/**
 * Starts the raw-mode helper on `fd` now, when the process will likely wrap a program (its stdin and stdout
 * are terminals, no session around it). Until a session tells it to go on it only reads the settings: a
 * process that then does not wrap (a subcommand, --help) leaves the terminal as it was.
 */
export function startTerminalSnapshot(fd = 0): void {
  if (early !== undefined) return;
  try {
    early = { fd, helper: startRawSwitch(fd) };
  } catch {
    early = undefined;
  }
}

/** The early helper of `fd`, once: the first raw-mode switch takes it (later ones start their own). */
export function takeTerminalSnapshot(fd: number): RawSwitch | undefined {
  const taken = early;
  if (taken === undefined || taken.fd !== fd) return undefined;
  early = undefined;
  return taken.helper;
}
