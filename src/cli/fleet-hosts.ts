// The hosts `ls`, `watch`, `status` and `jump` also list (`--host`, else OSF7501_HOSTS, else config.toml's `hosts`), and this machine's
// sessions merged with theirs: each unreachable host named once on stderr, the others shown all the same.
import { EXIT } from '../exit/codes.js';
import type { SessionEntry } from '../inbox/entry.js';
import { hostProblem, mergeFleet } from '../inbox/fleet.js';
import { ConfigError, loadConfig } from './config-file.js';
import type { CliIo } from './io.js';
import { listSessions } from './session-lookup.js';

/** `--host HOST` collected (commander's repeatable option). */
export const collectHost = (value: string, previous: string[]): string[] => [...previous, value];

/** The hosts given with --host, else OSF7501_HOSTS (set, even empty), else the config file's; or the exit status after one line saying what is wrong. */
export function chosenHosts(name: string, io: CliIo, given: readonly string[]): string[] | number {
  for (const host of given) {
    const problem = hostProblem(host);
    if (problem !== undefined) {
      io.stderr.write(`${name}: --host: ${problem}\n`);
      return EXIT.usage;
    }
  }
  if (given.length > 0) return [...new Set(given)];
  const fromEnv = io.env['OSF7501_HOSTS'];
  if (fromEnv !== undefined) {
    const hosts = fromEnv.split(/[\s,]+/u).filter((h) => h !== '');
    const bad = hosts.map(hostProblem).find((p) => p !== undefined);
    if (bad !== undefined) {
      io.stderr.write(`${name}: OSF7501_HOSTS: ${bad}\n`);
      return EXIT.usage;
    }
    return [...new Set(hosts)];
  }
  try {
    return [...loadConfig(io.env).hosts];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`${name}: ${error.message}\n`);
    return EXIT.usage;
  }
}

/** This machine's sessions and the hosts', most urgent first; each host's problem is one line on stderr. */
export async function fleetSessions(name: string, io: CliIo, hosts: readonly string[], clean = false): Promise<SessionEntry[] | number> {
  const local = listSessions(name, io, clean);
  if (typeof local === 'number' || hosts.length === 0) return local;
  const { listHosts } = await import('../inbox/ssh-fleet.js'); // only with hosts: `status` stays light without
  const { sessions, problems } = mergeFleet(local, await listHosts(hosts, io.env));
  for (const problem of problems) io.stderr.write(`${name}: ${problem}\n`);
  return sessions;
}
