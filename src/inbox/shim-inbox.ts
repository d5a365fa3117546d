// The inbox side of one wrapped session: its registry entry, its input socket, its notifications.
import type { Report } from '../protocol/index.js';
import type { Classification } from '../rules/types.js';
import type { ReportLogSink, ReportSource } from '../signals/types.js';
import type { DriftEvent } from '../signals/drift.js';
import { tmuxPlace, type SessionInfo } from './entry.js';
import { InboxError } from './errors.js';
import { InputServer } from './input-server.js';
import { Notifier, type NotifyMode } from './notifier.js';
import { RegistryPublisher } from './registry.js';
import { ensureRuntimeDir, runtimeDirPath, socketPath } from './runtime-dir.js';

/** What the shim gives its inbox. */
interface ShimInboxOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Types into the child (the relay's `writeToChild`). */
  writeToChild: (bytes: Uint8Array) => void;
  /** `--notify`: where notifications go; none when absent. */
  notify?: NotifyMode;
  /** Writes a notification sequence through the report gate (needed for terminal notifications). */
  writeTerminal?: (bytes: Uint8Array) => void;
}

/** A session's inbox: `sink` goes to the reporter's log; `dispose()` (idempotent) unpublishes it. */
export interface ShimInbox {
  readonly sink: ReportLogSink;
  readonly publisher: RegistryPublisher;
  dispose(): void;
}

/**
 * Publishes the session and opens its input socket. An unusable directory (another user's, group
 * readable) is an InboxError: the caller goes on without an inbox. A socket that fails to listen only
 * turns send/answer off.
 */
export function startInbox(info: SessionInfo, options: ShimInboxOptions): ShimInbox {
  const dir = ensureRuntimeDir(runtimeDirPath(options.env));
  const notifier =
    options.notify === undefined
      ? undefined
      : new Notifier({ mode: options.notify, env: options.env, writeTerminal: options.writeTerminal ?? (() => {}) });
  const tmux = info.tmux ?? tmuxPlace(options.env);
  const publisher = new RegistryPublisher(tmux === undefined ? info : { ...info, tmux }, {
    dir,
    ...(notifier ? { onChange: (entry, previous) => notifier.changed(entry, previous) } : {}),
  });
  const server = new InputServer({ path: socketPath(dir, info.id), session: publisher, onInput: options.writeToChild });
  server.ready.catch(() => server.dispose());
  let disposed = false;
  return {
    sink: publisher,
    publisher,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      server.dispose();
      notifier?.dispose();
      publisher.dispose();
    },
  };
}

/** Sends every classification and report to each sink (the `--log` file and the inbox). */
export function teeSinks(...sinks: Array<ReportLogSink | undefined>): ReportLogSink | undefined {
  const present = sinks.filter((s): s is ReportLogSink => s !== undefined);
  if (present.length <= 1) return present[0];
  return {
    classification: (c: Classification) => present.forEach((s) => s.classification(c)),
    report: (r: Report, source: ReportSource, completes?: boolean) => present.forEach((s) => s.report(r, source, completes)),
    drift: (d: DriftEvent) => present.forEach((s) => s.drift?.(d)),
    child: (r: Report) => present.forEach((s) => s.child?.(r)),
  };
}

export { InboxError };
