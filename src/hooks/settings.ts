// Pure: add the shim's hooks to a `claude` command line as its one `--settings`, merged with the user's.
import { SettingsError } from './errors.js';
import { PAYLOAD_MAX_BYTES, type HookEventName } from './events.js';
import { needsPayload } from './map-event.js';
import { HOOK_FIFO_ENV, HOOK_TOKEN_ENV } from './wire.js';

/**
 * Seconds Claude Code lets one hook command run before killing it. The sh hook ends in a few ms; only a
 * stdin Claude Code holds open (it writes the payload and closes it) or a shim that stopped reading with
 * the FIFO's buffer full (64 KiB, some 800 lines) could hold it longer, and this bounds both.
 */
const HOOK_TIMEOUT_S = 5;

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

/** What runs for one event: the shell command Claude Code hands to `/bin/sh -c` (`payload`: ship stdin whatever the event). */
export type HookCommand = (event: HookEventName, payload?: boolean) => string;

/**
 * The shim's hook for `event`, plain POSIX sh (no node start-up: a call costs about what `sh -c true`
 * does). It writes one line (wire.ts) to the FIFO named by $OSF7501_HOOK_FIFO:
 *
 * - `[ -p "$f" ]`: nothing at all without a session (no env, the directory removed);
 * - `1<>"$f"`: the FIFO opened read-write, which never blocks (a write-only open waits for a reader)
 *   and never raises SIGPIPE; a shim that is gone leaves no reader, and the line is dropped on close;
 * - printf, a builtin, writes the line in one write() of under 80 bytes (atomic below PIPE_BUF);
 * - only PermissionRequest and Notification read stdin (see needsPayload): `head -c` copies at most
 *   PAYLOAD_MAX_BYTES of it into `payload.$$` in the private directory (no byte-by-byte `read`, no
 *   subshell) and the line names that file; the server reads, maps and deletes it;
 * - every redirection and command is on a regular builtin or an external program, never `exec`, so no
 *   failure can end the shell with a status other than the final `exit 0` (status 2 would block a tool).
 *
 * It prints nothing. `head -c` is not POSIX but is in GNU, BSD/macOS and busybox alike.
 */
export function fifoHookCommand(event: HookEventName, payload = false): string {
  return fifoHookLine(event, payload || needsPayload(event));
}

/** Event names a hook line may carry: plain words (they are written into the sh command unquoted). */
const SAFE_EVENT = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;

/**
 * The sh hook of {@link fifoHookCommand} for any agent's `event`: with `withPayload`, stdin is copied to a
 * payload file the line names. Throws for an event name that is not a plain word (a programming error).
 */
export function fifoHookLine(event: string, withPayload: boolean): string {
  if (!SAFE_EVENT.test(event)) throw new Error(`hook event name ${JSON.stringify(event)} is not a plain word`);
  const start = `f=$${HOOK_FIFO_ENV}; [ -p "$f" ] && `;
  if (!withPayload) return `${start}printf '%s ${event}\\n' "$${HOOK_TOKEN_ENV}" 2>/dev/null 1<>"$f"; exit 0`;
  return (
    `${start}{ head -c ${PAYLOAD_MAX_BYTES} 2>/dev/null >"\${f%/*}/payload.$$"; ` +
    `printf '%s ${event} payload.%s\\n' "$${HOOK_TOKEN_ENV}" "$$" 2>/dev/null 1<>"$f"; }; exit 0`
  );
}

/** The hook command the shim injects: {@link fifoHookCommand}. */
export function defaultHookCommand(): HookCommand {
  return fifoHookCommand;
}

/** A hook command that runs `<argv…> <event>`, its output discarded, its failure hidden (hand-made set-ups, e.g. `osf7501 hook`). */
export function argvHookCommand(commandArgv: readonly string[]): HookCommand {
  return (event) => `${[...commandArgv, event].map(shellQuote).join(' ')} >/dev/null 2>&1 || true`;
}

/** One matcher group of Claude Code's `hooks` settings. */
interface HookMatcherGroup {
  matcher?: string;
  hooks: Array<{ type: 'command'; command: string; timeout: number }>;
}

/** Events whose hooks are filtered by a tool-name matcher (`*` = every tool). */
const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set(['PreToolUse', 'PostToolUse', 'PermissionRequest']);

/**
 * The tools whose PostToolUse payload is shipped (a second matcher group beside the bare `*` one): TodoWrite's
 * input is the whole todo list, TaskUpdate's a task's new status (task-ledger.ts). Every other tool's call stays a bare `sh -c` (see needsPayload).
 */
export const TASK_LIST_TOOLS = 'TodoWrite|TaskUpdate';

/** The shim's own `hooks` block: one matcher group per event, each running `command(event)`. */
export function shimHooks(command: HookCommand, events: readonly HookEventName[]): Record<string, HookMatcherGroup[]> {
  const hooks: Record<string, HookMatcherGroup[]> = {};
  for (const event of events) {
    const group: HookMatcherGroup = {
      ...(TOOL_EVENTS.has(event) ? { matcher: '*' } : {}),
      hooks: [{ type: 'command', command: command(event), timeout: HOOK_TIMEOUT_S }],
    };
    hooks[event] = [group];
    if (event === 'PostToolUse') {
      hooks[event].unshift({ matcher: TASK_LIST_TOOLS, hooks: [{ type: 'command', command: command(event, true), timeout: HOOK_TIMEOUT_S }] });
    }
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
