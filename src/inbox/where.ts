// Pure: how to get to a session — a tmux pane to switch to, or a sentence saying where it runs.
import type { SessionEntry } from './entry.js';
import { remoteJumpLine } from './fleet.js';
import { printable, stateLabel } from './format.js';

/** What `jump` (and Enter in `watch`) does for a session. */
type JumpPlan = { kind: 'tmux'; socket: string; pane: string } | { kind: 'say'; text: string };

/** Where the session runs, in one line: `1234-ab12 (claude, blocked:permission) runs in tmux pane %3 on /dev/pts/3, pid 1234, in /w`. */
function whereLine(entry: SessionEntry): string {
  const pane = entry.tmux === undefined ? '' : ` in tmux pane ${entry.tmux.pane}`;
  const tty = entry.tty === undefined ? '' : ` on ${printable(entry.tty, 64)}`;
  return `${entry.id} (${printable(entry.app, 64)}, ${stateLabel(entry)}) runs${pane}${tty}, pid ${entry.pid}, in ${printable(entry.cwd, 200)}`;
}

/**
 * Another host's session: the ssh command that reaches it. Switch tmux to the session's pane when the session runs under the same tmux server as the caller
 * (`callerSocket`, from the caller's `$TMUX`); otherwise say where it runs.
 */
export function jumpPlan(entry: SessionEntry, callerSocket: string | undefined): JumpPlan {
  if (entry.host !== undefined) return { kind: 'say', text: remoteJumpLine({ ...entry, host: entry.host }) };
  if (entry.tmux !== undefined && callerSocket !== undefined && entry.tmux.socket === callerSocket) {
    return { kind: 'tmux', socket: entry.tmux.socket, pane: entry.tmux.pane };
  }
  return { kind: 'say', text: whereLine(entry) };
}
