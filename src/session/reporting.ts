// Builds a session's reporting (rules, screen worker, tracker, gate, log) from the run options.
import { readFileSync } from 'node:fs';
import type { ExitPolicy } from '../status/index.js';
import { commandBasename, loadRuleCatalog, selectRules } from '../rule-files/load.js';
import { ForegroundRules } from './foreground-rules.js';
import { foregroundSource } from '../pty/foreground.js';
import { paneRecordId, paneTitle, passthroughFor } from '../tty/multiplexer.js';
export { NO_REPORT_ENV, reportingDisabledBecause, type ReportingOptions } from './reporting-switch.js';
import type { ReportingOptions } from './reporting-switch.js';
import { DEFAULT_SWEEP_TIMING } from '../sweep/sweep-scheduler.js';
import { ReportLog } from './report-log.js';
import { ScreenClient } from '../screen-worker/screen-client.js';
import { NativeBridge } from './native-bridge.js';
import { StatusReporter } from './status-reporter.js';
import { performance } from 'node:perf_hooks';
import type { NotifyMode } from '../inbox/notifier.js';
import { startInbox, teeSinks, type ShimInbox } from '../inbox/shim-inbox.js';
import type { Report } from '../protocol/index.js';

/** The running child as the reporting sees it (the relay, once it exists). */
export interface ChildHandle {
  /** Writes to the child's input, as if typed. */
  write(bytes: Uint8Array): void;
  /** The child's pid, once spawned. */
  pid(): number | undefined;
  /** node-pty's name for the PTY's foreground process (the only foreground fact without /proc). */
  foregroundName(): string | undefined;
}

/** A reporter ready to attach, and what must be released with it. */
export interface Reporting {
  reporter: StatusReporter;
  native: NativeBridge;
  /** Where the bridge writes to the child and which pid the child has; set once the relay exists. */
  connectChild(child: ChildHandle): void;
  /** Lines for stderr once the program has exited and the terminal is restored (never over its screen). */
  notices(): readonly string[];
  dispose(): void;
}

/**
 * Loads and validates the rules (a RuleError propagates: the caller exits 2 before spawning),
 * then starts the screen worker and the reporter.
 */
export function createReporting(
  options: ReportingOptions,
  size: { cols: number; rows: number },
  write: (bytes: Uint8Array) => void,
): Reporting {
  const selected = selectRules(commandBasename(options.command), {
    env: options.env,
    cwd: options.cwd,
    ...(options.rules === undefined ? {} : { rules: options.rules }),
  });
  const log = options.log === undefined ? undefined : new ReportLog(options.log);
  let reporter: StatusReporter | undefined;
  let child: ChildHandle | undefined;
  const toChild = (bytes: Uint8Array): void => child?.write(bytes);
  const childPid = (): number | undefined => child?.pid();
  const fallback = selected.reason === 'fallback';
  // A program without rules of its own (a shell) reports under its own name.
  const name = commandBasename(options.command);
  const app = fallback && /^[A-Za-z0-9_.+-]{1,32}$/u.test(name) ? name : selected.rules.app;
  const ruleText = selected.entry ? readFileSync(selected.entry.path, 'utf8') : '';
  const foreground =
    fallback && selected.entry
      ? new ForegroundRules(
          foregroundSource({
            childPid: () => childPid(),
            ptyName: () => child?.foregroundName(),
            command: options.command,
          }),
          { app, ruleText, ruleFile: selected.rules.file },
          (selected.catalog ?? loadRuleCatalog({ env: options.env })).active.filter((e) => e.rules.commands.length > 0),
          (entry) => readFileSync(entry.path, 'utf8'),
        )
      : undefined;
  const native = new NativeBridge({
    answerQueries: options.native,
    now: () => performance.now(),
    writeToChild: (bytes) => toChild(bytes),
    onReport: (report) => reporter?.noteNative(report),
  });
  const passthrough = passthroughFor(options.env, options.tmuxWrap, options.tmuxLevels ?? 1);
  const tmuxLevels = passthrough.kind === 'tmux' ? passthrough.levels : 0;
  const recordId = options.id ?? paneRecordId(options.env);
  const paneName = options.id === undefined ? paneTitle(options.env) : undefined;
  let inbox: ShimInbox | undefined;
  if (options.session) {
    try {
      inbox = startInbox(
        {
          id: options.session.id,
          pid: process.pid,
          app,
          command: [options.command, ...options.session.args],
          cwd: options.cwd,
          ...(options.session.tty === undefined ? {} : { tty: options.session.tty }),
        },
        {
          env: options.env,
          writeToChild: (bytes) => toChild(bytes),
          ...(options.notify === undefined
            ? {}
            : {
                notify: options.notify,
                writeTerminal: (bytes: Uint8Array) => reporter?.submitSequence(bytes),
              }),
        },
      );
    } catch {
      // An unusable registry directory (another user's, group-readable): the session runs unlisted.
    }
  }
  const sink = teeSinks(log, inbox?.sink);
  const notices: string[] = [];
  const screen = selected.entry
    ? new ScreenClient({
        cols: size.cols,
        rows: size.rows,
        ruleText,
        ruleFile: selected.rules.file,
        onFault: () => {
          // The screen is gone: the session goes on as plain passthrough, reports stay as they were.
        },
        onRuleDropped: ({ rule, file, limitMs }) => {
          log?.ruleDropped(rule, file, limitMs);
          notices.push(`rule "${rule}" in ${file} took longer than ${limitMs} ms on a screen and was dropped for the rest of the session`);
        },
      })
    : new NullScreen();
  reporter = new StatusReporter(screen, {
    app,
    ...(foreground ? { foreground } : {}),
    timing: { ...DEFAULT_SWEEP_TIMING, ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }) },
    onExit: options.onExit,
    tmuxLevels,
    ...(passthrough.kind === 'screen' ? { screenWrap: true } : {}),
    ...(recordId === undefined ? {} : { id: recordId }),
    ...(paneName === undefined ? {} : { title: `${app} · ${paneName}` }),
    write,
    onOsc7501: (event) => native.onOsc7501(event),
    ...(options.titlePrefix === undefined ? {} : { titlePrefix: options.titlePrefix }),
    ...(options.onReport === undefined ? {} : { onReport: options.onReport }),
    ...(sink ? { log: sink } : {}),
  });
  return {
    reporter,
    native,
    connectChild: (handle) => {
      child = handle;
    },
    notices: () => notices,
    dispose: () => {
      native.dispose();
      reporter?.dispose();
      inbox?.dispose();
      log?.dispose();
    },
  };
}

/** The screen when no rule file applies: never changes, never classifies. */
class NullScreen {
  setRules(): void {}
  feed(): void {}
  resize(): void {}
  sweep(): Promise<{ changed: false }> {
    return Promise.resolve({ changed: false });
  }
  dispose(): void {}
}
