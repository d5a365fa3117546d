// A session's reporting, built from the run options and the rules chosen once: screen client, reporter, native bridge, inbox, log.
import { performance } from 'node:perf_hooks';
import { commandBasename, loadRuleCatalog, type SelectedRules } from '../rule-files/load.js';
import { ForegroundRules } from './foreground-rules.js';
import { foregroundSource } from '../pty/foreground.js';
import { TerminalStateReader } from '../pty/terminal-state-reader.js';
import type { TerminalState } from '../signals/terminal-state.js';
import { sessionLifecycle } from '../rule-files/lifecycle.js';
import { paneRecordId, paneTitle, passthroughFor } from '../tty/multiplexer.js';
import { DEFAULT_SWEEP_TIMING } from '../sweep/sweep-scheduler.js';
import { ReportLog } from './report-log.js';
import { ScreenClient } from './screen-client.js';
import { NativeBridge } from './native-bridge.js';
import { StatusReporter } from './status-reporter.js';
import { NULL_SCREEN, type ScreenModel } from './screen-model.js';
import { startInbox, teeSinks, type ShimInbox } from '../inbox/shim-inbox.js';
import { tmuxPlace } from '../inbox/entry.js';
import { TmuxPaneOptions } from '../inbox/tmux-pane-options.js';
import type { Report } from '../protocol/index.js';
import type { Classification } from '../rules/types.js';
import type { RunOptions } from './run-options.js';
import { looksLikeKitty, progressBarRoute } from '../tty/progress-terminal.js';
import { kittyVersion } from '../tty/kitty-version.js';

/** Tests shorten the bar's re-send interval (ms) with this variable; absent or not a whole number ≥ 1: PROGRESS_RESEND_MS. */
const RESEND_VARIABLE = 'OSF7501_PROGRESS_RESEND_MS';

/** The running child as the reporting sees it: its methods answer once the PTY exists. */
interface ChildHandle {
  /** Writes to the child's input, as if typed. */
  write(bytes: Uint8Array): void;
  /** The child's pid, once spawned. */
  pid(): number | undefined;
  /** node-pty's name for the PTY's foreground process (the only foreground fact without /proc). */
  foregroundName(): string | undefined;
  /** The PTY's slave (`/dev/pts/N`), once spawned. */
  ptsPath(): string | undefined;
  /** When the child was spawned (performance.now()), once it was. */
  spawnedAt(): number | undefined;
}

/** What the session adds to the user's options. */
interface ReportingContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  size: { cols: number; rows: number };
  /** Writes to the user's terminal (the session's one writer). */
  write: (bytes: Uint8Array) => void;
  child: ChildHandle;
  /** The rules chosen for the command (read once per session). */
  selected: SelectedRules;
  /** Publish the session to the inbox registry (`osf7501 ls`, `wait`, `send`). */
  session: { id: string; tty?: string };
  /** Mirror each report in the window title with this prefix. */
  titlePrefix?: string;
  /** Told of every report of the shim's own. */
  onReport?: (report: Report) => void;
  /** The child's output that reached the terminal before reporting existed (the child was spawned first). */
  earlier?: readonly Uint8Array[];
  /** Told of each terminal state read (a recorder writes it as a marker). */
  onTerminalState?: (state: TerminalState) => void;
}

/** A reporter ready to attach, and what must be released with it. */
export interface Reporting {
  reporter: StatusReporter;
  native: NativeBridge;
  /** Lines for stderr once the program has exited and the terminal is restored (never over its screen). */
  notices(): readonly string[];
  dispose(): void;
}

/** Makes the screen client and starts the reporter; the `--log` file's fs error propagates (the caller exits 2 before spawning). */
export function createReporting(options: RunOptions, ctx: ReportingContext): Reporting {
  const { selected, child } = ctx;
  const log = options.log === undefined ? undefined : new ReportLog(options.log);
  let reporter: StatusReporter | undefined;
  const fallback = selected.reason === 'fallback';
  // A program without rules of its own (a shell) reports under its own name.
  const name = commandBasename(options.command);
  const app = fallback && /^[A-Za-z0-9_.+-]{1,32}$/u.test(name) ? name : selected.rules.app;
  const foreground =
    fallback && selected.entry
      ? new ForegroundRules(
          foregroundSource({ childPid: () => child.pid(), ptyName: () => child.foregroundName(), command: options.command }),
          { app, rules: selected.rules },
          (selected.catalog ?? loadRuleCatalog({ env: ctx.env })).active.filter((e) => e.commands.length > 0),
        )
      : undefined;
  const native = new NativeBridge({
    answerQueries: options.native !== false,
    now: () => performance.now(),
    writeToChild: (bytes) => child.write(bytes),
    onReport: (report) => reporter?.noteNative(report),
  });
  const passthrough = passthroughFor(ctx.env, options.tmuxWrap !== false, options.tmuxLevels ?? 1);
  const recordId = options.id ?? paneRecordId(ctx.env);
  const paneName = options.id === undefined ? paneTitle(ctx.env) : undefined;
  const inbox = openInbox(options, ctx, app, (bytes) => reporter?.submitSequence(bytes));
  // Inside tmux the pane's @osf7501_* options follow the reports, with or without the inbox.
  const place = tmuxPlace(ctx.env);
  const pane = place === undefined ? undefined : new TmuxPaneOptions(place, app, ctx.env, { onOff: (reason) => log?.paneOptionsOff(reason) });
  const sink = teeSinks(log, inbox?.sink, pane);
  const notices: string[] = [];
  const screen: ScreenModel = selected.entry
    ? new ScreenClient({
        cols: ctx.size.cols,
        rows: ctx.size.rows,
        rules: selected.rules,
        onFault: () => {
          // The screen is gone: the session goes on as plain passthrough, reports stay as they were.
        },
        onRuleDropped: ({ rule, file, limitMs }) => {
          log?.ruleDropped(rule, file, limitMs);
          notices.push(`rule "${rule}" in ${file} took longer than ${limitMs} ms on a screen and was dropped for the rest of the session`);
        },
      })
    : NULL_SCREEN;
  const lifecycle = sessionLifecycle(selected, options.command, options.args);
  const startedAt = child.spawnedAt();
  reporter = new StatusReporter(screen, {
    app,
    lifecycle,
    ...(options.doneAfterMs === undefined ? {} : { doneAfterMs: options.doneAfterMs }),
    ...(startedAt === undefined ? {} : { startedAt }),
    terminal: new TerminalStateReader({ childPid: () => child.pid(), ptsPath: () => child.ptsPath() }),
    ...(foreground ? { foreground } : {}),
    timing: { ...DEFAULT_SWEEP_TIMING, ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }) },
    onExit: options.onExit ?? 'result',
    tmuxLevels: passthrough.kind === 'tmux' ? passthrough.levels : 0,
    ...(passthrough.kind === 'screen' ? { screenWrap: true } : {}),
    ...(recordId === undefined ? {} : { id: recordId }),
    ...(paneName === undefined ? {} : { title: `${app} · ${paneName}` }),
    write: ctx.write,
    onOsc7501: (event) => native.onOsc7501(event),
    ...(ctx.titlePrefix === undefined ? {} : { titlePrefix: ctx.titlePrefix }),
    ...(ctx.onReport === undefined ? {} : { onReport: ctx.onReport }),
    ...(inbox ? { onScreen: (lines: readonly string[], c: Classification) => inbox.publisher.screen(lines, c) } : {}),
    ...(sink ? { log: sink } : {}),
    ...(ctx.earlier === undefined ? {} : { earlier: ctx.earlier }),
    ...(ctx.onTerminalState === undefined ? {} : { onTerminalState: ctx.onTerminalState }),
    ...(place === undefined ? {} : { tmuxPlace: place }),
    env: ctx.env,
  });
  const started = reporter;
  startProgressBar(options, ctx.env, started, log);
  return {
    reporter: started,
    native,
    notices: () => notices,
    dispose: () => {
      native.dispose();
      started.dispose();
      inbox?.dispose();
      pane?.dispose();
      log?.dispose();
    },
  };
}

/** Publishes the session to the inbox registry; an unusable registry directory (another user's) leaves it unlisted. */
function openInbox(options: RunOptions, ctx: ReportingContext, app: string, writeTerminal: (bytes: Uint8Array) => void): ShimInbox | undefined {
  try {
    return startInbox(
      {
        id: ctx.session.id,
        pid: process.pid,
        app,
        command: [options.command, ...options.args],
        cwd: ctx.cwd,
        ...(ctx.session.tty === undefined ? {} : { tty: ctx.session.tty }),
      },
      {
        env: ctx.env,
        writeToChild: (bytes) => ctx.child.write(bytes),
        ...(options.notify === undefined ? {} : { notify: options.notify, writeTerminal }),
      },
    );
  } catch {
    return undefined;
  }
}

/** The OSC 9;4 bar, where the outer terminal draws it: at once, or once kitty has said its version. */
function startProgressBar(options: RunOptions, env: NodeJS.ProcessEnv, reporter: StatusReporter, log: ReportLog | undefined): void {
  const mode = options.progressBar ?? 'auto';
  const resend = Number(env[RESEND_VARIABLE]);
  const resendMs = Number.isSafeInteger(resend) && resend >= 1 ? resend : undefined;
  const route = progressBarRoute(mode, env);
  if (route.draws) {
    log?.progressBar(route);
    reporter.startProgressBar(route.via, resendMs);
  } else if (mode === 'auto' && looksLikeKitty(env)) {
    void kittyVersion(env).then((version) => {
      const known = progressBarRoute(mode, env, version === undefined ? {} : { kittyVersion: version });
      log?.progressBar(known.draws || version !== undefined ? known : { draws: false, why: 'kitty --version gave no answer' });
      if (known.draws) reporter.startProgressBar(known.via, resendMs);
    });
  } else log?.progressBar(route);
}
