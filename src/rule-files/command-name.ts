// A command's name as rule files list it (kept apart from load.ts: wrapping a program needs it before any rule file is read).
import { basename } from 'node:path';

/** A command's basename as `commands` lists it: no folder, no Windows executable suffix. */
export function commandBasename(command: string): string {
  return basename(command.replace(/\\/gu, '/')).replace(/\.(exe|cmd|bat)$/iu, '');
}
