// Pure: a hook's mapped signal as an asciicast marker (`osf7501:hook {json}`), so `osf7501 classify` replays a
// recording's hooks through the same policy the live session fed them to (one policy, two drivers).
import type { HookBlockedKind, HookSignal, HookState } from '../hooks/events.js';

/** The marker's label prefix: `osf7501:hook {"event":"Stop","state":"done"}`. */
export const HOOK_MARKER_PREFIX = 'osf7501:hook ';

const STATES: readonly HookState[] = ['working', 'blocked', 'idle', 'done', 'error'];
const KINDS: readonly HookBlockedKind[] = ['permission', 'question', 'auth'];

/** The marker label of a signal: its fields as one line of JSON. */
export function formatHookMarker(signal: HookSignal): string {
  return `${HOOK_MARKER_PREFIX}${JSON.stringify(signal)}`;
}

const text = (value: unknown): value is string => typeof value === 'string';
const count = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The signal a marker holds, or undefined for any other label or one that is not a well-formed signal. */
export function parseHookMarker(label: string): HookSignal | undefined {
  if (!label.startsWith(HOOK_MARKER_PREFIX)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(label.slice(HOOK_MARKER_PREFIX.length));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!text(v['event']) || !STATES.includes(v['state'] as HookState)) return undefined;
  const signal: HookSignal = { event: v['event'], state: v['state'] as HookState };
  if (KINDS.includes(v['kind'] as HookBlockedKind)) signal.kind = v['kind'] as HookBlockedKind;
  for (const key of ['msg', 'tool', 'notification', 'agent', 'resets'] as const) if (text(v[key])) signal[key] = v[key];
  const sub = v['subagent'] as Record<string, unknown> | undefined;
  if (typeof sub === 'object' && sub !== null && text(sub['id']) && (sub['phase'] === 'start' || sub['phase'] === 'stop')) {
    signal.subagent = { id: sub['id'], phase: sub['phase'], ...(text(sub['title']) ? { title: sub['title'] } : {}) };
  }
  const tasks = v['tasks'] as Record<string, unknown> | undefined;
  if (typeof tasks === 'object' && tasks !== null && count(tasks['done']) && count(tasks['total'])) {
    signal.tasks = { done: tasks['done'], total: tasks['total'], ...(text(tasks['current']) ? { current: tasks['current'] } : {}) };
  }
  return signal;
}
