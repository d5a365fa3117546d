// `stty -g` started as early as the process starts (bin/osf7501, before the CLI's modules load), so that
// wrapping a program does not wait for it: the snapshot is the first of the two stty runs of raw mode.
import { spawn } from 'node:child_process';

/** What `stty -g` printed, and whether it succeeded. */
export interface SttyResult {
  ok: boolean;
  out: string;
}

const STTY_TIMEOUT_MS = 2000;

/** Runs stty in the background; the promise resolves with its status and output, never rejects. */
export function sttyInBackground(args: string[], stdinFd: number): { kill: () => void; done: Promise<SttyResult> } {
  const child = spawn('stty', args, { stdio: [stdinFd, 'pipe', 'ignore'], timeout: STTY_TIMEOUT_MS });
  let out = '';
  let over = false;
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (text: string) => (out += text));
  const done = new Promise<SttyResult>((resolve) => {
    child.on('error', () => resolve({ ok: false, out: '' }));
    child.on('close', (code) => resolve({ ok: code === 0, out: out.trim() }));
  }).finally(() => (over = true));
  return {
    kill: () => {
      if (!over && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    done,
  };
}

let early: { fd: number; done: Promise<SttyResult> } | undefined;

/**
 * Starts `stty -g` on `fd` now, when the process will likely wrap a program (its stdin and stdout are
 * terminals, no session around it). Read-only: a process that then does not wrap (a subcommand, --help)
 * just never uses it.
 */
export function startTerminalSnapshot(fd = 0): void {
  if (early !== undefined) return;
  try {
    const run = sttyInBackground(['-g'], fd);
    early = { fd, done: run.done };
  } catch {
    early = undefined;
  }
}

/** The early snapshot of `fd`, once: the first raw-mode switch takes it (later ones take their own). */
export function takeTerminalSnapshot(fd: number): Promise<SttyResult> | undefined {
  const taken = early;
  if (taken === undefined || taken.fd !== fd) return undefined;
  early = undefined;
  return taken.done;
}
