// The lifecycle-hook vocabulary: which Claude Code hooks the shim listens to and what one tells it.

/** The Claude Code hook events the shim can inject and map, in the order they occur in a turn. */
export const HOOK_EVENTS = [
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
  'Stop',
  'StopFailure',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/**
 * The events injected by default: those every Claude Code with hooks knows (1.0.x on). `PermissionRequest`
 * (Claude Code ≥ 2.0.45) is opt-in: an event name an older Claude Code does not know may make it reject
 * the whole `--settings` value, the user's settings included.
 */
export const DEFAULT_HOOK_EVENTS: readonly HookEventName[] = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Notification', 'Stop'];

/** The states a hook can tell (a subset of the protocol's): `error` is a turn that a failure stopped. */
export type HookState = 'working' | 'blocked' | 'idle' | 'done' | 'error';

/** What a `blocked` hook waits for (the protocol's kinds: `auth` is a sign-in the agent needs). */
export type HookBlockedKind = 'permission' | 'question' | 'auth';

/** A subagent or background task that started or ended: the policy makes it a child record `<session record>/<short id>`. */
export interface HookSubagent {
  /** The agent's own id for it (any text: the policy derives the record's short id from it). */
  id: string;
  phase: 'start' | 'stop';
  /** What it does (the subagent's description), the child record's title; at most {@link MSG_MAX_BYTES} bytes. */
  title?: string;
}

/** Task or todo progress as the agent keeps it: `done` of `total`, and the task in progress. */
export interface HookTasks {
  done: number;
  total: number;
  /** The task in progress, as the agent words it; at most {@link MSG_MAX_BYTES} bytes. */
  current?: string;
}

/**
 * One hook call, mapped: the state it implies and what it names. Text fields are capped, not sanitized.
 * A signal with `subagent` speaks for that child record, not the session's: its `state` is the child's.
 */
export interface HookSignal {
  /** The hook that fired: one of Claude Code's {@link HOOK_EVENTS}, or another agent's own event name. */
  event: string;
  /** The agent whose hook fired, when it is not Claude Code (its app: `gemini-cli`, `copilot`, …); absent for Claude Code's. */
  agent?: string;
  state: HookState;
  /** Set when state is `blocked`. */
  kind?: HookBlockedKind;
  /** What waits (`approve Bash`, `approve Bash: npm test`); at most {@link MSG_MAX_BYTES} bytes. */
  msg?: string;
  /** The tool of a tool event; at most {@link NAME_MAX_BYTES} bytes. */
  tool?: string;
  /** Claude Code's `notification_type` of a Notification (`permission_prompt`, `idle_prompt`, …), when given. */
  notification?: string;
  /** A subagent or background task started or ended (the signal is the child record's). */
  subagent?: HookSubagent;
  /** Task or todo progress: the session's record reads progress = done/total, msg the task in progress. */
  tasks?: HookTasks;
  /** With state `error`: when a usage limit resets, as the agent says it (`3:45pm`). */
  resets?: string;
}

/** Bytes of hook payload read from stdin; a larger payload is cut there (the tool name is still found). */
export const PAYLOAD_MAX_BYTES = 64 * 1024;
/** Bytes of a signal's msg (the shim's encoder sanitizes and may cut it further). */
export const MSG_MAX_BYTES = 512;
/** Bytes of a tool name or notification type. */
export const NAME_MAX_BYTES = 128;

/** True when `name` is one of {@link HOOK_EVENTS}. */
export function isHookEventName(name: unknown): name is HookEventName {
  return typeof name === 'string' && (HOOK_EVENTS as readonly string[]).includes(name);
}
