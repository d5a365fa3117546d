// For the agents other than Claude Code (src/hooks/agents/index.ts): hooks for this launch only, given as the agent's own
// per-session layer (src/hook-channel/inject-agent.ts), reporting on the same private FIFO as Claude Code's.
// As for claude (claude-hooks.ts), the directory, the FIFO's path and the token come before the spawn; the
// FIFO and its reader after it.
import { ChannelPlace } from '../hook-channel/channel-place.js';
import type { HookServer } from '../hook-channel/channel.js';
import { npmPackageVersionAt } from '../hook-channel/claude-version.js';
import { AGENT_PACKAGES, checksRootOwner, GEMINI_ROOT_OWNED_SINCE, injectAgentHooks } from '../hook-channel/inject-agent.js';
import type { AgentHookSpec } from '../hooks/agents/spec.js';
import { HookChannelError } from '../hooks/errors.js';
import type { HookSignal } from '../hooks/events.js';
import { openHookServer } from './open-hook-server.js';

type SignalListener = (signal: HookSignal, receivedAt: number) => void;

/** A parent for the private directory that `spec`'s agent accepts its layer from, when it is pickier than the temp dir. */
function parentFor(spec: AgentHookSpec, env: NodeJS.ProcessEnv, version: string | undefined): string | undefined {
  // Gemini CLI ≥ 0.36 reads a system-defaults file only where root owns every folder above it (0.61: /tmp's sticky
  // 1777 is refused): /run, when the shim runs as root; otherwise it would show a warning and skip the file.
  if (spec.app === 'gemini-cli' && checksRootOwner(GEMINI_ROOT_OWNED_SINCE, version)) return process.getuid?.() === 0 ? '/run' : (env['XDG_RUNTIME_DIR'] ?? undefined);
  return undefined;
}

/**
 * One launch's hooks for an agent other than Claude Code: the arguments and variables its command line gets,
 * and the channel they report on, opened after the spawn. `dispose()` closes it and removes its directory; idempotent.
 */
export class AgentHooks {
  private server: HookServer | undefined;
  private disposed = false;

  private constructor(
    private readonly place: ChannelPlace,
    private readonly spec: AgentHookSpec,
    /** The agent's arguments with the hooks' own first. */
    readonly args: string[],
    private readonly env: Record<string, string>,
    private readonly onSignal: SignalListener,
    private readonly cleanup: (() => void) | undefined,
  ) {}

  /**
   * Makes the private directory and the agent's layer in it; undefined (nothing added) when either fails. `path`:
   * the agent's resolved executable, whose package tells its version (Gemini CLI before 0.36 takes its layer anywhere).
   */
  static prepare(spec: AgentHookSpec, path: string, args: string[], where: { env: NodeJS.ProcessEnv; cwd: string }, onSignal: SignalListener): AgentHooks | undefined {
    const pkg = AGENT_PACKAGES[spec.app];
    const version = pkg === undefined ? undefined : npmPackageVersionAt(path, pkg);
    const parentDir = parentFor(spec, where.env, version);
    let place: ChannelPlace;
    try {
      place = ChannelPlace.make({ env: where.env, ...(parentDir === undefined ? {} : { parentDir }) });
    } catch (error) {
      if (error instanceof HookChannelError) return undefined;
      throw error;
    }
    let injected: ReturnType<typeof injectAgentHooks>;
    try {
      injected = injectAgentHooks(spec, { dir: place.directory, hookEnv: place.childEnv(), env: where.env, cwd: where.cwd, args, ...(version === undefined ? {} : { version }) });
    } catch {
      injected = { reason: 'the layer could not be written' };
    }
    if ('reason' in injected) {
      place.dispose();
      return undefined;
    }
    return new AgentHooks(place, spec, [...injected.args, ...args], injected.env, onSignal, injected.cleanup);
  }

  /** The variables to add to the agent's environment: its layer, and where and how its hooks report. */
  childEnv(): Record<string, string> {
    return { ...this.env, ...this.place.childEnv() };
  }

  /** Makes the FIFO and starts reading it (after the spawn); false when that fails (the screen alone tells the state). */
  async open(env: NodeJS.ProcessEnv): Promise<boolean> {
    const server = await openHookServer({ place: this.place, env, spec: this.spec, disposed: () => this.disposed, onSignal: this.onSignal });
    this.server = server;
    return server !== undefined;
  }

  /** Closes the channel and removes its directory (FIFO, payload files, the agent's layer). Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.server?.dispose();
    this.place.dispose();
    this.cleanup?.();
  }
}
