// Pure: a Claude Code hook call (event name + stdin payload) → the state it implies, or nothing.
import { cutToUtf8Bytes } from '../protocol/cut.js';
import { MSG_MAX_BYTES, NAME_MAX_BYTES, type HookEventName, type HookSignal } from './events.js';
import { mapStopFailure, mapSubagent } from './map-failure.js';

/** A hook's stdin as read: the parsed object when it was complete JSON, and the text (maybe cut). */
export interface HookPayload {
  json: Readonly<Record<string, unknown>> | undefined;
  text: string;
}

/** Parses the text read from stdin; anything but a JSON object gives `json: undefined`. */
export function parsePayload(text: string): HookPayload {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { json: value as Record<string, unknown>, text };
  } catch {
    // Not JSON (or cut short): the event name alone decides, see mapHookEvent.
  }
  return { json: undefined, text };
}

const NO_PAYLOAD: HookPayload = { json: undefined, text: '' };

/** Claude Code's Notification message of a permission dialog before 2.1: `Claude needs your permission to use Bash`. */
const PERMISSION_TO_USE = /\bpermission to use\s+([^\s.,;:!?]+)/i;
/** Wordings of permission and plan-approval notifications when `notification_type` is missing. */
const PERMISSION_WORDS = /\bpermission\b|\bapprov/i;
const PLAN_WORDS = /\bplan\b/i;
/** Elicitation (an MCP server asks the user): `Claude Code needs your input`. */
const INPUT_WORDS = /\bneeds your input\b/i;
/** `"tool_name":"Bash"` in a payload too large to parse. */
const TOOL_NAME_IN_TEXT = /"tool_name"\s*:\s*"((?:[^"\\\n]|\\.){1,200})"/;

/** A non-empty string field of a payload object. */
export function stringField(obj: Readonly<Record<string, unknown>> | undefined, key: string): string | undefined {
  const value = obj?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An object field of a payload object. */
export function objectField(obj: Readonly<Record<string, unknown>> | undefined, key: string): Readonly<Record<string, unknown>> | undefined {
  const value = obj?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Whitespace runs (newlines of a multi-line command included) as one space, then capped. */
export function oneLine(text: string, maxBytes: number): string {
  return cutToUtf8Bytes(text.replace(/\s+/g, ' ').trim(), maxBytes);
}

/** The tool name from the parsed payload, or found in the text of a payload too large to parse. */
function toolName(payload: HookPayload): string | undefined {
  let name = stringField(payload.json, 'tool_name');
  if (name === undefined && payload.json === undefined) {
    const found = TOOL_NAME_IN_TEXT.exec(payload.text)?.[1];
    if (found !== undefined) {
      try {
        name = JSON.parse(`"${found}"`) as string;
      } catch {
        name = undefined;
      }
    }
  }
  return name === undefined ? undefined : oneLine(name, NAME_MAX_BYTES);
}

/** `mcp__tickets__lookup_ticket` → `tickets - lookup_ticket (MCP)`, as Claude Code names MCP tools. */
function mcpName(tool: string): string | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(tool);
  return match ? `${match[1]} - ${match[2]} (MCP)` : undefined;
}

/** What a permission dialog for `tool` with `input` asks, worded like Claude Code's own reports. */
export function describePermission(tool: string, input: Readonly<Record<string, unknown>> | undefined): string {
  const detail = (key: string): string | undefined => stringField(input, key);
  let msg: string;
  switch (tool) {
    case 'Bash':
      msg = detail('command') === undefined ? 'approve Bash' : `approve Bash: ${detail('command')}`;
      break;
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit': {
      const file = detail('file_path') ?? detail('notebook_path');
      msg = file === undefined ? 'approve Update' : `approve Update: ${file}`;
      break;
    }
    case 'Write':
      msg = detail('file_path') === undefined ? 'approve Write' : `approve Write: ${detail('file_path')}`;
      break;
    case 'WebFetch':
      msg = detail('url') === undefined ? 'approve Fetch' : `approve Fetch: ${detail('url')}`;
      break;
    case 'ExitPlanMode':
      msg = 'approve plan';
      break;
    default:
      msg = `approve ${mcpName(tool) ?? tool}`;
  }
  return oneLine(msg, MSG_MAX_BYTES);
}

/** A Notification: a permission or plan dialog → blocked(permission); an elicitation → blocked(question);
 * the end of an elicitation → nothing (the turn goes on); anything else → idle. */
function mapNotification(payload: HookPayload): HookSignal | undefined {
  if (payload.json === undefined) return undefined; // unreadable: it may have been a permission request
  const message = stringField(payload.json, 'message') ?? '';
  const type = stringField(payload.json, 'notification_type');
  const base: HookSignal = { event: 'Notification', state: 'idle', ...(type === undefined ? {} : { notification: oneLine(type, NAME_MAX_BYTES) }) };
  const permission = type === undefined ? PERMISSION_WORDS.test(message) : type === 'permission_prompt';
  if (permission) {
    const tool = PERMISSION_TO_USE.exec(message)?.[1];
    const msg = tool !== undefined ? `approve ${mcpName(tool) ?? tool}` : PLAN_WORDS.test(message) ? 'approve plan' : message || 'approve';
    return { ...base, state: 'blocked', kind: 'permission', msg: oneLine(msg, MSG_MAX_BYTES) };
  }
  const question = type === undefined ? INPUT_WORDS.test(message) : type === 'elicitation_dialog' || type === 'elicitation_url_dialog';
  if (question) return { ...base, state: 'blocked', kind: 'question', msg: oneLine(message || 'answer', MSG_MAX_BYTES) };
  if (type === 'elicitation_complete' || type === 'elicitation_response') return undefined;
  return base;
}

/**
 * The state a hook call implies: UserPromptSubmit, PreToolUse, PostToolUse → working; PermissionRequest →
 * blocked(permission) naming the tool and its input; Notification → see mapNotification; Stop → done.
 * A payload that is missing or not JSON still maps every event but Notification.
 */
export function mapHookEvent(event: string, payload: HookPayload = NO_PAYLOAD): HookSignal | undefined {
  switch (event) {
    case 'UserPromptSubmit':
      return { event, state: 'working' };
    case 'PreToolUse':
    case 'PostToolUse': {
      const tool = toolName(payload);
      return { event, state: 'working', ...(tool === undefined ? {} : { tool }) };
    }
    case 'PermissionRequest': {
      const tool = toolName(payload);
      const msg = tool === undefined ? 'approve' : describePermission(tool, objectField(payload.json, 'tool_input'));
      return { event, state: 'blocked', kind: 'permission', msg, ...(tool === undefined ? {} : { tool }) };
    }
    case 'Notification':
      return mapNotification(payload);
    case 'Stop':
      return { event, state: 'done' };
    case 'StopFailure':
      return mapStopFailure(payload.json);
    case 'SubagentStart':
    case 'SubagentStop':
      return mapSubagent(event, payload.json);
    case 'TaskCreated':
    case 'TaskCompleted':
      // The task list's progress is counted by the session's TaskLedger (task-ledger.ts); the event alone is a turn at work.
      return { event, state: 'working' };
    default:
      return undefined;
  }
}

/**
 * Whether the hook ships the payload to the shim: only where it decides the report. PermissionRequest
 * names what waits (`approve Bash: npm test`); a Notification is a permission, a question or idle only
 * by its type and message; StopFailure says what failed; SubagentStart/SubagentStop name the subagent;
 * TaskCreated/TaskCompleted name the task. UserPromptSubmit and Stop need nothing, and PreToolUse and PostToolUse are
 * `working` whatever the tool — their tool name is not reported, and not reading stdin keeps the call
 * that Claude Code waits for before every tool down to a bare `sh -c` (mapHookEvent still names the tool
 * when given a payload).
 */
export function needsPayload(event: string): boolean {
  return (PAYLOAD_EVENTS as ReadonlySet<string>).has(event);
}

/** The events whose report depends on their payload (see needsPayload). */
const PAYLOAD_EVENTS: ReadonlySet<HookEventName> = new Set<HookEventName>([
  'PermissionRequest',
  'Notification',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
]);
