// Where a session's hook channel will be, made before the child spawns: the private 0700 directory, the
// FIFO's path in it and the token — what the child's arguments and environment name. Only node:fs, os and
// path: the FIFO itself (a `mkfifo` run) and its reader (node:net) come after the spawn (channel.ts).
import { closeSync, lstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HookChannelError } from '../hooks/errors.js';
import { HOOK_FIFO_ENV, HOOK_TOKEN_ENV } from '../hooks/wire.js';

/** Bytes of the random token (128 bits), sent as hex. */
const TOKEN_BYTES = 16;
const FIFO_NAME = 'hook.fifo';
const DIR_PREFIX = 'osf7501-';

/** Where the directory goes. */
export interface HookServerOptions {
  /** `XDG_RUNTIME_DIR` and `PATH` (for mkfifo) are taken from here (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Overrides the parent directory (tests). */
  parentDir?: string;
}

/** The parent directory: `$XDG_RUNTIME_DIR` (per-user, 0700, on tmpfs) when set, else the temp dir. */
function parentCandidates(options: HookServerOptions): string[] {
  if (options.parentDir !== undefined) return [options.parentDir];
  const runtime = (options.env ?? process.env)['XDG_RUNTIME_DIR'];
  const out = runtime !== undefined && runtime.startsWith('/') ? [runtime] : [];
  out.push(tmpdir(), '/tmp');
  return out;
}

/** The owner and mode check of the directory and the FIFO: ours, and nobody else's. */
export function isPrivate(path: string, mode: number, kind: 'directory' | 'fifo'): string | undefined {
  const stat = lstatSync(path);
  const uid = process.getuid?.();
  const right = kind === 'directory' ? stat.isDirectory() : stat.isFIFO();
  if (!right || (stat.mode & 0o777) !== mode || (uid !== undefined && stat.uid !== uid)) {
    return `${path}: not a private ${kind} (mode ${(stat.mode & 0o777).toString(8)})`;
  }
  return undefined;
}

/** A fresh directory only we can enter, checked after creation (mkdtemp makes it 0700, owned by us). */
function makePrivateDirectory(options: HookServerOptions): string {
  const problems: string[] = [];
  for (const parent of parentCandidates(options)) {
    let dir: string;
    try {
      dir = mkdtempSync(join(parent, DIR_PREFIX));
    } catch (error) {
      problems.push(`${parent}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      continue;
    }
    const problem = isPrivate(dir, 0o700, 'directory');
    if (problem !== undefined) {
      rmSync(dir, { recursive: true, force: true });
      problems.push(problem);
      continue;
    }
    return dir;
  }
  throw new HookChannelError('channel-directory', `no private directory for the hook FIFO (${problems.join('; ')})`);
}

/** `bytes` random bytes from the kernel, as hex (read from /dev/urandom: node:crypto loads a score of modules). */
function randomHex(bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  const fd = openSync('/dev/urandom', 'r');
  try {
    for (let got = 0; got < bytes; ) {
      const n = readSync(fd, buffer, got, bytes - got, null);
      if (n === 0) throw new Error('/dev/urandom: end of file');
      got += n;
    }
  } finally {
    closeSync(fd);
  }
  return buffer.toString('hex');
}

/**
 * A session's private directory, the FIFO's path in it (the FIFO is not made yet) and its token. Owns the
 * directory until a HookServer opens the FIFO in it; `dispose()` removes it (and all in it); idempotent.
 */
export class ChannelPlace {
  private disposed = false;

  private constructor(
    /** The session's private directory (0700). */
    readonly directory: string,
    /** Where the FIFO goes (0600, made by HookServer.open). */
    readonly fifoPath: string,
    /** The per-session token every line must carry (32 hex digits). */
    readonly token: string,
  ) {}

  /** Makes the private directory and draws the token. Throws a HookChannelError. */
  static make(options: HookServerOptions = {}): ChannelPlace {
    const directory = makePrivateDirectory(options);
    let token: string;
    try {
      token = randomHex(TOKEN_BYTES);
    } catch (error) {
      rmSync(directory, { recursive: true, force: true });
      throw new HookChannelError('channel-token', `no random token for the hook channel: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
        cause: error,
      });
    }
    return new ChannelPlace(directory, join(directory, FIFO_NAME), token);
  }

  /** The variables to add to the child's environment. */
  childEnv(): Record<string, string> {
    return { [HOOK_FIFO_ENV]: this.fifoPath, [HOOK_TOKEN_ENV]: this.token };
  }

  /** Removes the directory and everything in it. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    rmSync(this.directory, { recursive: true, force: true });
  }
}
