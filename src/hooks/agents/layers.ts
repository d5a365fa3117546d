// Pure: the shim's hooks as each agent's own configuration layer for one session — a settings file for Gemini
// CLI and Qwen Code (their system-defaults layer, merged with the one the user has), a plugin for Copilot CLI.
import { fifoHookLine } from '../settings.js';
import type { AgentHookSpec } from './spec.js';

/** Seconds an agent lets one hook run: the sh hook ends in a few ms (see settings.ts HOOK_TIMEOUT_S). */
export const AGENT_HOOK_TIMEOUT_S = 5;

/** The name the shim's hooks carry where an agent shows or lists hooks by name. */
export const SHIM_HOOK_NAME = 'osf7501';

/** What a hook needs in its environment (the channel's FIFO and token): given in the hook's own `env`, which
 * the agents apply after filtering the environment they pass on (Gemini CLI may redact `*TOKEN*` variables). */
export type HookEnv = Readonly<Record<string, string>>;

/** Events whose hooks a tool-name matcher filters (`*`: every tool), per agent. */
const TOOL_EVENTS = new Set(['BeforeTool', 'AfterTool', 'PreToolUse', 'PostToolUse', 'PermissionRequest']);

/** A settings layer's `hooks`: one group per event running the sh hook (Gemini CLI's and Qwen Code's shape). */
export function settingsHooks(spec: AgentHookSpec, env: HookEnv, timeoutUnit: 'ms' | 's'): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  const timeout = timeoutUnit === 'ms' ? AGENT_HOOK_TIMEOUT_S * 1000 : AGENT_HOOK_TIMEOUT_S;
  for (const event of spec.events) {
    const command = fifoHookLine(event, spec.needsPayload(event));
    hooks[event] = [{ ...(TOOL_EVENTS.has(event) ? { matcher: '*' } : {}), hooks: [{ name: SHIM_HOOK_NAME, type: 'command', command, timeout, env: { ...env } }] }];
    const tools = spec.payloadTools?.[event];
    if (tools !== undefined) {
      hooks[event].unshift({ matcher: tools, hooks: [{ name: SHIM_HOOK_NAME, type: 'command', command: fifoHookLine(event, true), timeout, env: { ...env } }] });
    }
  }
  return hooks;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The layer the user had (parsed, or undefined for none) with the shim's hooks appended to each event's list,
 * the user's own first and untouched. Undefined when it cannot be merged (not an object, `hooks` not an object,
 * an event's entry not a list): the session then adds nothing.
 */
export function layerWithHooks(user: unknown, ours: Readonly<Record<string, readonly unknown[]>>): Record<string, unknown> | undefined {
  if (user !== undefined && !isPlainObject(user)) return undefined;
  const base = user ?? {};
  const userHooks = base['hooks'];
  if (userHooks !== undefined && !isPlainObject(userHooks)) return undefined;
  const hooks: Record<string, unknown> = { ...(userHooks ?? {}) };
  for (const [event, groups] of Object.entries(ours)) {
    const existing = hooks[event];
    if (existing !== undefined && !Array.isArray(existing)) return undefined;
    hooks[event] = [...((existing as unknown[] | undefined) ?? []), ...groups];
  }
  return { ...base, hooks };
}

/** Copilot CLI's plugin manifest and its `hooks.json` (version 1: each event a list of `{type, bash, env, timeoutSec}`). */
export function copilotPlugin(spec: AgentHookSpec, env: HookEnv): { manifest: Record<string, unknown>; hooks: Record<string, unknown> } {
  const hooks: Record<string, unknown[]> = {};
  for (const event of spec.events) {
    hooks[event] = [{ type: 'command', bash: fifoHookLine(event, spec.needsPayload(event)), env: { ...env }, timeoutSec: AGENT_HOOK_TIMEOUT_S }];
  }
  return {
    manifest: { name: SHIM_HOOK_NAME, version: '1.0.0', description: 'osf7501 session hooks (this session only)', hooks: 'hooks.json' },
    hooks: { version: 1, hooks },
  };
}
