// Pure: what one agent's hooks are to the shim — the events injected, which need their payload, how each maps.
import type { HookSignal } from '../events.js';
import type { HookPayload } from '../map-event.js';

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
  /** Where a signal depends on earlier calls (Factory Droid's): a fresh mapping for one session, used instead of `map`. */
  session?(): (event: string, payload: HookPayload) => HookSignal | undefined;
}

/** True when `name` is one of `spec`'s events. */
export function isSpecEvent(spec: AgentHookSpec, name: string): boolean {
  return spec.events.includes(name);
}
