// The ranking of spec/signals.md below the agent's own reports: a visible blocked, a recent hook, the foreground, the screen.
import type { Classification } from '../rules/types.js';
import type { HookSignal } from '../hooks/events.js';
import type { ForegroundView } from './types.js';
import type { TerminalState } from './terminal-state.js';
import type { ProgressMark } from '../stream/progress-marks.js';
import { terminalVerdict, type Lifecycle } from './terminal-verdict.js';

/**
 * How long a hook's working/done/idle outranks the screen's other rules (it has no end signal). A hook's working
 * counts on while the output streams without a key typed (a spinner between two hooks: a plan's step that calls no
 * tool for seconds); a pause, or a key (Esc, which fires no hook in Gemini CLI), ends it.
 */
export const HOOK_HINT_MS = 1500;
/** A hook's blocked arrives just before the dialog paints: it lapses only at a later non-blocked screen. */
export const HOOK_BLOCKED_GRACE_MS = 500;
/**
 * The same for the other agents' hooks, while the screen has not shown the dialog yet: Copilot CLI's
 * permissionRequest and Qwen Code's PermissionRequest fire before their dialog renders, which took more than
 * 0.5 s on the loaded 2-core test machine (a blocked, a working, the same blocked again). Once the screen has
 * shown the dialog, HOOK_BLOCKED_GRACE_MS applies: the screen says when it is over.
 */
export const AGENT_HOOK_BLOCKED_UNSEEN_MS = 3000;
/**
 * A raw-mode program whose output has streamed this long without a pause of STREAM_PAUSE_MS, with no key typed for
 * as long, works (a spinner after its questions): a TUI at rest redraws in bursts, and typing echoes.
 */
export const RAW_STREAMING_MS = 1000;
/**
 * How long a program's OSC 9;4 counts after its last update: Ghostty drops a bar after 15 s without one, so a
 * program that shows progress says it again within that time; one that stopped saying it is read by its screen.
 */
export const PROGRESS_STALE_MS = 15_000;
/** A pause in the output this long ends a stream: more than a spinner's frame (80–120 ms) on a loaded machine. */
export const STREAM_PAUSE_MS = 500;

/** The fallback rule set's app: it knows a dialog by its shape only, and names it by its title. */
const GENERIC_APP = 'generic';

/**
 * A visible dialog read by the generic rules, with the msg of the hook's blocked (of the same kind) that opened
 * it: the hook names what waits (`approve shell: npm test`), the generic rules only the dialog's title. The state
 * and kind stay the screen's; an agent's own rules word their dialogs themselves and keep their msg.
 */
function withHookMsg(screen: Classification, hook: Classification): Classification {
  if (hook.state !== 'blocked' || hook.msg === undefined) return screen;
  if (hook.kind !== undefined && screen.kind !== undefined && hook.kind !== screen.kind) return screen;
  return { ...screen, msg: hook.msg };
}

/** A hook's signal as a classification the tracker takes (its `idle` as an interrupted turn's). */
export function hookClassification(signal: HookSignal): Classification {
  const input: Classification = { state: signal.state, rule: `hook:${signal.event}` };
  // A hook's idle is a turn that ended without a result (OpenCode's rejected permission, Claude Code's idle
  // prompt): the agent's `done` comes from its own end-of-turn hook, never from the tracker's working → idle.
  if (signal.state === 'idle') input.interrupted = true;
  if (signal.kind !== undefined) input.kind = signal.kind;
  if (signal.msg !== undefined) input.msg = signal.msg;
  return input;
}

/** Ranks each screen classification against the latest hook and the foreground program. Pure. */
export class SignalRanking {
  /** The latest lifecycle-hook classification, while it still counts. */
  private hookHint: { input: Classification; at: number; unseenMs: number; dialogSeen: boolean } | undefined;
  /** The last screen classification ranked (re-ranked when the foreground changes). */
  lastScreen: Classification | undefined;
  /** The foreground as last read (a wrapped shell only). */
  view: ForegroundView | undefined;

  /** The terminal's state as last read (termios, /proc). */
  terminal: TerminalState | undefined;
  /** The cursor's row, left of the cursor, on the last changed screen. */
  cursorRow: string | undefined;
  /** Output has come since the terminal's state was read: it may no longer be what the program does. */
  terminalStale = false;
  /** When the output's current stream began (its first chunk after a pause of STREAM_PAUSE_MS). */
  private streamSince = -Infinity;
  /** The last rank saw the output streaming alone. */
  private rankedStreaming = false;
  private lastOutputAt = -Infinity;
  /** When the user's keys last reached the child. */
  lastInputAt = -Infinity;
  /** The program's last OSC 9;4 that shows a bar, and when; undefined once it removed the bar. */
  private progressMark: { mark: ProgressMark; at: number } | undefined;
  /** The cursor's row the terminal's state was first ranked with (the prompt it read at). */
  private terminalRow: string | undefined;
  private terminalRowPending = false;
  /** A shell's command (OSC 133 C) has run past the done threshold and not ended. */
  longCommand = false;
  /** The shell marks its commands (OSC 133): they, not the foreground, say when a command runs long enough to tell. */
  marked = false;
  /** A long command of the shell has ended: its `done` stands at the prompt until the next command. */
  commandEnded = false;

  constructor(
    private readonly app: string,
    private readonly lifecycle: Lifecycle = 'agent',
  ) {}

  /** Output came at `at`. The hot path: two comparisons. */
  noteOutput(at: number): void {
    if (at - this.lastOutputAt >= STREAM_PAUSE_MS) this.streamSince = at;
    this.lastOutputAt = at;
  }

  /** Output has streamed since `RAW_STREAMING_MS` ago without a pause, and nobody has typed for as long. */
  private streamingAlone(now: number): boolean {
    return this.terminalStale && this.streamsUntyped(now);
  }

  /** The output streams (no pause of STREAM_PAUSE_MS for RAW_STREAMING_MS) and no key was typed for as long. */
  private streamsUntyped(now: number): boolean {
    return now - this.lastOutputAt < STREAM_PAUSE_MS && now - this.streamSince >= RAW_STREAMING_MS && now - this.lastInputAt >= RAW_STREAMING_MS;
  }

  /**
   * The stream has become long enough to tell since the last rank: a sweep whose screen did not change (a spinner's
   * row is volatile, so its frames are no change) must rank the last screen again.
   */
  streamingNews(now: number): boolean {
    return !this.rankedStreaming && this.streamingAlone(now);
  }

  /** The program's own OSC 9;4: a bar shown (working, its value as progress), or removed. */
  noteProgress(mark: ProgressMark, at: number): void {
    this.progressMark = mark.state === 'removed' ? undefined : { mark, at };
  }

  /** A shell's new prompt: what its command showed, a bar with it, is over. */
  dropProgress(): void {
    this.progressMark = undefined;
  }

  /** Remembers a hook's classification; true when it acts at once (a visible dialog outranks all but a hook's blocked). */
  noteHook(input: Classification, at: number, unseenMs: number = HOOK_BLOCKED_GRACE_MS): boolean {
    this.hookHint = { input, at, unseenMs, dialogSeen: false };
    return !(this.lastScreen?.state === 'blocked' && input.state !== 'blocked');
  }

  /** A new terminal state: the next ranked screen is the one it goes with. */
  noteTerminal(state: TerminalState): void {
    this.terminal = state;
    this.terminalStale = false;
    this.terminalRowPending = true;
  }

  /**
   * Whether the terminal's state counts now: not while an agent holds the foreground (the session's own, or one
   * started from the shell), which keeps its screen rules: it reads keys in raw mode, and the moment before it sets
   * raw mode is no turn of its. The terminal watch reads nothing while it does not count.
   */
  readsTerminal(): boolean {
    const lifecycle = this.view !== undefined && this.view.rules.app !== this.app ? this.view.rules.rules.lifecycle : this.lifecycle;
    return lifecycle !== 'agent';
  }

  /** The classification the tracker gets for `screen` at `now`. */
  rank(now: number, screen: Classification): Classification {
    this.lastScreen = screen;
    const away = !this.marked && this.view?.away === true && this.view.rules.app === this.app;
    const running = away || this.longCommand;
    this.rankedStreaming = this.streamingAlone(now);
    let input: Classification = running && screen.state === 'idle' ? { state: 'working', rule: 'foreground-program' } : screen;
    input = this.terminalRank(now, input);
    input = this.progressRank(now, input);
    const hint = this.hookHint;
    if (hint !== undefined && input.state === 'blocked') {
      hint.dialogSeen = true;
      if (this.app === GENERIC_APP) input = withHookMsg(input, hint.input);
    }
    if (hint !== undefined && input.state !== 'blocked') {
      const age = now - hint.at;
      if (hint.input.state === 'blocked') {
        if (age < (hint.dialogSeen ? HOOK_BLOCKED_GRACE_MS : Math.max(HOOK_BLOCKED_GRACE_MS, hint.unseenMs))) input = hint.input;
        else this.hookHint = undefined; // no hook fires on approval or Esc: the screen says it is over
      } else if (age < HOOK_HINT_MS || (hint.input.state === 'working' && this.streamsUntyped(now))) input = hint.input;
      else this.hookHint = undefined;
    }
    return input;
  }

  /**
   * The terminal's word against the screen's (spec/signals.md, "Any program"): a visible dialog keeps its better
   * message, a secret or a line the program reads is blocked, and a canonical-mode program that reads nothing
   * waits for nobody (a printed `Continue? [y/N]` is not a question). A plain program at rest in canonical mode, or
   * not yet read, runs.
   */
  private terminalRank(now: number, input: Classification): Classification {
    if (!this.readsTerminal()) return input;
    if (this.terminalRowPending) {
      this.terminalRow = this.cursorRow;
      this.terminalRowPending = false;
    }
    // A secret or a line read before the output since: only while the cursor is still on that prompt's row (the
    // user typing there: the prompt, not the answer, is the message); a program that has answered and moved on
    // (terraform's plan after a sensitive value) is not asking any more, whatever the state last read said.
    const prompt = this.terminalRow ?? '';
    const onPrompt = (this.cursorRow ?? '').startsWith(prompt.trimEnd());
    let verdict = terminalVerdict(this.terminal, this.terminalStale && onPrompt && prompt.trim() !== '' ? prompt : this.cursorRow);
    if (verdict?.state === 'blocked' && this.terminalStale && !onPrompt) verdict = undefined;
    // A secret the screen still shows, answered: the cursor stands on an empty row below it, and echo is back on
    // (ssh, connected, reads the terminal to forward it) or was off at a prompt the cursor has left since.
    if (input.state === 'blocked' && input.kind === 'auth' && verdict?.state !== 'blocked' && this.secretAnswered(onPrompt)) {
      return { state: 'working', rule: 'terminal:secret-answered' };
    }
    if (verdict?.state === 'blocked') {
      if (input.state !== 'blocked') return verdict;
      // Echo off is the terminal's own word for a secret: the dialog's message, asked as auth.
      return verdict.kind === 'auth' && input.kind !== 'auth' ? { ...input, kind: 'auth' } : input;
    }
    if (verdict?.state === 'working') {
      const shellAtRest = this.lifecycle === 'shell' && !this.longCommand && (this.marked || this.view?.away !== true);
      if (input.state === 'blocked' || (input.state === 'idle' && !shellAtRest)) return verdict;
      return input;
    }
    if (input.state !== 'idle') return input;
    // A marked shell at its prompt after a short command (a sudo password, a question) is at rest, not done.
    if (this.lifecycle === 'shell') return this.marked && !this.commandEnded ? { ...input, interrupted: true } : input;
    if (this.lifecycle !== 'program') return input;
    // A plain program at rest (a REPL's prompt, a TUI reading keys) is idle; one not yet read, or unreadable, runs.
    if (verdict === undefined && this.terminal?.mode !== 'raw') return { state: 'working', rule: 'program-running' };
    // Output that streams without a pause while nobody types: the program works on its own (the raw mode it set for
    // its questions stays set while its spinner turns, and a read in a short pause would not tell more).
    if (this.rankedStreaming) {
      return { state: 'working', rule: 'terminal:raw-streaming' };
    }
    return { ...input, interrupted: true }; // its turn ends at its exit, not at a quiet screen
  }

  /**
   * A program's own bar (OSC 9;4) says it works, and how far: an idle or working screen is working with the
   * bar's value as progress (none while indeterminate), the screen's msg kept. A visible dialog still wins, and
   * the bar's value goes with it; a bar not updated for PROGRESS_STALE_MS says nothing.
   */
  private progressRank(now: number, input: Classification): Classification {
    const shown = this.progressMark;
    if (shown === undefined) return input;
    if (now - shown.at >= PROGRESS_STALE_MS) {
      this.progressMark = undefined;
      return input;
    }
    const value = (shown.mark.state === 'indeterminate' ? undefined : shown.mark.value) ?? input.progress;
    if (input.state === 'blocked') return value === undefined ? input : { ...input, progress: value };
    if (input.state !== 'idle' && input.state !== 'working') return input;
    const working: Classification = { state: 'working', rule: input.state === 'working' && input.rule !== undefined ? input.rule : 'osc9-4' };
    if (input.state === 'working' && input.msg !== undefined) working.msg = input.msg;
    if (value !== undefined) working.progress = value;
    return working;
  }

  /** Echo back on, or off at a prompt the cursor has left, and the cursor on an empty row: the secret is in. */
  private secretAnswered(onPrompt: boolean): boolean {
    const state = this.terminal;
    if (state?.mode !== 'canonical' || (this.cursorRow ?? '').trim() !== '') return false;
    return state.echo === true ? !this.terminalStale : this.terminalStale && !onPrompt && (this.terminalRow ?? '').trim() !== '';
  }
}
