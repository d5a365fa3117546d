// Pure: other machines' sessions, as `ssh HOST osf7501 ls --json` (or one line of `watch --json`) prints them —
// read with the entry format's version checked, named by their host, merged with this machine's, and the ssh
// command line that reaches a remote session's tmux pane. The ssh processes are the edge's (ssh-fleet.ts).
import { ENTRY_VERSION, parseEntry, type SessionEntry } from './entry.js';
import { printable } from './format.js';
import { byUrgency } from './order.js';

/** What one host's answer gave: its sessions, or one line saying why there are none to show. */
export type HostResult = { host: string; sessions: SessionEntry[] } | { host: string; problem: string };

/** How a host's ssh run ended (the edge's facts). */
export interface HostRun {
  host: string;
  /** ssh's exit status; null when it was killed (the time limit). */
  status: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The time limit, ms (named when it was hit). */
  limitMs: number;
}

/** ssh's own failures (cannot connect, refused, host key, authentication) exit 255. */
const SSH_FAILED = 255;
/** A shell's `command not found`. */
const NOT_FOUND = 127;

/** A host name as given (`--host`, `hosts = […]`): no option for ssh (`-oProxyCommand=…`), no blanks or controls. */
export function hostProblem(host: string): string | undefined {
  if (host === '') return 'an empty host name';
  if (host.startsWith('-')) return `host "${host}" starts with '-' (ssh would read an option)`;
  if (/[\s\u0000-\u001f\u007f]/u.test(host)) return `host ${JSON.stringify(host)} has blanks or control characters`;
  return undefined;
}

/** The first non-empty line of ssh's or the remote's stderr, one line, at most 200 characters. */
function firstLine(text: string): string {
  const line = text.split('\n').map((l) => l.replace(/[\u0000-\u001f\u007f]/gu, '').trim()).find((l) => l !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * The entries of one `ls --json` array (or one `watch --json` line), each given `host`; a problem for anything else.
 * `since` is made this machine's from the remote's `inStateMs` (read at `now`), so another clock does not skew it.
 */
export function readRemoteList(host: string, text: string, now: number): HostResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { host, problem: `${host}: osf7501 there printed no session list (its ls --json is too old, or it is not osf7501)` };
  }
  if (!Array.isArray(raw)) return { host, problem: `${host}: osf7501 there printed no session list (its ls --json is too old, or it is not osf7501)` };
  const versions = raw.map((e) => (typeof e === 'object' && e !== null ? (e as Record<string, unknown>)['version'] : undefined));
  const other = versions.find((v) => v !== ENTRY_VERSION);
  if (other !== undefined) {
    const newer = typeof other === 'number' && other > ENTRY_VERSION;
    return {
      host,
      problem: newer
        ? `${host}: its osf7501 is newer (session format ${other}, this one reads ${ENTRY_VERSION}): update osf7501 here`
        : `${host}: its osf7501 is too old (session format ${JSON.stringify(other ?? null)}, this one reads ${ENTRY_VERSION}): update osf7501 there`,
    };
  }
  const sessions: SessionEntry[] = [];
  for (const item of raw) {
    const entry = parseEntry(JSON.stringify(item));
    if (entry === undefined) return { host, problem: `${host}: osf7501 there printed a session this one cannot read` };
    const inState = (item as Record<string, unknown>)['inStateMs'];
    const since = typeof inState === 'number' && Number.isFinite(inState) && inState >= 0 ? Math.max(0, now - inState) : entry.since;
    sessions.push({ ...entry, since, host });
  }
  return { host, sessions };
}

/** One host's run of `ssh HOST osf7501 ls --json`: its sessions, or the one line that names why not. */
export function hostResult(run: HostRun, now: number): HostResult {
  const { host } = run;
  if (run.timedOut) return { host, problem: `${host}: no answer within ${Math.round(run.limitMs / 100) / 10} s` };
  if (run.status === SSH_FAILED) return { host, problem: `${host}: unreachable (${firstLine(run.stderr) || `ssh exited with status ${SSH_FAILED}`})` };
  if (run.status === NOT_FOUND) return { host, problem: `${host}: osf7501 is not on the PATH there` };
  if (run.status !== 0) {
    const why = firstLine(run.stderr);
    const old = /unknown option|unknown command|too many arguments/iu.test(why);
    return { host, problem: old ? `${host}: its osf7501 is too old for this one (${why})` : `${host}: osf7501 there exited with status ${run.status}${why === '' ? '' : ` (${why})`}` };
  }
  return readRemoteList(host, run.stdout, now);
}

/** This machine's sessions and every host's, most urgent first; and the hosts' problems, in the hosts' order. */
export function mergeFleet(local: readonly SessionEntry[], hosts: readonly HostResult[]): { sessions: SessionEntry[]; problems: string[] } {
  const sessions = [...local];
  const problems: string[] = [];
  for (const result of hosts) {
    if ('problem' in result) problems.push(result.problem);
    else sessions.push(...result.sessions);
  }
  return { sessions: sessions.sort(byUrgency), problems };
}

/** A word as the remote shell reads it: as it is when it is plain, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/gu, `'\\''`)}'`;
}

/**
 * The command that reaches a remote session: `ssh -t HOST 'tmux -S SOCKET attach-session -t %3 \; select-window -t %3
 * \; select-pane -t %3'` when it runs in tmux there, else `ssh -t HOST` and where it runs.
 */
export function remoteJumpLine(entry: SessionEntry & { host: string }): string {
  const host = shellWord(entry.host);
  if (entry.tmux === undefined) return `ssh -t ${host}   # ${entry.id} runs there on ${printable(entry.tty ?? 'no known tty', 64)}, pid ${entry.pid}, in ${printable(entry.cwd, 200)}`;
  const pane = shellWord(entry.tmux.pane);
  const remote = `tmux -S ${shellWord(entry.tmux.socket)} attach-session -t ${pane} \\; select-window -t ${pane} \\; select-pane -t ${pane}`;
  return `ssh -t ${host} ${shellWord(remote)}`;
}
