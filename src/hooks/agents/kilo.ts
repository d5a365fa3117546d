// Pure: Kilo Code (`kilo`, OpenCode's fork) takes OpenCode's plugin for the session: the same plugin events, the
// same mapping (src/hooks/agents/opencode.ts), given through KILO_CONFIG_CONTENT instead of OPENCODE_CONFIG_CONTENT.
import type { HookSignal } from '../events.js';
import type { HookPayload } from '../map-event.js';
import { OPENCODE_SPEC } from './opencode.js';
import type { AgentHookSpec } from './spec.js';

/** Kilo's inline configuration, merged over the user's and the project's (`plugin` lists concatenated), as OpenCode's. */
export const KILO_CONFIG_ENV = 'KILO_CONFIG_CONTENT';

/** One Kilo Code event (as the plugin names it) → OpenCode's signal, said by `kilo-code`. */
function mapKiloEvent(event: string, payload: HookPayload): HookSignal | undefined {
  const signal = OPENCODE_SPEC.map(event, payload);
  return signal === undefined ? undefined : { ...signal, agent: 'kilo-code' };
}

/** Kilo Code's events as the shim uses them: OpenCode's. */
export const KILO_SPEC: AgentHookSpec = { ...OPENCODE_SPEC, app: 'kilo-code', map: mapKiloEvent };
