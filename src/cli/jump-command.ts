// `osf7501 jump [SESSION]`: go to a session (the most urgent without SESSION) — inside tmux switch to its
// pane, elsewhere say where it runs. For a tmux key binding and for Enter in `watch`.
import { EXIT, INBOX_EXIT_HELP } from '../exit/codes.js';
import { switchToPane } from '../inbox/tmux-switch.js';
import { jumpPlan } from '../inbox/where.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';
import { findSession } from './session-lookup.js';
import { chosenHosts, collectHost, fleetSessions } from './fleet-hosts.js';

/** The caller's tmux server socket (from `$TMUX`), if it runs inside tmux. */
export function callerTmuxSocket(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const socket = env['TMUX']?.split(',')[0];
  return socket !== undefined && socket.startsWith('/') ? socket : undefined;
}

/** Runs the jump subcommand. */
export async function jumpCommand(argv: string[], io: CliIo): Promise<number> {
  let arg: string | undefined;
  let given: string[] = [];
  const program = newProgram('osf7501 jump', io)
    .usage('[SESSION]')
    .description(
      'Go to SESSION (an id, a unique id prefix or a pid; the most urgent session without it): inside the\n' +
        "same tmux server, switch this client to the session's pane (its session, window and pane);\n" +
        'elsewhere, print where it runs (tmux pane, tty, pid, cwd). A session of another host (--host): print the\n' +
        'ssh command that reaches its tmux pane.',
    )
    .argument('[session]', 'an id, a unique id prefix, or the shim pid (see osf7501 ls)')
    .option('--host <host>', 'also look among the sessions of HOST over ssh (repeatable; default: hosts in config.toml)', collectHost, [])
    .addHelpText('after', INBOX_EXIT_HELP)
    .action((session: string | undefined, flags: { host: string[] }) => {
      arg = session;
      given = flags.host;
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  const hosts = chosenHosts('osf7501 jump', io, given);
  if (typeof hosts === 'number') return hosts;
  const sessions = await fleetSessions('osf7501 jump', io, hosts);
  if (typeof sessions === 'number') return sessions;
  let entry;
  if (arg === undefined) {
    entry = sessions[0];
    if (entry === undefined) {
      io.stderr.write('osf7501 jump: no live osf7501 session\n');
      return EXIT.noSession;
    }
  } else {
    const found = findSession('osf7501 jump', io, arg, sessions);
    if (typeof found === 'number') return found;
    entry = found;
  }
  const plan = jumpPlan(entry, callerTmuxSocket(io.env));
  if (plan.kind === 'say') {
    io.stdout.write(`${plan.text}\n`);
    return EXIT.ok;
  }
  const problem = switchToPane(plan.socket, plan.pane, io.env);
  if (problem === undefined) return EXIT.ok;
  io.stderr.write(`osf7501 jump: ${entry.id}: ${problem}\n`);
  return EXIT.noSession;
}
