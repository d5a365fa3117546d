// Pure: which wrapped command gets which agent's hooks.
import { COPILOT_SPEC } from './copilot.js';
import { DROID_SPEC } from './droid.js';
import { GEMINI_SPEC } from './gemini.js';
import { KILO_SPEC } from './kilo.js';
import { OPENCODE_SPEC } from './opencode.js';
import { PI_SPEC } from './pi.js';
import { QWEN_SPEC } from './qwen.js';
import type { AgentHookSpec } from './spec.js';

export type { AgentHookSpec } from './spec.js';

/**
 * The agents other than Claude Code that take the shim's hooks for one session, by command name. Not here:
 * Codex (its hooks run only once trusted, and the trust is written into the user's ~/.codex/config.toml; it
 * reports for itself with OSC 7501).
 */
const BY_COMMAND: Readonly<Record<string, AgentHookSpec>> = {
  gemini: GEMINI_SPEC,
  qwen: QWEN_SPEC,
  copilot: COPILOT_SPEC,
  opencode: OPENCODE_SPEC,
  kilo: KILO_SPEC,
  kilocode: KILO_SPEC,
  droid: DROID_SPEC,
  pi: PI_SPEC,
};

/** The hook spec for a wrapped command's base name, or undefined. */
export function agentHookSpecFor(command: string): AgentHookSpec | undefined {
  return Object.hasOwn(BY_COMMAND, command) ? BY_COMMAND[command] : undefined;
}
