// Where the light hook entry lives once built, and the command that runs it.
import { fileURLToPath } from 'node:url';

/** The built light entry: dist/src/hooks/hook-entry.js, next to this module. */
export function hookEntryPath(): string {
  return fileURLToPath(new URL('./hook-entry.js', import.meta.url));
}

/**
 * The hook command without its event: this node (absolute, so the child's PATH does not matter) running
 * the light entry. Pass it to injectClaudeHooks as `hookCommand`.
 */
export function defaultHookCommand(node: string = process.execPath): string[] {
  return [node, hookEntryPath()];
}
