// Shared by the inbox subcommands: the registry directory, session lookup, one-line errors.
import { InboxError } from '../inbox/errors.js';
import { EXIT } from '../exit/codes.js';
import type { SessionEntry } from '../inbox/entry.js';
import { readSessions } from '../inbox/registry.js';
import { runtimeDirPath } from '../inbox/runtime-dir.js';
import { selectSession } from '../inbox/select.js';
import type { CliIo } from './io.js';

/** The live sessions, or the exit status after printing why the registry cannot be read. */
export function listSessions(name: string, io: CliIo, clean = false): SessionEntry[] | number {
  try {
    return readSessions(runtimeDirPath(io.env), { clean });
  } catch (error) {
    if (!(error instanceof InboxError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    io.stderr.write(`${name}: registry ${runtimeDirPath(io.env)}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
}

/** The session SESSION names, or the exit status after one line saying why none or several match. */
export function findSession(name: string, io: CliIo, arg: string, entries: readonly SessionEntry[]): SessionEntry | number {
  const selection = selectSession(arg, entries);
  if (selection.ok) return selection.entry;
  if (selection.reason === 'ambiguous') {
    io.stderr.write(`${name}: SESSION "${arg}" matches ${selection.candidates.map((c) => c.id).join(', ')}; give more of the id\n`);
    return EXIT.usage;
  }
  io.stderr.write(`${name}: no live osf7501 session matches "${arg}" (see osf7501 ls)\n`);
  return EXIT.noSession;
}
