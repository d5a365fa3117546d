// Pure: which hook events a Claude Code version knows, so the shim never injects one it would warn about.
import { DEFAULT_HOOK_EVENTS, HOOK_EVENTS, type HookEventName } from './events.js';

/** Claude Code 2.0.45 added the PermissionRequest hook (fired as the dialog opens, with the tool's input).
 * An older version shows a "Settings Warning" dialog for an event it does not know (2.1.150 does for an
 * unknown name), so the event is only added when the version is known to have it. */
export const PERMISSION_REQUEST_SINCE = '2.0.45';

/** Claude Code 2.0.43 added SubagentStart (SubagentStop is older; the two are injected together). */
export const SUBAGENT_START_SINCE = '2.0.43';
/** Claude Code 2.1.33 added TaskCompleted, 2.1.84 TaskCreated (the task list's hooks, injected together). */
export const TASK_CREATED_SINCE = '2.1.84';
/** Claude Code 2.1.78 added StopFailure (a turn ended on an API error). */
export const STOP_FAILURE_SINCE = '2.1.78';

/** The events added after the defaults, each with the first version that knows it (checked in the binaries: 2.0.77, 2.1.150, 2.1.332). */
const LATER_EVENTS: ReadonlyArray<readonly [HookEventName, string]> = [
  ['PermissionRequest', PERMISSION_REQUEST_SINCE],
  ['SubagentStart', SUBAGENT_START_SINCE],
  ['SubagentStop', SUBAGENT_START_SINCE],
  ['TaskCreated', TASK_CREATED_SINCE],
  ['TaskCompleted', TASK_CREATED_SINCE],
  ['StopFailure', STOP_FAILURE_SINCE],
];

/** `major.minor.patch` as numbers, or undefined when `version` does not start that way. */
export function parseVersion(version: string): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** True when `version` is `since` or newer; false when it is older or unreadable. */
export function atLeast(version: string, since: string): boolean {
  const a = parseVersion(version);
  const b = parseVersion(since);
  if (a === undefined || b === undefined) return false;
  for (let i = 0; i < 3; i++) if (a[i]! !== b[i]!) return a[i]! > b[i]!;
  return true;
}

/** The events to inject for Claude Code `version` (undefined = unknown: the defaults only). */
export function hookEventsFor(version: string | undefined): HookEventName[] {
  const known = new Set<HookEventName>(DEFAULT_HOOK_EVENTS);
  for (const [event, since] of LATER_EVENTS) if (version !== undefined && atLeast(version, since)) known.add(event);
  return HOOK_EVENTS.filter((event) => known.has(event)); // in the order they occur in a turn
}
