// Opening a launch's hook channel after the spawn, shared by ClaudeHooks and AgentHooks: the FIFO and its
// reader, loaded lazily, given up quietly when the channel cannot be made (the screen alone tells the state)
// or when the owner was disposed while it was being made.
import type { ChannelPlace } from '../hook-channel/channel-place.js';
import type { HookServer } from '../hook-channel/channel.js';
import type { AgentHookSpec } from '../hooks/agents/spec.js';
import { HookChannelError } from '../hooks/errors.js';
import type { HookSignal } from '../hooks/events.js';

export interface OpenHookServerOptions {
  place: ChannelPlace;
  env: NodeJS.ProcessEnv;
  /** The agent's hook spec; none for Claude Code's. */
  spec?: AgentHookSpec;
  /** True once the owner is disposed: a server made meanwhile is closed again. */
  disposed: () => boolean;
  /** Where the channel's signals go. */
  onSignal: (signal: HookSignal, receivedAt: number) => void;
  /** Called when the channel could not be made, before resolving to undefined. */
  onFailure?: () => void;
}

/** The open server, its signals going to `onSignal`, or undefined when the channel failed (HookChannelError) or the owner is gone. */
export async function openHookServer(options: OpenHookServerOptions): Promise<HookServer | undefined> {
  if (options.disposed()) return undefined;
  const { HookServer } = await import('../hook-channel/channel.js');
  if (options.disposed()) return undefined;
  let server: HookServer;
  try {
    server = await HookServer.open(options.place, options.env, options.spec);
  } catch (error) {
    options.onFailure?.();
    if (error instanceof HookChannelError) return undefined;
    throw error;
  }
  if (options.disposed()) {
    server.dispose();
    return undefined;
  }
  server.onSignal(({ signal, receivedAt }) => options.onSignal(signal, receivedAt));
  return server;
}
