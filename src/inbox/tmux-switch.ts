// Switches the caller's tmux client to a pane: its session, its window, the pane itself.
import { spawnSync } from 'node:child_process';

/** Longest a tmux command may take (ms): it answers at once; a hung server must not hang the caller. */
const TMUX_COMMAND_TIMEOUT_MS = 2_000;

/** Runs `switch-client`, `select-window` and `select-pane` for `pane` on the server at `socket`; the error line, or undefined. */
export function switchToPane(socket: string, pane: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const args = ['-S', socket, 'switch-client', '-t', pane, ';', 'select-window', '-t', pane, ';', 'select-pane', '-t', pane];
  const r = spawnSync('tmux', args, { env: env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: TMUX_COMMAND_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error !== undefined) return `tmux: ${(r.error as NodeJS.ErrnoException).code ?? r.error.message}`;
  if (r.status !== 0) return `tmux: ${(r.stderr.trim().split('\n')[0] ?? '') || `exit status ${r.status}`}`;
  return undefined;
}
