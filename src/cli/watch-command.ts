// `osf7501 watch`: at a terminal the interactive inbox (watch-interactive.ts); else the `ls` list on every change.
import { ensureRuntimeDir, runtimeDirPath } from '../inbox/runtime-dir.js';
import { CSI_TEXT } from '../protocol/c0.js';
import { EXIT, INBOX_EXIT_HELP } from '../exit/codes.js';
import { alignRows, tableRows } from '../inbox/format.js';
import { RegistryWatch } from '../inbox/registry-watch.js';
import type { SessionEntry } from '../inbox/entry.js';
import { mergeFleet, type HostResult } from '../inbox/fleet.js';
import { HostFollower } from '../inbox/ssh-fleet.js';
import { listSessions } from './session-lookup.js';
import { chosenHosts, collectHost } from './fleet-hosts.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';
import { interactiveWatch } from './watch-interactive.js';

/** The durations tick: redraw at least this often (ms). */
const REDRAW_MS = 1_000;
const HOME_CLEAR = `${CSI_TEXT}H${CSI_TEXT}2J`;
const HIGHLIGHT = `${CSI_TEXT}1;7m`;
const RESET = `${CSI_TEXT}0m`;

/** Runs watch until SIGINT/SIGTERM (or `stop` aborts); exits 0. */
export async function watchCommand(argv: string[], io: CliIo, stop?: AbortSignal): Promise<number> {
  let json = false;
  let given: string[] = [];
  const program = newProgram('osf7501 watch', io)
    .description(
      'Show every live osf7501 session, most urgent first, redrawn as they change. At a terminal it is an inbox:\n' +
        '↑/↓ (j/k) select (the most urgent first), Enter jumps to the session (inside tmux: its pane; elsewhere it\n' +
        'says where it runs), a answers a blocked session (its message and the choices its dialog shows, your\n' +
        'answer, a confirmation; the same safe path as osf7501 answer), q quits. Without a terminal it prints the\n' +
        'list on every change. With hosts (--host, or hosts in config.toml) their sessions too, over one ssh\n' +
        'connection per host that runs `osf7501 watch --json` there.',
    )
    .option('--json', 'print the list as one JSON array per line whenever it changes (not at a terminal; what --host reads)')
    .option('--host <host>', 'also show the sessions of HOST over ssh (repeatable; default: hosts in config.toml)', collectHost, [])
    .addHelpText('after', INBOX_EXIT_HELP)
    .action((flags: { json?: boolean; host: string[] }) => {
      json = flags.json === true;
      given = flags.host;
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  const hosts = chosenHosts('osf7501 watch', io, given);
  if (typeof hosts === 'number') return hosts;
  let dir: string;
  try {
    dir = ensureRuntimeDir(runtimeDirPath(io.env));
  } catch (error) {
    io.stderr.write(`osf7501 watch: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  if (!json && io.stdin.isTTY === true && io.stdout.isTTY === true) return interactiveWatch(dir, io, REDRAW_MS, stop, hosts);
  const colour = !json && io.stdout.isTTY === true;
  let last = '';
  const remote = new Map<string, HostResult>();
  const draw = (): void => {
    const local = listSessions('osf7501 watch', io, true);
    if (typeof local === 'number') return;
    const sessions = mergeFleet(local, [...remote.values()]).sessions;
    if (json) return drawJson(sessions);
    const lines = sessions.length === 0 ? ['no osf7501 sessions'] : alignRows(tableRows(sessions, Date.now(), io.env['HOME']));
    const shown = lines.map((line, i) => (colour && i > 0 && sessions[i - 1]?.state === 'blocked' ? `${HIGHLIGHT}${line}${RESET}` : line));
    const frame = `${colour ? HOME_CLEAR : ''}${shown.join('\n')}\n${colour ? '' : '\n'}`;
    if (frame === last) return;
    last = frame;
    io.stdout.write(frame);
  };
  /** --json: a line when the list changes (durations aside), each entry with its inStateMs at that moment. */
  const drawJson = (sessions: SessionEntry[]): void => {
    const key = JSON.stringify(sessions);
    if (key === last) return;
    last = key;
    const at = Date.now();
    io.stdout.write(`${JSON.stringify(sessions.map((e) => ({ ...e, inStateMs: Math.max(0, at - e.since) })))}\n`);
  };
  return new Promise<number>((resolve) => {
    const watcher = new RegistryWatch(dir, draw, REDRAW_MS);
    const named = new Map<string, string>();
    const follower = new HostFollower(hosts, io.env, (result) => {
      remote.set(result.host, result);
      if ('problem' in result) {
        if (named.get(result.host) !== result.problem) io.stderr.write(`osf7501 watch: ${result.problem}\n`);
        named.set(result.host, result.problem);
      } else named.delete(result.host);
      draw();
    });
    const end = (): void => {
      follower.dispose();
      watcher.dispose();
      process.off('SIGINT', end);
      process.off('SIGTERM', end);
      stop?.removeEventListener('abort', end);
      resolve(EXIT.ok);
    };
    process.once('SIGINT', end);
    process.once('SIGTERM', end);
    stop?.addEventListener('abort', end);
    draw();
  });
}
