// Pure: Pi's extension events (an extension loaded for the session with `-e`) → the shim's signals, and the
// extension's source, which writes the same lines as the sh hooks on the session's FIFO from inside Pi's process.
import { MSG_MAX_BYTES, type HookSignal } from '../events.js';
import { oneLine, stringField, type HookPayload } from '../map-event.js';
import { fifoSenderSource } from './fifo-sender-source.js';
import type { AgentHookSpec } from './spec.js';

/**
 * The line names the extension writes: `agent.start` (a prompt's run begins), `tool.start` (a tool runs),
 * `agent.end` (the run ended with a result), `agent.aborted` (ended by Esc: no result), `agent.error` (ended on
 * an error, with `{ message }`). Pi asks no permission of its own: nothing here is blocked.
 */
export const PI_EVENTS = ['agent.start', 'tool.start', 'agent.end', 'agent.aborted', 'agent.error'] as const;

/** One Pi event (as the extension names it) → its signal. */
export function mapPiEvent(event: string, payload: HookPayload): HookSignal | undefined {
  const agent = 'pi';
  switch (event) {
    case 'agent.start':
    case 'tool.start':
      return { event, agent, state: 'working' };
    case 'agent.end':
      return { event, agent, state: 'done' };
    case 'agent.aborted':
      return { event, agent, state: 'idle' };
    case 'agent.error': {
      const message = stringField(payload.json, 'message');
      return { event, agent, state: 'error', ...(message === undefined ? {} : { msg: oneLine(message, MSG_MAX_BYTES) }) };
    }
    default:
      return undefined;
  }
}

/** Pi's events as the shim uses them. */
export const PI_SPEC: AgentHookSpec = {
  app: 'pi',
  events: PI_EVENTS,
  needsPayload: (event) => event === 'agent.error',
  map: mapPiEvent,
};

/** Pi's commands that manage packages rather than run a session: the extension flag is not given to them. */
export const PI_PACKAGE_COMMANDS: ReadonlySet<string> = new Set(['install', 'remove', 'uninstall', 'update', 'list', 'config']);

/**
 * The extension module (ES, run inside Pi's own process): for each event it writes one line to the FIFO named by
 * $OSF7501_HOOK_FIFO, opened read-write (never blocks), and for `agent.error` its message to a payload file
 * first. Every step is in a try: nothing it meets can disturb Pi. Starts no process.
 */
export function piExtensionSource(): string {
  return `${fifoSenderSource("this session's Pi extension")}export default function osf7501(pi) {
  pi.on('agent_start', async () => send('agent.start'));
  pi.on('tool_execution_start', async () => send('tool.start'));
  pi.on('agent_end', async (event) => {
    try {
      const messages = Array.isArray(event?.messages) ? event.messages : [];
      const last = [...messages].reverse().find((m) => m?.role === 'assistant');
      if (last?.stopReason === 'aborted') send('agent.aborted');
      else if (last?.stopReason === 'error') send('agent.error', { message: String(last.errorMessage ?? 'error') });
      else send('agent.end');
    } catch {}
  });
}
`;
}
