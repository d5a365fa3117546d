// Pure: GitHub Copilot CLI's hooks (a plugin's hooks.json, camelCase events) → the shim's signals.
import { MSG_MAX_BYTES, NAME_MAX_BYTES, type HookSignal } from '../events.js';
import { resetsIn } from '../map-failure.js';
import { objectField, oneLine, stringField, type HookPayload } from '../map-event.js';
import type { AgentHookSpec } from './spec.js';

/** userPromptSubmitted, preToolUse, permissionRequest, postToolUse, errorOccurred, agentStop. */
export const COPILOT_EVENTS = ['userPromptSubmitted', 'preToolUse', 'permissionRequest', 'postToolUse', 'errorOccurred', 'agentStop'] as const;

/** Copilot CLI's tool input (`toolInput` of permissionRequest, `toolArgs` of the tool events): an object, or JSON text of one. */
function toolArgs(payload: HookPayload): Readonly<Record<string, unknown>> | undefined {
  const raw = payload.json?.['toolInput'] ?? payload.json?.['toolArgs'] ?? payload.json?.['tool_input'];
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What Copilot CLI's permission dialog for `tool` asks, worded as rules/copilot.toml words it. */
export function describeCopilotPermission(tool: string | undefined, args: Readonly<Record<string, unknown>> | undefined): string {
  const command = stringField(args, 'command');
  const file = stringField(args, 'path') ?? stringField(args, 'file_path');
  let msg: string;
  if (command !== undefined && (tool === undefined || /bash|shell|powershell/i.test(tool))) msg = `approve shell: ${command}`;
  else if (file !== undefined && tool === 'create') msg = `approve create: ${file}`;
  else if (file !== undefined) msg = `approve ${tool ?? 'edit'}: ${file}`;
  else msg = tool === undefined ? 'approve' : `approve ${tool}`;
  return oneLine(msg, MSG_MAX_BYTES);
}

/** An API's JSON error body as Copilot CLI passes it on (`{"message":"…","type":…}`): its message; other text as it is. */
function errorText(text: string | undefined): string | undefined {
  if (text === undefined || !text.trimStart().startsWith('{')) return text;
  try {
    const body: unknown = JSON.parse(text);
    const inner = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
    return stringField(inner, 'message') ?? stringField(objectField(inner, 'error'), 'message') ?? text;
  } catch {
    return text;
  }
}

/**
 * An errorOccurred: `error` (its message, or `{ message, name }`; an API's JSON body gives its message),
 * `errorContext` (model_call, tool_execution, system, user_input) and `recoverable`. A tool's failure does not stop
 * the turn (nothing); any other error does: error, msg the message, `resets` when it says when a limit resets.
 * `recoverable` is not read: 1.0.102 sets it for a 400 that ends the turn (the session goes on, not the turn).
 */
function copilotError(payload: HookPayload): HookSignal | undefined {
  const event = 'errorOccurred';
  const agent = 'copilot';
  const raw = payload.json?.['error'];
  const message = errorText(typeof raw === 'string' && raw.trim() !== '' ? raw : stringField(objectField(payload.json, 'error'), 'message'));
  if (stringField(payload.json, 'errorContext') === 'tool_execution') return undefined;
  const text = message === undefined ? undefined : oneLine(message, MSG_MAX_BYTES);
  const resets = text === undefined ? undefined : resetsIn(text);
  return { event, agent, state: 'error', ...(text === undefined ? {} : { msg: text }), ...(resets === undefined ? {} : { resets: oneLine(resets, NAME_MAX_BYTES) }) };
}

/** One Copilot CLI hook call → its signal. */
export function mapCopilotEvent(event: string, payload: HookPayload): HookSignal | undefined {
  const agent = 'copilot';
  const name = stringField(payload.json, 'toolName') ?? stringField(payload.json, 'tool_name');
  const tool = name === undefined ? {} : { tool: oneLine(name, NAME_MAX_BYTES) };
  switch (event) {
    case 'userPromptSubmitted':
    case 'preToolUse':
    case 'postToolUse':
      return { event, agent, state: 'working', ...tool };
    case 'permissionRequest':
      return { event, agent, state: 'blocked', kind: 'permission', msg: describeCopilotPermission(name, toolArgs(payload)), ...tool };
    case 'errorOccurred':
      return copilotError(payload);
    case 'agentStop':
      return { event, agent, state: 'done' };
    default:
      return undefined;
  }
}

/** Copilot CLI's hooks as the shim uses them. */
export const COPILOT_SPEC: AgentHookSpec = {
  app: 'copilot',
  events: COPILOT_EVENTS,
  needsPayload: (event) => event === 'permissionRequest' || event === 'errorOccurred',
  map: mapCopilotEvent,
};
