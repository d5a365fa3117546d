// Which lifecycle a session's program gets: an agent's (its rule file), a shell's, or a plain program's.
import type { Lifecycle } from '../signals/terminal-verdict.js';
import { isShellCommand } from './command-name.js';
import type { SelectedRules } from './load.js';

/** A rule file of its own (an agent's, or `--rules`) keeps the agent's lifecycle; the generic fallback gives the others. */
export function sessionLifecycle(selected: SelectedRules, command: string, args: readonly string[]): Lifecycle {
  if (selected.reason !== 'fallback') return 'agent';
  return isShellCommand(command) && interactive(args) ? 'shell' : 'program';
}

/** A shell's arguments leave it interactive: no `-c` command, no script (`sh -c …`, `bash build.sh` are programs). */
function interactive(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false; // a script or its arguments follow
    if (!arg.startsWith('-')) return false;
    if (/^-[a-z]*c/u.test(arg)) return false;
  }
  return true;
}
