// The edge of the other agents' hook injection: reads the layer the user has, writes the session's own layer
// into the private directory, and says what to add to the agent's arguments and environment.
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { copilotPlugin, layerWithHooks, settingsHooks, type HookEnv } from '../hooks/agents/layers.js';
import type { AgentHookSpec } from '../hooks/agents/spec.js';
import { atLeast } from '../hooks/versions.js';
import { KILO_CONFIG_ENV } from '../hooks/agents/kilo.js';
import { openCodeConfigContent, openCodePluginSource } from '../hooks/agents/opencode.js';
import { PI_PACKAGE_COMMANDS, piExtensionSource } from '../hooks/agents/pi.js';
import { pathToFileURL } from 'node:url';

/** Largest system-defaults file of the user's that is read (theirs are a few KB). */
const USER_LAYER_MAX_BYTES = 1024 * 1024;

/** What the agent is started with: extra arguments (before the user's) and environment. */
export interface AgentInjection {
  args: string[];
  env: Record<string, string>;
  /** After the agent has exited: removes what the agent made for the shim's layer outside the private directory. */
  cleanup?: () => void;
}

/** Why an agent gets no hooks this session (for --log and tests). */
export interface NoInjection {
  reason: string;
}

/** How one settings-file agent takes a per-session layer: the env variable naming its system-defaults file. */
interface DefaultsLayer {
  /** Names the system-defaults file (GEMINI_CLI_SYSTEM_DEFAULTS_PATH). */
  defaultsEnv: string;
  /** Names the system settings file, whose folder holds the defaults by default (GEMINI_CLI_SYSTEM_SETTINGS_PATH). */
  settingsEnv: string;
  /** The system settings file when `settingsEnv` is unset (Linux; macOS has its own). */
  settingsPath(platform: NodeJS.Platform): string;
  timeoutUnit: 'ms' | 's';
  /**
   * From this version on the agent reads the file only if root owns it and every folder above it, none writable by
   * group or others (undefined: never). An unknown version is taken to check.
   */
  rootOwnedSince?: string;
}

/** The first Gemini CLI that reads a system file only where root owns it and every folder above it. */
export const GEMINI_ROOT_OWNED_SINCE = '0.36.0';

/** Whether the agent at `version` (undefined: unknown) checks that root owns its system files. */
export function checksRootOwner(since: string | undefined, version: string | undefined): boolean {
  return since !== undefined && (version === undefined || atLeast(version, since));
}

const GEMINI_LAYER: DefaultsLayer = {
  defaultsEnv: 'GEMINI_CLI_SYSTEM_DEFAULTS_PATH',
  settingsEnv: 'GEMINI_CLI_SYSTEM_SETTINGS_PATH',
  settingsPath: (platform) => (platform === 'darwin' ? '/Library/Application Support/GeminiCli/settings.json' : '/etc/gemini-cli/settings.json'),
  timeoutUnit: 'ms',
  // Bisected on the registry's tarballs: 0.35.3 has no such check, 0.36.0 has it (`Security Warning: Skipping …`).
  rootOwnedSince: GEMINI_ROOT_OWNED_SINCE,
};

const QWEN_LAYER: DefaultsLayer = {
  defaultsEnv: 'QWEN_CODE_SYSTEM_DEFAULTS_PATH',
  settingsEnv: 'QWEN_CODE_SYSTEM_SETTINGS_PATH',
  settingsPath: (platform) => (platform === 'darwin' ? '/Library/Application Support/QwenCode/settings.json' : '/etc/qwen-code/settings.json'),
  timeoutUnit: 's',
};

/** The system-defaults file the agent would read without the shim: the env's, or beside its system settings. */
export function userDefaultsPath(layer: { defaultsEnv: string; settingsEnv: string; settingsPath(p: NodeJS.Platform): string }, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  const given = env[layer.defaultsEnv];
  if (given !== undefined && given !== '') return given;
  const settings = env[layer.settingsEnv];
  return join(dirname(settings !== undefined && settings !== '' ? settings : layer.settingsPath(platform)), 'system-defaults.json');
}

/** The parsed layer at `path`, undefined when there is none; throws a one-line reason when it cannot be used. */
function readUserLayer(path: string, cwd: string): unknown {
  const full = resolve(cwd, path);
  let size: number;
  try {
    size = statSync(full).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${full}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (size > USER_LAYER_MAX_BYTES) throw new Error(`${full} is larger than 1 MiB`);
  const text = readFileSync(full, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // JSON with comments (which these agents accept) is left as it is: the session adds nothing.
    throw new Error(`${full} is not plain JSON`);
  }
}

/** Gemini CLI's check of a system file's folders: root owns each, none writable by group or others, no symlink. */
export function rootOwnedChain(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      const s = lstatSync(d);
      if (!s.isDirectory() || s.uid !== 0 || (s.mode & 0o022) !== 0) return false;
    } catch {
      return false;
    }
    if (dirname(d) === d) return true;
  }
}

/** The settings-file agents: a merged system-defaults layer in `dir`, named by its env variable. */
function injectDefaultsLayer(spec: AgentHookSpec, layer: DefaultsLayer, dir: string, hookEnv: HookEnv, env: NodeJS.ProcessEnv, cwd: string, version: string | undefined): AgentInjection | NoInjection {
  if (checksRootOwner(layer.rootOwnedSince, version) && !rootOwnedChain(dir)) return { reason: `${dir} is not owned by root all the way up, so ${spec.app} would skip a system-defaults file there` };
  let user: unknown;
  try {
    user = readUserLayer(userDefaultsPath(layer, env, process.platform), cwd);
  } catch (error) {
    return { reason: (error as Error).message };
  }
  const merged = layerWithHooks(user, settingsHooks(spec, hookEnv, layer.timeoutUnit));
  if (merged === undefined) return { reason: `the system-defaults file's "hooks" cannot take the shim's` };
  const file = join(dir, `${spec.app}-defaults.json`);
  writeFileSync(file, JSON.stringify(merged), { mode: 0o600, flag: 'wx' });
  return { args: [], env: { [layer.defaultsEnv]: file } };
}

/** The names in a folder, none when it cannot be read. */
function namesIn(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}

/**
 * Copilot CLI: a plugin folder in `dir`, loaded with `--plugin-dir` for this launch. Copilot makes an (empty)
 * data folder for each direct plugin it loads, `<COPILOT_HOME or ~/.copilot>/plugin-data/_direct/<hash>`; the
 * cleanup removes the ones that appeared during the session and are still empty (rmdir takes no other).
 */
function injectCopilotPlugin(spec: AgentHookSpec, dir: string, hookEnv: HookEnv, env: NodeJS.ProcessEnv): AgentInjection {
  const dataDir = join(env['COPILOT_HOME'] || join(env['HOME'] || homedir(), '.copilot'), 'plugin-data', '_direct');
  const before = namesIn(dataDir);
  const plugin = join(dir, 'copilot-plugin');
  mkdirSync(plugin, { mode: 0o700 });
  const { manifest, hooks } = copilotPlugin(spec, hookEnv);
  writeFileSync(join(plugin, 'plugin.json'), JSON.stringify(manifest), { mode: 0o600, flag: 'wx' });
  writeFileSync(join(plugin, 'hooks.json'), JSON.stringify(hooks), { mode: 0o600, flag: 'wx' });
  const cleanup = (): void => {
    for (const name of namesIn(dataDir)) {
      if (before.has(name)) continue;
      try {
        rmdirSync(join(dataDir, name));
      } catch {
        // Not empty (Copilot keeps something there), or gone: left alone.
      }
    }
  };
  return { args: ['--plugin-dir', plugin], env: {}, cleanup };
}

/**
 * OpenCode (and Kilo Code, its fork): a plugin module in `dir`, added for this launch through the agent's inline
 * configuration variable (`contentEnv`: OPENCODE_CONFIG_CONTENT, KILO_CONFIG_CONTENT), merged with the user's.
 */
function injectOpenCodePlugin(dir: string, env: NodeJS.ProcessEnv, contentEnv: string): AgentInjection | NoInjection {
  const plugin = join(dir, 'osf7501-opencode.js');
  const content = openCodeConfigContent(env[contentEnv], pathToFileURL(plugin).href);
  if (content === undefined) return { reason: `${contentEnv} is not a JSON object with a plugin list` };
  writeFileSync(plugin, openCodePluginSource(), { mode: 0o600, flag: 'wx' });
  return { args: [], env: { [contentEnv]: content } };
}

/**
 * Factory Droid: its runtime settings overlay (FACTORY_RUNTIME_SETTINGS_PATH, what `--settings <path>` sets), the
 * user's own overlay (the variable's file) with the shim's hooks appended; Droid concatenates each event's hooks
 * across its levels. `hooks.showHookOutput` false (unless the user's overlay or settings choose it): Droid would
 * otherwise draw a `Hooks Stop` row with the shim's sh line in every turn. Nothing when the user gives `--settings` themselves.
 */
function injectDroidOverlay(spec: AgentHookSpec, dir: string, hookEnv: HookEnv, env: NodeJS.ProcessEnv, cwd: string, args: readonly string[]): AgentInjection | NoInjection {
  if (args.some((a) => a === '--settings' || a.startsWith('--settings='))) return { reason: 'the command line gives --settings: its overlay wins over the shim\'s' };
  let user: unknown;
  try {
    const given = env[DROID_OVERLAY_ENV]?.trim();
    user = given ? readUserLayer(given, cwd) : undefined;
  } catch (error) {
    return { reason: (error as Error).message };
  }
  const merged = layerWithHooks(user, settingsHooks(spec, hookEnv, 's'));
  if (merged === undefined) return { reason: `the runtime settings' "hooks" cannot take the shim's` };
  const hooks = merged['hooks'] as Record<string, unknown>;
  if (hooks['showHookOutput'] === undefined && !droidShowsHookOutputSet(env, cwd)) hooks['showHookOutput'] = false;
  const file = join(dir, 'droid-settings.json');
  writeFileSync(file, JSON.stringify(merged), { mode: 0o600, flag: 'wx' });
  return { args: [], env: { [DROID_OVERLAY_ENV]: file } };
}

/**
 * Whether the user's or the project's Droid settings (`~/.factory/` and `<cwd>/.factory/`, `settings.json` and
 * `settings.local.json`) choose `hooks.showHookOutput` themselves: the overlay then leaves it to them. A file that
 * cannot be read or is not plain JSON counts as not choosing.
 */
function droidShowsHookOutputSet(env: NodeJS.ProcessEnv, cwd: string): boolean {
  const dirs = [join(env['HOME'] || homedir(), '.factory'), join(cwd, '.factory')];
  return dirs.some((d) =>
    ['settings.json', 'settings.local.json'].some((name) => {
      try {
        const settings: unknown = readUserLayer(join(d, name), cwd);
        const hooks = (settings as { hooks?: unknown } | undefined)?.hooks;
        return typeof hooks === 'object' && hooks !== null && typeof (hooks as Record<string, unknown>)['showHookOutput'] === 'boolean';
      } catch {
        return false;
      }
    }),
  );
}

/** Pi: an extension module in `dir`, loaded for this launch with `-e` beside the ones Pi discovers. Not for its package commands. */
function injectPiExtension(dir: string, args: readonly string[]): AgentInjection | NoInjection {
  if (args[0] !== undefined && PI_PACKAGE_COMMANDS.has(args[0])) return { reason: `pi ${args[0]} runs no session` };
  const extension = join(dir, 'osf7501-pi.js');
  writeFileSync(extension, piExtensionSource(), { mode: 0o600, flag: 'wx' });
  return { args: ['-e', extension], env: {} };
}

/** Names Factory Droid's runtime settings overlay. */
const DROID_OVERLAY_ENV = 'FACTORY_RUNTIME_SETTINGS_PATH';

/** The npm package of each settings-file agent, whose version decides how its layer is given. */
export const AGENT_PACKAGES: Readonly<Record<string, string>> = { 'gemini-cli': '@google/gemini-cli', 'qwen-code': '@qwen-code/qwen-code' };

/** How `app`'s hooks are given for one session (`version`: the installed agent's, when known), or undefined for an agent the shim adds none to. */
export function injectAgentHooks(
  spec: AgentHookSpec,
  options: { dir: string; hookEnv: HookEnv; env: NodeJS.ProcessEnv; cwd: string; args?: readonly string[]; version?: string },
): AgentInjection | NoInjection {
  switch (spec.app) {
    case 'gemini-cli':
      return injectDefaultsLayer(spec, GEMINI_LAYER, options.dir, options.hookEnv, options.env, options.cwd, options.version);
    case 'qwen-code':
      return injectDefaultsLayer(spec, QWEN_LAYER, options.dir, options.hookEnv, options.env, options.cwd, options.version);
    case 'copilot':
      return injectCopilotPlugin(spec, options.dir, options.hookEnv, options.env);
    case 'opencode':
      return injectOpenCodePlugin(options.dir, options.env, 'OPENCODE_CONFIG_CONTENT');
    case 'droid':
      return injectDroidOverlay(spec, options.dir, options.hookEnv, options.env, options.cwd, options.args ?? []);
    case 'pi':
      return injectPiExtension(options.dir, options.args ?? []);
    case 'kilo-code':
      return injectOpenCodePlugin(options.dir, options.env, KILO_CONFIG_ENV);
    default:
      return { reason: `no per-session hook mechanism for ${spec.app}` };
  }
}
