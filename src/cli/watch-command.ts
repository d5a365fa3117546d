// `osf7501 watch`: at a terminal the interactive inbox (watch-interactive.ts); else the `ls` list on every change.
import { ensureRuntimeDir, runtimeDirPath } from '../inbox/runtime-dir.js';
import { CSI_TEXT } from '../protocol/c0.js';
import { EXIT, INBOX_EXIT_HELP } from '../exit/codes.js';
import { alignRows, tableRows } from '../inbox/format.js';
import { RegistryWatch } from '../inbox/registry-watch.js';
import { listSessions } from './session-lookup.js';
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
  const program = newProgram('osf7501 watch', io)
    .description(
      'Show every live osf7501 session, most urgent first, redrawn as they change. At a terminal it is an inbox:\n' +
        '↑/↓ (j/k) select (the most urgent first), Enter jumps to the session (inside tmux: its pane; elsewhere it\n' +
        'says where it runs), a answers a blocked session (its message and the choices its dialog shows, your\n' +
        'answer, a confirmation; the same safe path as osf7501 answer), q quits. Without a terminal it prints the\n' +
        'list on every change.',
    )
    .addHelpText('after', INBOX_EXIT_HELP)
    .action(() => {});
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  let dir: string;
  try {
    dir = ensureRuntimeDir(runtimeDirPath(io.env));
  } catch (error) {
    io.stderr.write(`osf7501 watch: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  if (io.stdin.isTTY === true && io.stdout.isTTY === true) return interactiveWatch(dir, io, REDRAW_MS, stop);
  const colour = io.stdout.isTTY === true;
  let last = '';
  const draw = (): void => {
    const sessions = listSessions('osf7501 watch', io, true);
    if (typeof sessions === 'number') return;
    const lines = sessions.length === 0 ? ['no osf7501 sessions'] : alignRows(tableRows(sessions, Date.now(), io.env['HOME']));
    const shown = lines.map((line, i) => (colour && i > 0 && sessions[i - 1]?.state === 'blocked' ? `${HIGHLIGHT}${line}${RESET}` : line));
    const frame = `${colour ? HOME_CLEAR : ''}${shown.join('\n')}\n${colour ? '' : '\n'}`;
    if (frame === last) return;
    last = frame;
    io.stdout.write(frame);
  };
  return new Promise<number>((resolve) => {
    const watcher = new RegistryWatch(dir, draw, REDRAW_MS);
    const end = (): void => {
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
