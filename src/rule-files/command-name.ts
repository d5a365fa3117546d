// A command's name as rule files list it (kept apart from load.ts: wrapping a program needs it before any rule file is read).
import { basename } from 'node:path';

/** A command's basename as `commands` lists it: no folder, no Windows executable suffix. */
export function commandBasename(command: string): string {
  return basename(command.replace(/\\/gu, '/')).replace(/\.(exe|cmd|bat)$/iu, '');
}

/** Interactive shells: their commands, not the shell itself, run and end (spec/signals.md, "Any program"). */
const SHELLS = new Set(['bash', 'zsh', 'fish', 'sh', 'dash', 'ksh', 'mksh', 'tcsh', 'csh', 'ash', 'nu', 'xonsh', 'elvish', 'pwsh', 'yash']);

/** The command is a shell (`bash`, `/bin/zsh`). */
export function isShellCommand(command: string): boolean {
  return SHELLS.has(commandBasename(command));
}
