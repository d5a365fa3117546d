// The registry of live sessions: each shim publishes its entry as `<dir>/<id>.json`; readers list them.
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { maskArgs, maskSecrets, type Report } from '../protocol/index.js';
import type { Classification } from '../rules/types.js';
import type { ReportLogSink, ReportSource } from '../signals/types.js';
import { dialogChoices, type DialogChoices } from './dialog-choices.js';
import { applyUpdate, initialEntry, parseEntry, type SessionEntry, type SessionInfo, type StateUpdate } from './entry.js';
import type { InputView } from './input-decision.js';
import { liveSessions } from './order.js';
import { checkRuntimeDir, entryPath, socketPath, statePath } from './runtime-dir.js';

/** What the input server asks of the session at the moment it writes (see input-server.ts). */
export interface SessionInput {
  inputView(): InputView;
}

/** Options of a publisher: where to write, the clock (epoch ms), who hears of changes. */
interface PublisherOptions {
  /** The registry directory, already checked (`ensureRuntimeDir`). */
  dir: string;
  now?: () => number;
  /** Told after each published change of state, kind or msg (the notifier). */
  onChange?: (entry: SessionEntry, previous: SessionEntry) => void;
}

/**
 * Publishes one session's state: written atomically (temp file + rename) at start and on every change,
 * removed by `dispose()` (idempotent). A failing disk never stops the session: the entry just goes stale.
 */
export class RegistryPublisher implements ReportLogSink, SessionInput {
  private current: SessionEntry;
  private readonly file: string;
  private readonly stateFile: string;
  /** The state last written to `stateFile`. */
  private writtenState: string | undefined;
  private readonly now: () => number;
  private screenBlocked = false;
  /** What the dialog on the latest screen offers, while the session or its screen is blocked. */
  private dialog: DialogChoices | undefined;
  private seen = 0;
  private tempCounter = 0;
  private disposed = false;

  constructor(
    info: SessionInfo,
    private readonly options: PublisherOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.file = entryPath(options.dir, info.id);
    this.stateFile = statePath(options.dir, info.id);
    // The command line as `ls` shows it: a password on it (`mysql -pX`, `--token X`) is masked like a report's.
    this.current = initialEntry({ ...info, command: maskArgs(info.command) }, this.now());
    this.write();
  }

  /** The entry as last published. */
  get entry(): SessionEntry {
    return this.current;
  }

  /** A new classification of the screen: a dialog on screen blocks `send` even before its report. */
  classification(c: Classification): void {
    if (this.disposed) return;
    this.screenBlocked = c.state === 'blocked';
    this.seen++;
  }

  /**
   * A changed screen (the sweep's visible rows, and their classification): while the session or its
   * screen is blocked, the choices of the dialog on it go into the entry (`watch` shows them for `a`).
   */
  screen(lines: readonly string[], c: Classification): void {
    if (this.disposed) return;
    const blocked = c.state === 'blocked' || this.current.state === 'blocked';
    const found = blocked ? dialogChoices(lines) : undefined;
    this.dialog = found && { choices: found.choices.map(maskSecrets), keys: found.keys.map(maskSecrets) };
    if (this.current.state === 'blocked') this.publish({ state: 'blocked', ...(this.current.kind ? { kind: this.current.kind } : {}), ...(this.current.msg ? { msg: this.current.msg } : {}) });
  }

  /** A report (screen, native or exit): the published state follows it. */
  report(r: Report, _source: ReportSource): void {
    if (this.disposed) return;
    this.seen++;
    this.publish({ state: r.state, ...(r.kind ? { kind: r.kind } : {}), ...(r.msg ? { msg: r.msg } : {}) });
  }

  private publish(state: StateUpdate): void {
    const update: StateUpdate = state.state === 'blocked' && this.dialog ? { ...state, choices: this.dialog.choices, keys: this.dialog.keys } : state;
    const previous = this.current;
    this.current = applyUpdate(previous, update, this.now());
    if (this.current === previous) return;
    this.write();
    this.options.onChange?.(this.current, previous);
  }

  /** The state check of safe send: blocked if the report or the latest screen says so. */
  inputView(): InputView {
    return { state: this.current.state, blocked: this.current.state === 'blocked' || this.screenBlocked, revision: this.seen };
  }

  /** Removes the entry. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    rmSync(this.file, { force: true });
    rmSync(this.stateFile, { force: true });
  }

  /**
   * The state word alone in `<id>.state` (what bin/osf7501's shell part reads for `status` without starting
   * Node: a shell cannot read JSON), then the entry, each atomically: an entry never lacks its state file.
   */
  private write(): void {
    if (this.current.state !== this.writtenState && this.writeAtomically(this.stateFile, `${this.current.state}\n`)) this.writtenState = this.current.state;
    this.writeAtomically(this.file, `${JSON.stringify(this.current)}\n`);
  }

  /** Writes `text` to `file` through a temporary file and a rename; false when the disk refused. */
  private writeAtomically(file: string, text: string): boolean {
    const temp = join(this.options.dir, `.${this.current.id}.${this.tempCounter++}.tmp`);
    try {
      writeFileSync(temp, text, { mode: 0o600 });
      renameSync(temp, file);
      return true;
    } catch {
      rmSync(temp, { force: true });
      return false;
    }
  }
}

/** True while process `pid` runs (EPERM: another user's process, so not one of our shims). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Options of `readSessions`. */
interface ReadOptions {
  alive?: (pid: number) => boolean;
  /** Remove the files of stale entries (a crashed shim's `.json` and `.sock`). */
  clean?: boolean;
}

/**
 * Every live session in `dir`, most urgent first. A missing directory is an empty registry; an unsafe one
 * throws an InboxError. Entries whose shim is gone are skipped (and removed with `clean`); unreadable or
 * malformed files are skipped.
 */
export function readSessions(dir: string, options: ReadOptions = {}): SessionEntry[] {
  let names: string[];
  try {
    checkRuntimeDir(dir);
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const alive = options.alive ?? pidAlive;
  const entries: SessionEntry[] = [];
  for (const name of names) {
    if (name.startsWith('.') || !name.endsWith('.json')) continue;
    let text: string;
    try {
      text = readFileSync(join(dir, name), 'utf8');
    } catch {
      continue; // removed between readdir and read: that session just ended
    }
    const entry = parseEntry(text);
    if (!entry || `${entry.id}.json` !== name || !entry.id.startsWith(`${entry.pid}-`)) continue;
    if (alive(entry.pid)) entries.push(entry);
    else if (options.clean) {
      rmSync(entryPath(dir, entry.id), { force: true });
      rmSync(socketPath(dir, entry.id), { force: true });
      rmSync(statePath(dir, entry.id), { force: true });
    }
  }
  return liveSessions(entries, () => true);
}
