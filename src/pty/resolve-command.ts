// Finds a command on PATH the way a shell does, so "not found" and "not executable" are told apart.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** Where a command was found, or why it could not be run. */
type Resolution =
  | { ok: true; path: string }
  | { ok: false; reason: 'not-found' | 'not-executable'; path?: string };

function isExecutableFile(path: string): 'yes' | 'no-exec' | 'dir' | 'absent' {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return 'absent';
  }
  if (!isFile) return 'dir';
  try {
    accessSync(path, constants.X_OK);
    return 'yes';
  } catch {
    return 'no-exec';
  }
}

/** Resolves `command` against `PATH` (a name with a slash is taken as a path, as shells do). */
export function resolveCommand(command: string, env: NodeJS.ProcessEnv, cwd: string): Resolution {
  if (command.length === 0) return { ok: false, reason: 'not-found' };
  if (command.includes('/')) {
    const path = isAbsolute(command) ? command : resolve(cwd, command);
    const kind = isExecutableFile(path);
    if (kind === 'yes') return { ok: true, path };
    // A directory given as a path is "not executable" (126), as in bash.
    return kind === 'absent' ? { ok: false, reason: 'not-found' } : { ok: false, reason: 'not-executable', path };
  }
  let firstNonExecutable: string | undefined;
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    const path = join(dir === '' ? cwd : resolve(cwd, dir), command);
    const kind = isExecutableFile(path);
    if (kind === 'yes') return { ok: true, path };
    if (kind === 'no-exec' && firstNonExecutable === undefined) firstNonExecutable = path;
  }
  // Directories on PATH are skipped, as shells do.
  return firstNonExecutable === undefined
    ? { ok: false, reason: 'not-found' }
    : { ok: false, reason: 'not-executable', path: firstNonExecutable };
}
