// Which lifecycle a session's program gets: an agent's (its rule file), a shell's, or a plain program's.
import type { Lifecycle } from '../signals/terminal-verdict.js';
import { isShellCommand } from './command-name.js';
import type { SelectedRules } from './load.js';

/** A rule file of its own gives its `lifecycle` (an agent's by default); the generic fallback a shell's or a program's. */
export function sessionLifecycle(selected: SelectedRules, command: string, args: readonly string[]): Lifecycle {
  if (selected.reason !== 'fallback') return selected.rules.lifecycle;
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
