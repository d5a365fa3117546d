// Pure: add the shim's hooks to a `claude` command line as its one `--settings`, merged with the user's.
import { SettingsError } from './errors.js';
import type { HookEventName } from './events.js';

/** Seconds Claude Code lets one hook command run before killing it (the command bounds itself far lower). */
export const HOOK_TIMEOUT_S = 5;

/** The flag, in both spellings Claude Code accepts (commander: `--settings X`, `--settings=X`). */
const FLAG = '--settings';

/** One `--settings` occurrence in argv: where it is, how many entries it takes, its value. */
export interface SettingsArgument {
  index: number;
  /** 2 for `--settings X`, 1 for `--settings=X`. */
  span: 1 | 2;
  value: string;
}

/**
 * Every `--settings` before a `--` in `argv` (commander keeps the last one). Throws a SettingsError
 * (`settings-missing-value`) for a trailing `--settings` without a value.
 */
export function findSettingsArguments(argv: readonly string[]): SettingsArgument[] {
  const found: SettingsArgument[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (arg === FLAG) {
      const value = argv[i + 1];
      if (value === undefined) throw new SettingsError('settings-missing-value', '--settings is the last argument and has no value');
      found.push({ index: i, span: 2, value });
      i++;
    } else if (arg.startsWith(`${FLAG}=`)) {
      found.push({ index: i, span: 1, value: arg.slice(FLAG.length + 1) });
    }
  }
  return found;
}

/** How Claude Code reads a `--settings` value: JSON when, trimmed, it starts with `{` and ends with `}`; else a path. */
export function settingsValueKind(value: string): 'json' | 'file' {
  const trimmed = value.trim();
  return trimmed.startsWith('{') && trimmed.endsWith('}') ? 'json' : 'file';
}

/** POSIX shell single-quoting (safe for any byte but NUL). */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The hook's shell command for `event`: `<argv…> <event>`, its output discarded, its failure hidden. */
export function hookShellCommand(commandArgv: readonly string[], event: HookEventName): string {
  return `${[...commandArgv, event].map(shellQuote).join(' ')} >/dev/null 2>&1 || true`;
}

/** One matcher group of Claude Code's `hooks` settings. */
export interface HookMatcherGroup {
  matcher?: string;
  hooks: Array<{ type: 'command'; command: string; timeout: number }>;
}

/** Events whose hooks are filtered by a tool-name matcher (`*` = every tool). */
const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set(['PreToolUse', 'PostToolUse', 'PermissionRequest']);

/** The shim's own `hooks` block: one matcher group per event, each running `commandArgv <event>`. */
export function shimHooks(commandArgv: readonly string[], events: readonly HookEventName[]): Record<string, HookMatcherGroup[]> {
  const hooks: Record<string, HookMatcherGroup[]> = {};
  for (const event of events) {
    const group: HookMatcherGroup = {
      ...(TOOL_EVENTS.has(event) ? { matcher: '*' } : {}),
      hooks: [{ type: 'command', command: hookShellCommand(commandArgv, event), timeout: HOOK_TIMEOUT_S }],
    };
    hooks[event] = [group];
  }
  return hooks;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The user's settings with the shim's hooks appended to each event's list (the user's own groups first,
 * untouched). `user` is the parsed `--settings` value, or undefined when there was none. Throws a
 * SettingsError when the user's settings or their `hooks` are not objects, or an event's entry is not a list.
 */
export function mergeHookSettings(user: unknown, ours: Readonly<Record<string, readonly HookMatcherGroup[]>>): Record<string, unknown> {
  if (user === undefined) return { hooks: structuredCloneHooks(ours) };
  if (!isPlainObject(user)) throw new SettingsError('settings-not-object', 'the --settings value is JSON but not an object');
  const userHooks = user['hooks'];
  if (userHooks !== undefined && !isPlainObject(userHooks)) throw new SettingsError('hooks-not-object', '"hooks" in the --settings value is not an object');
  const hooks: Record<string, unknown> = { ...(userHooks ?? {}) };
  for (const [event, groups] of Object.entries(ours)) {
    const existing = hooks[event];
    if (existing !== undefined && !Array.isArray(existing)) {
      throw new SettingsError('hooks-not-object', `"hooks.${event}" in the --settings value is not a list`);
    }
    hooks[event] = [...(existing ?? []), ...structuredCloneHooks({ [event]: groups })[event]!];
  }
  return { ...user, hooks };
}

function structuredCloneHooks(hooks: Readonly<Record<string, readonly HookMatcherGroup[]>>): Record<string, HookMatcherGroup[]> {
  return JSON.parse(JSON.stringify(hooks)) as Record<string, HookMatcherGroup[]>;
}

/**
 * `argv` with one `--settings <value>`: in place of the user's last `--settings` (the one Claude Code would
 * read; the others are dropped), or first when there was none (before any subcommand or `--`).
 */
export function withSettingsArgument(argv: readonly string[], found: readonly SettingsArgument[], value: string): string[] {
  const last = found.at(-1);
  if (last === undefined) return [FLAG, value, ...argv];
  const drop = new Set<number>();
  for (const f of found) for (let k = 0; k < f.span; k++) drop.add(f.index + k);
  const out: string[] = [];
  argv.forEach((arg, i) => {
    if (i === last.index) out.push(FLAG, value);
    if (!drop.has(i)) out.push(arg);
  });
  return out;
}
