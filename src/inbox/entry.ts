// Pure: one registry entry (a live session's published state) and its validation when read back.
import { BLOCKED_KINDS, STATES, type BlockedKind, type State } from '../protocol/types.js';

/** Version of the entry format; readers ignore entries of another version. */
export const ENTRY_VERSION = 1;

/** What never changes during a session: given to the publisher when the shim starts. */
export interface SessionInfo {
  /** The session id (`<pid>-<hex>`, the child's `OSF7501_SESSION`). */
  id: string;
  /** The shim's pid: the entry is stale once it is gone. */
  pid: number;
  /** The app name the session reports under (`claude`, `bash`). */
  app: string;
  /** The wrapped command and its arguments. */
  command: string[];
  cwd: string;
  /** The user's terminal (`/dev/pts/3`), when known. */
  tty?: string;
  /** Inside tmux: the server's socket and the pane (`%12`) the session runs in, for `jump` and `watch`. */
  tmux?: TmuxPlace;
}

/** Where in tmux a session runs: `$TMUX`'s socket path and `$TMUX_PANE`. */
export interface TmuxPlace {
  socket: string;
  pane: string;
}

/** The tmux place in an environment (`TMUX=/tmp/tmux-0/default,123,0`, `TMUX_PANE=%3`), if any. */
export function tmuxPlace(env: Readonly<Record<string, string | undefined>>): TmuxPlace | undefined {
  const socket = env['TMUX']?.split(',')[0];
  const pane = env['TMUX_PANE'];
  if (socket === undefined || !socket.startsWith('/') || pane === undefined || !/^%[0-9]+$/u.test(pane)) return undefined;
  return { socket, pane };
}

function parseTmux(value: unknown): TmuxPlace | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) return null;
  const { socket, pane } = value as Record<string, unknown>;
  if (typeof socket !== 'string' || !socket.startsWith('/') || typeof pane !== 'string' || !/^%[0-9]+$/u.test(pane)) return null;
  return { socket, pane };
}

/** One live session as written to `<dir>/<id>.json`. */
export interface SessionEntry extends SessionInfo {
  version: typeof ENTRY_VERSION;
  state: State;
  kind?: BlockedKind;
  msg?: string;
  /** A blocked session's dialog as its screen shows it: the answers it offers (`1. Yes`) and its key hints. */
  choices?: string[];
  keys?: string[];
  /** Epoch ms when the session entered its current state. */
  since: number;
  /** Epoch ms of the last change of state, kind or msg. */
  changed: number;
  /** Counts every published change (starts at 0): `wait --next` waits for a higher one. */
  revision: number;
  /** Another machine's session: the host it was listed from (`ls --host`); never written to the registry. */
  host?: string;
}

const ID_PATTERN = /^[1-9][0-9]{0,9}-[0-9a-f]{4,32}$/u;

/** True for a well-formed session id (`<pid>-<hex>`); ids name files, so nothing else is accepted. */
export function isSessionId(id: string): boolean {
  return ID_PATTERN.test(id);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** A short list of strings (the choices and key hints of a dialog), or undefined when absent. */
function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length <= MAX_LIST && value.every(isString);
}
const MAX_LIST = 16;

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The entry in `json`, or undefined when it is not a well-formed entry of this version. */
export function parseEntry(json: string): SessionEntry | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const e = raw as Record<string, unknown>;
  if (e['version'] !== ENTRY_VERSION) return undefined;
  const { id, pid, app, command, cwd, tty, state, kind, msg, choices, keys, since, changed, revision } = e;
  const tmux = parseTmux(e['tmux']);
  if (tmux === null) return undefined;
  if (!isString(id) || !isSessionId(id) || !isWholeNumber(pid) || pid === 0) return undefined;
  if (!isString(app) || !isString(cwd) || !Array.isArray(command) || !command.every(isString)) return undefined;
  if (!isString(state) || !(STATES as readonly string[]).includes(state)) return undefined;
  if (kind !== undefined && !(isString(kind) && (BLOCKED_KINDS as readonly string[]).includes(kind))) return undefined;
  if ((tty !== undefined && !isString(tty)) || (msg !== undefined && !isString(msg))) return undefined;
  if ((choices !== undefined && !isStringList(choices)) || (keys !== undefined && !isStringList(keys))) return undefined;
  if (!isWholeNumber(since) || !isWholeNumber(changed) || !isWholeNumber(revision)) return undefined;
  return {
    version: ENTRY_VERSION,
    id,
    pid,
    app,
    command: command as string[],
    cwd,
    ...(tty === undefined ? {} : { tty }),
    ...(tmux === undefined ? {} : { tmux }),
    state: state as State,
    ...(kind === undefined ? {} : { kind: kind as BlockedKind }),
    ...(msg === undefined ? {} : { msg }),
    ...(choices === undefined ? {} : { choices: choices as string[] }),
    ...(keys === undefined ? {} : { keys: keys as string[] }),
    since,
    changed,
    revision,
  };
}

/** What a report or classification says about the session now. */
export interface StateUpdate {
  state: State;
  kind?: BlockedKind;
  msg?: string;
  /** Only with `blocked`: what its dialog offers (dialogChoices). */
  choices?: readonly string[];
  keys?: readonly string[];
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));
}

/**
 * The entry after `update` at `now`, or the same object when nothing changed. `since` moves only when
 * the state (or a blocked session's kind) changes; a new msg or new choices alone are a change but not a new state.
 */
export function applyUpdate(entry: SessionEntry, update: StateUpdate, now: number): SessionEntry {
  const blocked = update.state === 'blocked';
  const kind = blocked ? update.kind : undefined;
  const choices = blocked && update.choices !== undefined && update.choices.length > 0 ? [...update.choices] : undefined;
  const keys = blocked && update.keys !== undefined && update.keys.length > 0 ? [...update.keys] : undefined;
  const sameDialog = sameList(entry.choices, choices) && sameList(entry.keys, keys);
  if (entry.state === update.state && entry.kind === kind && entry.msg === update.msg && sameDialog) return entry;
  const newState = entry.state !== update.state || entry.kind !== kind;
  const { kind: _k, msg: _m, choices: _c, keys: _h, ...rest } = entry;
  return {
    ...rest,
    state: update.state,
    ...(kind === undefined ? {} : { kind }),
    ...(update.msg === undefined ? {} : { msg: update.msg }),
    ...(choices === undefined ? {} : { choices }),
    ...(keys === undefined ? {} : { keys }),
    since: newState ? now : entry.since,
    changed: now,
    revision: entry.revision + 1,
  };
}

/** A fresh entry: `idle` since `now`, revision 0. */
export function initialEntry(info: SessionInfo, now: number): SessionEntry {
  return { version: ENTRY_VERSION, ...info, state: 'idle', since: now, changed: now, revision: 0 };
}
