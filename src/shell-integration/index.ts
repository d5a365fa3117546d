// Picks the shell integration for a wrapped program: bash and zsh get this session's OSC 133 marks, others nothing.
import { bashArgs, bashTakesRcfile } from './bash-integration.js';
import { PrivateDir } from './private-dir.js';
import { zshEnv, zshIsInteractive } from './zsh-integration.js';

/** One session's shell integration: the shell's arguments and environment additions; `dispose()` removes its files (idempotent). */
export interface ShellIntegration {
  readonly args: string[];
  readonly env: Record<string, string>;
  dispose(): void;
}

/**
 * For an interactive bash (not a login shell) or zsh: a private directory with startup files that source the
 * user's own and add the marks. Anything else (fish ≥ 4 emits them itself, scripts, `-c`, bash -l): undefined.
 */
export function prepareShellIntegration(name: string, path: string, args: readonly string[], env: NodeJS.ProcessEnv): ShellIntegration | undefined {
  const bash = name === 'bash' && bashTakesRcfile(args);
  const zsh = name === 'zsh' && zshIsInteractive(args);
  if (!bash && !zsh) return undefined;
  const dir = PrivateDir.make();
  try {
    return bash
      ? { args: bashArgs(dir, path, args), env: {}, dispose: () => dir.dispose() }
      : { args: [...args], env: zshEnv(dir, env), dispose: () => dir.dispose() };
  } catch (error) {
    dir.dispose();
    throw error;
  }
}
