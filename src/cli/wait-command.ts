// `osf7501 wait [--until STATE] [--timeout SECONDS] [--next] [SESSION]`: until a session reaches a state.
import { InvalidArgumentError, Option } from 'commander';
import type { SessionEntry } from '../inbox/entry.js';
import { ensureRuntimeDir, runtimeDirPath } from '../inbox/runtime-dir.js';
import { EXIT, INBOX_EXIT_HELP } from '../exit/codes.js';
import { stateLabel } from '../inbox/format.js';
import { RegistryWatch } from '../inbox/registry-watch.js';
import { satisfies, UNTIL_CHOICES, type Until } from '../inbox/wait-logic.js';
import { findSession, listSessions } from './session-lookup.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';

/** Longest --timeout (s): a day; longer waits belong in a loop. */
const MAX_TIMEOUT_S = 86_400;

function parseTimeout(value: string): number {
  const s = Number(value);
  if (!/^\d+(\.\d+)?$/u.test(value) || s <= 0 || s > MAX_TIMEOUT_S) {
    throw new InvalidArgumentError(`expected seconds greater than 0 and at most ${MAX_TIMEOUT_S}.`);
  }
  return s;
}

interface WaitFlags {
  until: Until;
  timeout?: number;
  next?: boolean;
  json?: boolean;
}

/** Runs the wait subcommand: prints the matching session (`ID STATE`, or its entry with --json). */
export async function waitCommand(argv: string[], io: CliIo): Promise<number> {
  let flags: WaitFlags | undefined;
  let target: string | undefined;
  const program = newProgram('osf7501 wait', io)
    .usage('[--until blocked|done|idle|any] [--timeout SECONDS] [--next] [SESSION]')
    .description(
      'Wait until SESSION (an id, a unique id prefix, or the shim pid) — or, without SESSION, any session —\n' +
        'is in the state: blocked, done, idle, or any of the three (it stopped working). A session already in\n' +
        'the state satisfies the wait at once, unless --next. Prints the session\'s id and state.',
    )
    .argument('[session]', 'the session to wait for (default: any)')
    .addOption(new Option('--until <state>', 'the state to wait for').choices([...UNTIL_CHOICES]).default('any'))
    .option('--timeout <seconds>', 'give up after this long (exit 1)', parseTimeout)
    .option('--next', 'only a change after the wait began counts (e.g. the done after a send)')
    .option('--json', 'print the matching entry as JSON')
    .addHelpText('after', INBOX_EXIT_HELP)
    .action((session: string | undefined, f: WaitFlags) => {
      target = session;
      flags = f;
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  if (flags === undefined) return EXIT.usage;
  const options = flags;
  const name = 'osf7501 wait';
  const first = listSessions(name, io);
  if (typeof first === 'number') return first;
  let id: string | undefined;
  if (target !== undefined) {
    const entry = findSession(name, io, target, first);
    if (typeof entry === 'number') return entry;
    id = entry.id;
  }
  const baseline = new Map(first.map((e) => [e.id, e.revision]));
  let dir: string;
  try {
    dir = ensureRuntimeDir(runtimeDirPath(io.env));
  } catch (error) {
    io.stderr.write(`${name}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }

  return new Promise<number>((resolve) => {
    let done = false;
    const finish = (code: number, line?: string, toStderr = false): void => {
      if (done) return;
      done = true;
      watcher.dispose();
      if (timer) clearTimeout(timer);
      if (line !== undefined) (toStderr ? io.stderr : io.stdout).write(`${line}\n`);
      resolve(code);
    };
    const describe = (e: SessionEntry): string => (options.json ? JSON.stringify(e) : `${e.id} ${stateLabel(e)}`);
    const check = (): void => {
      const sessions = listSessions(name, io);
      if (typeof sessions === 'number') return finish(sessions);
      const candidates = id === undefined ? sessions : sessions.filter((e) => e.id === id);
      if (id !== undefined && candidates.length === 0) return finish(EXIT.noSession, `${name}: session ${id} ended`, true);
      const hit = candidates.find((e) => satisfies(e, options.until, baseline.get(e.id), options.next === true));
      if (hit) finish(EXIT.ok, describe(hit));
    };
    const watcher = new RegistryWatch(dir, check);
    const timer =
      options.timeout === undefined
        ? undefined
        : setTimeout(() => finish(EXIT.timeout, `${name}: timed out after ${options.timeout}s`, true), options.timeout * 1000);
    check();
  });
}
