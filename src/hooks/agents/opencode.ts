// Pure: OpenCode's plugin events (a plugin added for the session through OPENCODE_CONFIG_CONTENT) → the shim's
// signals, and the plugin's source, which writes the same lines as the sh hooks on the session's FIFO.
import { MSG_MAX_BYTES, NAME_MAX_BYTES, type HookSignal } from '../events.js';
import { resetsIn } from '../map-failure.js';
import { objectField, oneLine, stringField, type HookPayload } from '../map-event.js';
import { todoItems, type TodoItem } from '../task-ledger.js';
import { fifoSenderSource } from './fifo-sender-source.js';
import type { AgentHookSpec } from './spec.js';

/**
 * The line names the plugin writes (an event's type with its status folded in): `session.busy` (session.status
 * busy), `session.retry` (status retry, with `{ attempt, message }`), `permission.asked` (with its payload),
 * `permission.replied` (once or always: the turn goes on), `todo.updated` (with `{ todos }`, the whole list),
 * `session.idle` (status idle: the turn's end), `session.interrupted` (status idle after a rejected permission
 * or an aborted message: no result), `session.error` (any other error, with `{ name, message }`).
 */
export const OPENCODE_EVENTS = [
  'session.busy',
  'session.retry',
  'permission.asked',
  'permission.replied',
  'todo.updated',
  'session.idle',
  'session.interrupted',
  'session.error',
] as const;

/** The events whose line names a payload file. */
const PAYLOAD_EVENTS: ReadonlySet<string> = new Set(['session.retry', 'permission.asked', 'todo.updated', 'session.error']);

/** What OpenCode's permission request asks, worded as rules/opencode.toml words the dialog (`approve shell: <command>`). */
export function describeOpenCodePermission(props: Readonly<Record<string, unknown>> | undefined): string {
  const permission = stringField(props, 'permission');
  const command = stringField(objectField(props, 'metadata'), 'command');
  const patterns = props?.['patterns'];
  const first = Array.isArray(patterns) && typeof patterns[0] === 'string' ? patterns[0] : undefined;
  let msg: string;
  if (permission === 'bash' && (command ?? first) !== undefined) msg = `approve shell: ${command ?? first}`;
  else if (permission !== undefined && first !== undefined) msg = `approve ${permission}: ${first}`;
  else msg = permission === undefined ? 'approve' : `approve ${permission}`;
  return oneLine(msg, MSG_MAX_BYTES);
}

/** One OpenCode event (as the plugin names it) → its signal. */
export function mapOpenCodeEvent(event: string, payload: HookPayload): HookSignal | undefined {
  const agent = 'opencode';
  switch (event) {
    case 'session.busy':
    case 'permission.replied':
    case 'todo.updated':
      return { event, agent, state: 'working' };
    case 'session.retry': {
      const message = stringField(payload.json, 'message');
      return { event, agent, state: 'working', msg: oneLine(`retrying · ${message ?? 'error'}`, MSG_MAX_BYTES) };
    }
    case 'permission.asked':
      return { event, agent, state: 'blocked', kind: 'permission', msg: describeOpenCodePermission(payload.json) };
    case 'session.idle':
      return { event, agent, state: 'done' };
    case 'session.interrupted':
      return { event, agent, state: 'idle' };
    case 'session.error': {
      // `{ name: 'APIError', message: 'Rate limit exceeded …' }`; a reset time in the message is `resets`.
      const message = stringField(payload.json, 'message') ?? stringField(payload.json, 'name');
      const msg = message === undefined ? undefined : oneLine(message, MSG_MAX_BYTES);
      const resets = msg === undefined ? undefined : resetsIn(msg);
      return { event, agent, state: 'error', ...(msg === undefined ? {} : { msg }), ...(resets === undefined ? {} : { resets: oneLine(resets, NAME_MAX_BYTES) }) };
    }
    default:
      return undefined;
  }
}

/** The todo list of a `todo.updated` (`todos: [{ content, status, priority }]`, status pending, in_progress, completed, cancelled). */
export function openCodeTodos(event: string, payload: HookPayload): TodoItem[] | undefined {
  return event === 'todo.updated' ? todoItems(payload.json?.['todos'], 'content') : undefined;
}

/** OpenCode's events as the shim uses them. */
export const OPENCODE_SPEC: AgentHookSpec = {
  app: 'opencode',
  events: OPENCODE_EVENTS,
  needsPayload: (event) => PAYLOAD_EVENTS.has(event),
  map: mapOpenCodeEvent,
  todos: openCodeTodos,
};

/**
 * The plugin module (ES, run inside OpenCode's own process): for each event it writes one line to the FIFO named
 * by $OSF7501_HOOK_FIFO, opened read-write (never blocks), and for `permission.asked` its properties to a payload
 * file first. Every step is in a try: nothing it meets can disturb OpenCode. Starts no process.
 */
export function openCodePluginSource(): string {
  return `${fifoSenderSource("this session's OpenCode plugin")}export const Osf7501 = async () => {
  // A turn whose permission was rejected, or whose message was aborted (Esc), ends without a result.
  let interrupted = false;
  return {
    event: async ({ event }) => {
      try {
        const type = event?.type;
        const props = event?.properties ?? {};
        if (type === 'session.status') {
          const status = props.status?.type;
          if (status === 'busy') {
            interrupted = false;
            send('session.busy');
          } else if (status === 'idle') {
            send(interrupted ? 'session.interrupted' : 'session.idle');
            interrupted = false;
          } else if (status === 'retry') send('session.retry', { attempt: props.status.attempt, message: String(props.status.message ?? '').slice(0, 2000) });
        } else if (type === 'permission.asked' || type === 'permission.updated') send('permission.asked', props);
        else if (type === 'todo.updated') send('todo.updated', { todos: props.todos });
        else if (type === 'permission.replied') {
          if (props.reply === 'reject') interrupted = true;
          else send('permission.replied');
        } else if (type === 'session.error') {
          const error = props.error ?? {};
          if (error.name === 'MessageAbortedError') interrupted = true;
          else send('session.error', { name: String(error.name ?? ''), message: String(error.data?.message ?? error.message ?? '').slice(0, 2000) });
        }
      } catch {}
    },
  };
};
`;
}

/**
 * The OPENCODE_CONFIG_CONTENT for the session: the user's own (a JSON object) with the plugin added to its
 * `plugin` list, or only the plugin. Undefined when the user's is not a JSON object, or its `plugin` not a list.
 * OpenCode merges this content over the user's and the project's configuration, `plugin` lists concatenated.
 */
export function openCodeConfigContent(user: string | undefined, pluginUrl: string): string | undefined {
  if (user === undefined || user.trim() === '') return JSON.stringify({ plugin: [pluginUrl] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(user);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const config = parsed as Record<string, unknown>;
  const plugins = config['plugin'];
  if (plugins !== undefined && !Array.isArray(plugins)) return undefined;
  return JSON.stringify({ ...config, plugin: [...((plugins as unknown[] | undefined) ?? []), pluginUrl] });
}
