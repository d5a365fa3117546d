// For `claude`: lifecycle hooks for this launch only, merged into its one `--settings`, over a private FIFO.
// Before the spawn only what claude's arguments and environment name is made (the private directory, the
// FIFO's path, the token); the FIFO and its reader come after it: a hook that fires before the FIFO exists
// finds no FIFO and does nothing (`[ -p "$f" ]`, src/hooks/settings.ts).
import { ChannelPlace } from '../hook-channel/channel-place.js';
import type { HookServer } from '../hook-channel/channel.js';
import { claudeVersionAt } from '../hook-channel/claude-version.js';
import { injectClaudeHooks } from '../hook-channel/inject.js';
import { HookChannelError } from '../hooks/errors.js';
import type { HookSignal } from '../hooks/events.js';
import { defaultHookCommand } from '../hooks/settings.js';
import { hookEventsFor } from '../hooks/versions.js';
import { openHookServer } from './open-hook-server.js';

type SignalListener = (signal: HookSignal, receivedAt: number) => void;

/**
 * One `claude` launch's hooks: its command line with them, the variables its environment needs, and the
 * channel they report on, opened after the spawn. `dispose()` closes it and removes its directory; idempotent.
 */
export class ClaudeHooks {
  private server: HookServer | undefined;
  private disposed = false;

  private constructor(
    private readonly place: ChannelPlace,
    /** claude's arguments with the hooks injected. */
    readonly args: string[],
    /** The settings file in the place's directory, when the settings were too long for one argument. */
    private readonly settingsFile: string | undefined,
    private readonly onSignal: SignalListener,
  ) {}

  /**
   * Makes the private directory and injects the hooks into claude's arguments. Anything that goes wrong
   * leaves claude's command line exactly as given (undefined).
   */
  static prepare(path: string, args: string[], place: { env: NodeJS.ProcessEnv; cwd: string }, onSignal: SignalListener): ClaudeHooks | undefined {
    let channel: ChannelPlace;
    try {
      channel = ChannelPlace.make({ env: place.env });
    } catch (error) {
      if (error instanceof HookChannelError) return undefined;
      throw error;
    }
    const injected = injectClaudeHooks(args, {
      hookCommand: defaultHookCommand(),
      events: hookEventsFor(claudeVersionAt(path)),
      cwd: place.cwd,
      spillDir: channel.directory,
    });
    if (!injected.injected) {
      channel.dispose();
      return undefined;
    }
    return new ClaudeHooks(channel, injected.argv, injected.settingsFile, onSignal);
  }

  /** The variables to add to claude's environment: where and how its hooks report. */
  childEnv(): Record<string, string> {
    return this.place.childEnv();
  }

  /**
   * Makes the FIFO and starts reading it (after the spawn). Resolves to false when that fails: the session
   * goes on without hooks (its hooks find no FIFO and do nothing) and the screen alone tells the state. The
   * directory is removed then, unless it holds the settings file claude was given (it may not have read it
   * yet): that goes with `dispose()`.
   */
  async open(env: NodeJS.ProcessEnv): Promise<boolean> {
    const server = await openHookServer({
      place: this.place,
      env,
      disposed: () => this.disposed,
      onSignal: this.onSignal,
      onFailure: () => {
        if (this.settingsFile === undefined) this.place.dispose();
      },
    });
    this.server = server;
    return server !== undefined;
  }

  /** Closes the channel and removes its directory (FIFO, payload files, a spilled settings file). Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.server?.dispose();
    this.place.dispose();
  }
}
