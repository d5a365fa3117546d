// Pure: what one agent's hooks are to the shim — the events injected, which need their payload, how each maps.
import type { HookSignal } from '../events.js';
import type { HookPayload } from '../map-event.js';
import type { TodoItem } from '../task-ledger.js';

/** One agent's hook vocabulary (the injection itself is the edge's: src/hook-channel/inject-agent.ts). */
export interface AgentHookSpec {
  /** The agent's app name (rules' `app`), given as `HookSignal.agent`. */
  app: string;
  /** The agent's events the shim hooks, in the order they occur in a turn. */
  events: readonly string[];
  /** Whether the hook ships `event`'s payload (only where it decides the report). */
  needsPayload(event: string): boolean;
  /** The signal one call implies, or nothing. */
  map(event: string, payload: HookPayload): HookSignal | undefined;
  /**
   * Tool events whose payload is shipped only for some tools (event → the agent's tool matcher): a second group
   * beside the bare `*` one, as for Claude Code's TodoWrite (the todo tool's input is the whole list).
   */
  payloadTools?: Readonly<Record<string, string>>;
  /** The whole todo list one call carries (the todo tool's input, a list event), or undefined: the session's ledger counts it. */
  todos?(event: string, payload: HookPayload): readonly TodoItem[] | undefined;
  /** Where a signal depends on earlier calls (Factory Droid's): a fresh mapping for one session, used instead of `map`. */
  session?(): (event: string, payload: HookPayload) => HookSignal | undefined;
}

/** True when `name` is one of `spec`'s events. */
export function isSpecEvent(spec: AgentHookSpec, name: string): boolean {
  return spec.events.includes(name);
}
