// Pure: Factory Droid's hooks (Claude Code's shape, given for the session in its runtime `--settings` overlay) →
// the shim's signals. Droid's permission Notification names no tool ("Factory CLI needs permission to execute 1
// tool(s)"): the session's mapping takes what waits from the PreToolUse before it.
import { MSG_MAX_BYTES, NAME_MAX_BYTES, type HookSignal } from '../events.js';
import { objectField, oneLine, stringField, type HookPayload } from '../map-event.js';
import type { AgentHookSpec } from './spec.js';

/** In a turn: UserPromptSubmit, PreToolUse, Notification (permission_prompt), PostToolUse, Stop. */
export const DROID_EVENTS = ['UserPromptSubmit', 'PreToolUse', 'Notification', 'PostToolUse', 'Stop'] as const;

/** What Droid's approval for `tool` asks, worded as rules/droid.toml words the dialog (`approve Execute: <command>`). */
export function describeDroidPermission(tool: string | undefined, input: Readonly<Record<string, unknown>> | undefined): string {
  const command = stringField(input, 'command');
  const file = stringField(input, 'file_path') ?? stringField(input, 'path');
  let msg: string;
  if (tool === undefined) msg = 'approve a Droid tool call';
  else if (command !== undefined) msg = `approve ${tool}: ${command}`;
  else if (file !== undefined) msg = `approve ${tool} ${file}`;
  else msg = `approve ${tool}`;
  return oneLine(msg, MSG_MAX_BYTES);
}

/** The tool a PreToolUse is about to run, as the session's mapping keeps it. */
interface PendingTool {
  name: string | undefined;
  input: Readonly<Record<string, unknown>> | undefined;
}

/**
 * One Droid hook call → its signal, given the tool of the last PreToolUse and whether its approval is still open
 * (`asked`). A Stop while an approval is open ends a turn whose tool never ran (Esc at the approval): idle, no result.
 */
function mapDroid(event: string, payload: HookPayload, last: PendingTool | undefined, asked: boolean): HookSignal | undefined {
  const agent = 'droid';
  const name = stringField(payload.json, 'tool_name');
  const tool = name === undefined ? {} : { tool: oneLine(name, NAME_MAX_BYTES) };
  switch (event) {
    case 'UserPromptSubmit':
    case 'PreToolUse':
    case 'PostToolUse':
      return { event, agent, state: 'working', ...tool };
    case 'Notification': {
      const type = stringField(payload.json, 'notification_type');
      if (type !== 'permission_prompt') return undefined;
      return { event, agent, state: 'blocked', kind: 'permission', msg: describeDroidPermission(last?.name, last?.input), notification: type };
    }
    case 'Stop':
      return { event, agent, state: asked ? 'idle' : 'done' };
    default:
      return undefined;
  }
}

/** Factory Droid's hooks as the shim uses them; `session()` keeps the last PreToolUse for the Notification after it. */
export const DROID_SPEC: AgentHookSpec = {
  app: 'droid',
  events: DROID_EVENTS,
  needsPayload: (event) => event === 'PreToolUse' || event === 'Notification',
  map: (event, payload) => mapDroid(event, payload, undefined, false),
  session() {
    let last: PendingTool | undefined;
    let asked = false;
    return (event, payload) => {
      const signal = mapDroid(event, payload, last, asked);
      if (event === 'PreToolUse') last = { name: stringField(payload.json, 'tool_name'), input: objectField(payload.json, 'tool_input') };
      if (signal?.state === 'blocked') asked = true;
      else if (event !== 'Notification') asked = false;
      return signal;
    };
  },
};
