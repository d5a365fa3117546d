// Pure: Qwen Code's hooks (settings `hooks`, Claude Code's names) → the shim's signals.
import { MSG_MAX_BYTES, NAME_MAX_BYTES, type HookSignal } from '../events.js';
import { mapStopFailure } from '../map-failure.js';
import { objectField, oneLine, stringField, type HookPayload } from '../map-event.js';
import { todoItems, type TodoItem } from '../task-ledger.js';
import type { AgentHookSpec } from './spec.js';

/**
 * UserPromptSubmit, PreToolUse, PermissionRequest (as its dialog opens, with the tool's input), PostToolUse,
 * SubagentStart/SubagentStop, Stop, StopFailure (instead of Stop: an API error ended the turn). Not Notification:
 * its `permission_prompt` fires right after PermissionRequest and names only the tool, so it would replace the
 * better message. Not TodoCreated/TodoCompleted: they fire per item, twice (validation, postWrite), and not when a
 * todo starts; PostToolUse of todo_write carries the whole list.
 */
export const QWEN_EVENTS = ['UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'Stop', 'StopFailure'] as const;

/** Qwen Code's shell tool and its file-writing tools, by their canonical names. */
const SHELL_TOOLS = new Set(['run_shell_command', 'shell', 'Bash']);
const WRITE_TOOLS = new Set(['write_file', 'edit', 'replace', 'WriteFile', 'Edit']);

/** What a permission dialog for `tool` with `input` asks, worded as rules/qwen-code.toml words the dialog. */
export function describeQwenPermission(tool: string, input: Readonly<Record<string, unknown>> | undefined): string {
  const command = stringField(input, 'command');
  const file = stringField(input, 'file_path') ?? stringField(input, 'path');
  let msg: string;
  if (SHELL_TOOLS.has(tool) && command !== undefined) msg = `approve shell: ${command}`;
  else if (WRITE_TOOLS.has(tool) && file !== undefined) msg = `approve write: ${file}`;
  else msg = `approve ${tool}`;
  return oneLine(msg, MSG_MAX_BYTES);
}

/** A subagent's id and type from a SubagentStart/SubagentStop payload (`agent_id`, `agent_type`). */
function subagent(payload: HookPayload, phase: 'start' | 'stop'): HookSignal['subagent'] {
  const id = stringField(payload.json, 'agent_id') ?? stringField(payload.json, 'subagent_id') ?? 'subagent';
  const title = stringField(payload.json, 'agent_type') ?? stringField(payload.json, 'subagent_type');
  return { id: oneLine(id, NAME_MAX_BYTES), phase, ...(title === undefined ? {} : { title: oneLine(title, NAME_MAX_BYTES) }) };
}

/** One Qwen Code hook call → its signal. */
export function mapQwenEvent(event: string, payload: HookPayload): HookSignal | undefined {
  const agent = 'qwen-code';
  const name = stringField(payload.json, 'tool_name');
  const tool = name === undefined ? {} : { tool: oneLine(name, NAME_MAX_BYTES) };
  switch (event) {
    case 'UserPromptSubmit':
    case 'PreToolUse':
    case 'PostToolUse':
      return { event, agent, state: 'working', ...tool };
    case 'PermissionRequest': {
      const msg = name === undefined ? 'approve' : describeQwenPermission(name, objectField(payload.json, 'tool_input'));
      return { event, agent, state: 'blocked', kind: 'permission', msg, ...tool };
    }
    case 'SubagentStart':
      return { event, agent, state: 'working', subagent: subagent(payload, 'start') };
    case 'SubagentStop':
      return { event, agent, state: 'working', subagent: subagent(payload, 'stop') };
    case 'Stop':
      return { event, agent, state: 'done' };
    case 'StopFailure':
      // Claude Code's payload: `error` (rate_limit, authentication_failed, billing_error, …, loop_detected), `error_details`.
      return { ...mapStopFailure(payload.json), agent };
    default:
      return undefined;
  }
}

/** Qwen Code's todo tool: its input is the whole list, `todos: [{ id, content, status }]`. */
export const QWEN_TODO_TOOL = 'todo_write';

/** The todo list a PostToolUse of todo_write carries (status pending, in_progress, completed). */
export function qwenTodos(event: string, payload: HookPayload): TodoItem[] | undefined {
  if (event !== 'PostToolUse' || stringField(payload.json, 'tool_name') !== QWEN_TODO_TOOL) return undefined;
  return todoItems(objectField(payload.json, 'tool_input')?.['todos'], 'content');
}

/** Qwen Code's hooks as the shim uses them. */
export const QWEN_SPEC: AgentHookSpec = {
  app: 'qwen-code',
  events: QWEN_EVENTS,
  needsPayload: (event) => event === 'PermissionRequest' || event === 'SubagentStart' || event === 'SubagentStop' || event === 'StopFailure',
  map: mapQwenEvent,
  payloadTools: { PostToolUse: QWEN_TODO_TOOL },
  todos: qwenTodos,
};
