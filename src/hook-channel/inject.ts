// The edge of the settings injection: reads the user's `--settings` file, writes an oversized result to a file.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SettingsError } from '../hooks/errors.js';
import { DEFAULT_HOOK_EVENTS, type HookEventName } from '../hooks/events.js';
import { findSettingsArguments, mergeHookSettings, settingsValueKind, shimHooks, withSettingsArgument, type HookCommand, type SettingsArgument } from '../hooks/settings.js';

/** Longest merged settings passed inline: Linux refuses one argument over 128 KiB (MAX_ARG_STRLEN) with E2BIG. */
export const INLINE_SETTINGS_MAX_BYTES = 96 * 1024;
/** Largest user settings file read (Claude Code's own are a few KB). */
const USER_SETTINGS_MAX_BYTES = 1024 * 1024;
/** The file an oversized merge goes to, inside the session's private directory. */
const SPILL_FILE = 'settings.json';

/** How to inject. */
export interface InjectOptions {
  /** The shell command each event runs: `defaultHookCommand()` (the sh FIFO hook), or `argvHookCommand([...])`. */
  hookCommand: HookCommand;
  /** The events to hook (default {@link DEFAULT_HOOK_EVENTS}). */
  events?: readonly HookEventName[];
  /** Where claude runs: a relative `--settings` path is read from here, as Claude Code does. */
  cwd: string;
  /** A private (0700) directory for the merged settings when they are too long for one argument. */
  spillDir?: string;
}

/** The argv to spawn claude with; when injection failed, the user's argv unchanged and the reason. */
export type InjectResult =
  | { injected: true; argv: string[]; settingsFile?: string }
  | { injected: false; argv: string[]; error: SettingsError };

/** The parsed value of the `--settings` Claude Code would read, or undefined when there is none. */
function readUserSettings(last: SettingsArgument | undefined, cwd: string): unknown {
  if (last === undefined) return undefined;
  let text = last.value;
  if (settingsValueKind(last.value) === 'file') {
    const path = resolve(cwd, last.value);
    try {
      if (statSync(path).size > USER_SETTINGS_MAX_BYTES) throw new SettingsError('settings-unreadable', `${path} is larger than 1 MiB`);
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if (error instanceof SettingsError) throw error;
      throw new SettingsError('settings-unreadable', `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SettingsError('settings-invalid-json', `the --settings ${settingsValueKind(last.value) === 'file' ? 'file' : 'value'} is not valid JSON`);
  }
}

/**
 * The argv to spawn `claude` with: the user's argv with one `--settings` holding the user's settings (if
 * any) plus the shim's hooks, as a JSON string. When the user's `--settings` cannot be read or merged, the
 * argv is returned unchanged (Claude Code then reports the problem itself, as it would without the shim).
 */
export function injectClaudeHooks(argv: readonly string[], options: InjectOptions): InjectResult {
  try {
    const found = findSettingsArguments(argv);
    const user = readUserSettings(found.at(-1), options.cwd);
    const merged = mergeHookSettings(user, shimHooks(options.hookCommand, options.events ?? DEFAULT_HOOK_EVENTS));
    const json = JSON.stringify(merged);
    if (Buffer.byteLength(json) > INLINE_SETTINGS_MAX_BYTES) {
      // Too long for one argument: a file in the private directory, or no hooks at all (never an E2BIG).
      if (options.spillDir === undefined) throw new SettingsError('settings-too-large', 'the merged settings are too long for one argument');
      const settingsFile = join(options.spillDir, SPILL_FILE);
      try {
        writeFileSync(settingsFile, json, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        throw new SettingsError('settings-too-large', `the merged settings are too long for one argument and cannot be written to ${settingsFile}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
      return { injected: true, argv: withSettingsArgument(argv, found, settingsFile), settingsFile };
    }
    return { injected: true, argv: withSettingsArgument(argv, found, json) };
  } catch (error) {
    if (error instanceof SettingsError) return { injected: false, argv: [...argv], error };
    throw error;
  }
}
