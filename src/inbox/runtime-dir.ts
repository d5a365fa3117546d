// The private registry directory: `$XDG_RUNTIME_DIR/osf7501`, else `$TMPDIR/osf7501-<uid>`, mode 0700.
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InboxError } from './errors.js';

/** The directory this user's sessions publish to (not created). */
export function runtimeDirPath(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env['XDG_RUNTIME_DIR'];
  if (xdg !== undefined && xdg.startsWith('/')) return join(xdg, 'osf7501');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(env['TMPDIR'] || tmpdir(), `osf7501-${uid}`);
}

/**
 * Creates the directory (0700) if needed and checks it is ours alone: a real directory (not a link),
 * owned by this uid, no group or world access. Throws an InboxError naming the path otherwise — in a
 * shared /tmp another user could have made it first.
 */
export function ensureRuntimeDir(path: string): string {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new InboxError('runtime-dir-unavailable', `cannot create ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  checkRuntimeDir(path);
  return path;
}

/** Throws when `path` is not a private directory of this user. */
export function checkRuntimeDir(path: string): void {
  const stat = lstatSync(path);
  const uid = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
  if (!stat.isDirectory()) throw new InboxError('runtime-dir-unsafe', `${path}: expected a directory, found something else`);
  if (stat.uid !== uid) throw new InboxError('runtime-dir-unsafe', `${path}: owned by uid ${stat.uid}, expected ${uid}`);
  if ((stat.mode & 0o077) !== 0) {
    throw new InboxError('runtime-dir-unsafe', `${path}: mode ${(stat.mode & 0o777).toString(8)}, expected 700 (no group or world access)`);
  }
}

/** `<dir>/<id>.json`: a session's entry. */
export function entryPath(dir: string, id: string): string {
  return join(dir, `${id}.json`);
}

/** `<dir>/<id>.sock`: a session's input socket. */
export function socketPath(dir: string, id: string): string {
  return join(dir, `${id}.sock`);
}

/** `<dir>/<id>.state`: a session's state word alone (`blocked`), for the launcher's shell part (`status` without Node). */
export function statePath(dir: string, id: string): string {
  return join(dir, `${id}.state`);
}
