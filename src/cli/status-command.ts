// `osf7501 status [--tmux | --json]`: one line for status bars, every few seconds, so it loads nearly nothing:
// no rules, no screen, no commander — the registry files and the pure summary.
import { EXIT } from '../exit/codes.js';
import { chosenHosts, fleetSessions } from './fleet-hosts.js';
import { countStates, statusLine, tmuxStatusLine } from '../inbox/status-line.js';
import type { CliIo } from './io.js';

const HELP = `Usage: osf7501 status [--tmux | --json] [--host HOST]...

One line summarising every live osf7501 session, most urgent first, zero counts
left out (\`1 blocked · 1 done · 2 working\`); nothing when no session runs.
For status bars: tmux's status-right runs it every status-interval seconds.

Options:
  --tmux      with tmux style codes and a glyph per state (● blocked, ✗ error,
              ✓ done, … working, ○ idle), for #(osf7501 status --tmux)
  --json      {"line", "counts", "sessions"} for scripts
  --host HOST also count the sessions of HOST, over ssh (repeatable; default:
              hosts in config.toml); an unreachable host is named on stderr
  -h, --help  print this help and exit

Exit status: 0 success (also when nothing runs); 2 usage error or an unsafe
registry directory.
`;

/** Runs the status subcommand. */
export async function statusCommand(argv: string[], io: CliIo, now: () => number = Date.now): Promise<number> {
  let format: 'plain' | 'tmux' | 'json' = 'plain';
  const given: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '-h' || arg === '--help') {
      io.stdout.write(HELP);
      return EXIT.ok;
    }
    if (arg === '--host' || arg.startsWith('--host=')) {
      const host = arg === '--host' ? argv[(i += 1)] : arg.slice('--host='.length);
      if (host === undefined) {
        io.stderr.write('osf7501 status: --host needs a host name (run with --help for usage)\n');
        return EXIT.usage;
      }
      given.push(host);
    } else if ((arg === '--tmux' || arg === '--json') && format === 'plain') format = arg === '--tmux' ? 'tmux' : 'json';
    else {
      const problem = arg === '--tmux' || arg === '--json' ? `--tmux and --json exclude each other` : `unknown argument '${arg}'`;
      io.stderr.write(`osf7501 status: ${problem} (run with --help for usage)\n`);
      return EXIT.usage;
    }
  }
  const hosts = chosenHosts('osf7501 status', io, given);
  if (typeof hosts === 'number') return hosts;
  const sessions = await fleetSessions('osf7501 status', io, hosts);
  if (typeof sessions === 'number') return sessions;
  const counts = countStates(sessions);
  if (format === 'json') {
    const at = now();
    const list = sessions.map((s) => ({ ...s, inStateMs: Math.max(0, at - s.since) }));
    io.stdout.write(`${JSON.stringify({ line: statusLine(counts), counts, sessions: list })}\n`);
  } else {
    const line = format === 'tmux' ? tmuxStatusLine(counts) : statusLine(counts);
    if (line !== '') io.stdout.write(`${line}\n`);
  }
  return EXIT.ok;
}
