// `osf7501 ls [--json] [--host HOST]…`: every live session, most urgent first, with how long it has been in its state;
// with hosts, theirs too (over ssh), each with its `host`.
import { EXIT, INBOX_EXIT_HELP } from '../exit/codes.js';
import { formatTable } from '../inbox/format.js';
import type { CliIo } from './io.js';
import { chosenHosts, collectHost, fleetSessions } from './fleet-hosts.js';
import { newProgram, parseArgs } from './program.js';

/** Runs the ls subcommand; removes the entries of crashed shims on the way. */
export async function lsCommand(argv: string[], io: CliIo, now: () => number = Date.now): Promise<number> {
  let json = false;
  let given: string[] = [];
  const program = newProgram('osf7501 ls', io)
    .description('List every live osf7501 session, most urgent first (blocked, error, done, working, idle).')
    .option('--json', 'print a JSON array of the entries (with inStateMs) for scripts')
    .option('--host <host>', 'also list the sessions of HOST over ssh (repeatable; default: hosts in config.toml)', collectHost, [])
    .addHelpText('after', INBOX_EXIT_HELP)
    .action((flags: { json?: boolean; host: string[] }) => {
      json = flags.json === true;
      given = flags.host;
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  const hosts = chosenHosts('osf7501 ls', io, given);
  if (typeof hosts === 'number') return hosts;
  const sessions = await fleetSessions('osf7501 ls', io, hosts, true);
  if (typeof sessions === 'number') return sessions;
  const at = now();
  if (json) {
    io.stdout.write(`${JSON.stringify(sessions.map((s) => ({ ...s, inStateMs: Math.max(0, at - s.since) })), null, 2)}\n`);
  } else {
    io.stdout.write(formatTable(sessions, at, io.env['HOME']).map((l) => `${l}\n`).join(''));
  }
  return EXIT.ok;
}
