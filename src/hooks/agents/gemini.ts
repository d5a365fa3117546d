// Pure: Gemini CLI's hooks (settings `hooks`, Gemini CLI ≥ 0.26) → the shim's signals.
import { MSG_MAX_BYTES, NAME_MAX_BYTES, type HookSignal } from '../events.js';
import { objectField, oneLine, stringField, type HookPayload } from '../map-event.js';
import { todoItems, type TodoItem } from '../task-ledger.js';
import type { AgentHookSpec } from './spec.js';

/** BeforeAgent (a prompt was sent), BeforeTool, AfterTool, Notification (ToolPermission), AfterAgent (the turn's end). */
export const GEMINI_EVENTS = ['BeforeAgent', 'BeforeTool', 'AfterTool', 'Notification', 'AfterAgent'] as const;

/**
 * What a ToolPermission notification's `details` ask, worded as rules/gemini.toml words the dialog:
 * `exec` → `approve shell: <command>`, `edit` → `approve write: <path>`, others → `approve <title>`.
 */
export function describeGeminiPermission(details: Readonly<Record<string, unknown>> | undefined, message: string | undefined): string {
  const type = stringField(details, 'type');
  const command = stringField(details, 'command');
  const file = stringField(details, 'filePath') ?? stringField(details, 'fileName');
  const title = stringField(details, 'title');
  let msg: string;
  if (type === 'exec' && command !== undefined) msg = `approve shell: ${command}`;
  else if (type === 'edit' && file !== undefined) msg = `approve write: ${file}`;
  else if (title !== undefined) msg = `approve ${title}`;
  else msg = message ?? 'approve';
  return oneLine(msg, MSG_MAX_BYTES);
}

function tool(payload: HookPayload): { tool?: string } {
  const name = stringField(payload.json, 'tool_name');
  return name === undefined ? {} : { tool: oneLine(name, NAME_MAX_BYTES) };
}

/** One Gemini CLI hook call → its signal: a ToolPermission notification is blocked(permission); other notifications say nothing. */
export function mapGeminiEvent(event: string, payload: HookPayload): HookSignal | undefined {
  const agent = 'gemini-cli';
  switch (event) {
    case 'BeforeAgent':
      return { event, agent, state: 'working' };
    case 'BeforeTool':
    case 'AfterTool':
      return { event, agent, state: 'working', ...tool(payload) };
    case 'AfterAgent':
      return { event, agent, state: 'done' };
    case 'Notification': {
      const type = stringField(payload.json, 'notification_type');
      if (type !== 'ToolPermission') return undefined;
      const msg = describeGeminiPermission(objectField(payload.json, 'details'), stringField(payload.json, 'message'));
      return { event, agent, state: 'blocked', kind: 'permission', msg, notification: type };
    }
    default:
      return undefined;
  }
}

/** Gemini CLI's todo tool: its input is the whole list, `todos: [{ description, status }]`. */
export const GEMINI_TODO_TOOL = 'write_todos';

/** The todo list an AfterTool of write_todos carries (status pending, in_progress, completed, cancelled, blocked). */
export function geminiTodos(event: string, payload: HookPayload): TodoItem[] | undefined {
  if (event !== 'AfterTool' || stringField(payload.json, 'tool_name') !== GEMINI_TODO_TOOL) return undefined;
  return todoItems(objectField(payload.json, 'tool_input')?.['todos'], 'description');
}

/** Gemini CLI's hooks as the shim uses them. */
export const GEMINI_SPEC: AgentHookSpec = {
  app: 'gemini-cli',
  events: GEMINI_EVENTS,
  needsPayload: (event) => event === 'Notification',
  map: mapGeminiEvent,
  payloadTools: { AfterTool: GEMINI_TODO_TOOL },
  todos: geminiTodos,
};
