// For `claude`: lifecycle hooks for this launch only, merged into its one `--settings`, over a private socket.
import type { HookServer } from '../hook-channel/index.js';
import type { HookSignal } from '../hooks/events.js';

/** A running hook channel and the command line that uses it. */
export interface ClaudeHooks {
  server: HookServer;
  args: string[];
}

/**
 * Starts the hook channel of a `claude` launch and injects the hooks into its arguments. Anything that goes
 * wrong leaves claude's command line exactly as given (undefined).
 */
export async function startClaudeHooks(
  path: string,
  args: string[],
  place: { env: NodeJS.ProcessEnv; cwd: string },
  onSignal: (signal: HookSignal, receivedAt: number) => void,
): Promise<ClaudeHooks | undefined> {
  const { claudeVersionAt, defaultHookCommand, HookChannelError, HookServer, hookEventsFor, injectClaudeHooks } = await import(
    '../hook-channel/index.js'
  );
  let server: HookServer;
  try {
    server = await HookServer.start({ env: place.env });
  } catch (error) {
    if (error instanceof HookChannelError) return undefined;
    throw error;
  }
  const injected = injectClaudeHooks(args, {
    hookCommand: defaultHookCommand(),
    events: hookEventsFor(claudeVersionAt(path)),
    cwd: place.cwd,
    spillDir: server.directory,
  });
  if (!injected.injected) {
    server.dispose();
    return undefined;
  }
  server.onSignal(({ signal, receivedAt }) => onSignal(signal, receivedAt));
  return { server, args: injected.argv };
}
