// The multiplexers between the shim and the terminal (tmux, GNU screen): the pane's record id, its name, the passthrough.
import { spawnSync } from 'node:child_process';

/** Longest wait for tmux to name the pane (the title is a nicety; the session must not wait on it). */
const TMUX_QUERY_TIMEOUT_MS = 500;

/** Inside tmux, `tmux/<pane number>` from `$TMUX_PANE` (`%12` → `tmux/12`); else undefined (the root record). */
export function paneRecordId(env: NodeJS.ProcessEnv): string | undefined {
  const pane = env['TMUX_PANE'];
  if (!env['TMUX'] || pane === undefined) return undefined;
  const number = /^%(\d{1,9})$/u.exec(pane)?.[1];
  return number === undefined ? undefined : `tmux/${number}`;
}

/** `session:window.pane` as tmux names the pane, for the report's title; undefined if tmux won't say. */
export function paneTitle(env: NodeJS.ProcessEnv): string | undefined {
  const pane = env['TMUX_PANE'];
  if (!env['TMUX'] || pane === undefined) return undefined;
  const result = spawnSync('tmux', ['display-message', '-p', '-t', pane, '#S:#I.#P'], {
    encoding: 'utf8',
    timeout: TMUX_QUERY_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const name = result.status === 0 ? result.stdout.trim() : '';
  return name === '' ? undefined : name;
}

/** How to carry a report through the multiplexers between the shim and the terminal. */
type Passthrough = { kind: 'none' } | { kind: 'tmux'; levels: number } | { kind: 'screen' };

/** tmux (`$TMUX`, `levels` of nesting) or GNU screen (`$STY`) passthrough, or none. */
export function passthroughFor(env: NodeJS.ProcessEnv, wrap: boolean, tmuxLevels: number): Passthrough {
  if (!wrap) return { kind: 'none' };
  if (env['TMUX']) return { kind: 'tmux', levels: tmuxLevels };
  if (env['STY']) return { kind: 'screen' };
  return { kind: 'none' };
}
