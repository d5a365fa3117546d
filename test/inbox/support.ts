// Test helpers for the inbox: a private registry directory, a dead pid, a CliIo that records output.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/io.js';

/** A fresh `$XDG_RUNTIME_DIR` and its `osf7501` registry directory (0700); `remove()` deletes both. */
export function tempRuntime(): { xdg: string; dir: string; remove(): void } {
  const xdg = mkdtempSync(join(tmpdir(), 'osf-inbox-'));
  const dir = join(xdg, 'osf7501');
  mkdirSync(dir, { mode: 0o700 });
  return { xdg, dir, remove: () => rmSync(xdg, { recursive: true, force: true }) };
}

/** The pid of a process that has exited (a crashed shim's). */
export function deadPid(): number {
  const r = spawnSync('true');
  if (r.pid === undefined) throw new Error('could not spawn true');
  return r.pid;
}

/** A CliIo whose stdout and stderr are recorded. */
export function recordingIo(env: Record<string, string>): CliIo & { out(): string; err(): string } {
  let out = '';
  let err = '';
  const stream = (append: (s: string) => void) => ({ isTTY: false, write: (s: string | Uint8Array) => (append(String(s)), true) });
  return {
    stdin: { isTTY: false } as unknown as NodeJS.ReadStream,
    stdout: stream((s) => (out += s)) as unknown as NodeJS.WriteStream,
    stderr: stream((s) => (err += s)) as unknown as NodeJS.WriteStream,
    env,
    cwd: '/',
    out: () => out,
    err: () => err,
  };
}
