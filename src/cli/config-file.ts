// The config file, `$XDG_CONFIG_HOME/osf7501/config.toml`: defaults for the run options and per-app overrides.
// Precedence: the command line, then `[apps.<command>]`, then the file's top level, then the built-in default.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { EXIT } from '../exit/codes.js';
import { hostProblem } from '../inbox/fleet.js';

/** The settings a config file may set, with their built-in defaults (the same as the options'). */
export interface Settings {
  notify: 'off' | 'terminal' | 'desktop';
  interval: number;
  'on-exit': 'result' | 'clear' | 'keep';
  'tmux-levels': number;
  native: boolean;
  hooks: boolean;
  title: boolean;
  /** Seconds: a plain program's run or a shell's command at least this long ends as `done`. */
  'done-after': number;
  /** ConEmu's OSC 9;4 bar beside the reports: where the terminal draws it, always, or never. */
  'progress-bar': 'auto' | 'always' | 'never';
}

export type SettingKey = keyof Settings;

const DEFAULT_SETTINGS: Readonly<Settings> = { notify: 'off', interval: 700, 'on-exit': 'result', 'tmux-levels': 1, native: true, hooks: true, title: false, 'done-after': 3, 'progress-bar': 'auto' };
export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** A bad config file: one line naming the file and the key; exit status 2, before any program starts. */
export class ConfigError extends Error {
  readonly exitCode = EXIT.usage;
  constructor(path: string, what: string) {
    super(`${path}: ${what}`);
    this.name = 'ConfigError';
  }
}

/** A read config file (empty when there is none). */
interface ConfigFile {
  path: string;
  found: boolean;
  top: Partial<Settings>;
  apps: Readonly<Record<string, Partial<Settings>>>;
  /** `hosts = ["devbox", …]`: the machines `ls`, `watch`, `status` and `jump` also list over ssh. */
  hosts: readonly string[];
}

/** Where a setting's value came from. */
type SettingSource = 'default' | 'config' | `config [apps.${string}]` | 'command line';

/** `$XDG_CONFIG_HOME/osf7501/config.toml`, default `~/.config/osf7501/config.toml`. */
export function configPath(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && xdg.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.config');
  return join(base, 'osf7501', 'config.toml');
}

const CHOICES: Partial<Record<SettingKey, readonly string[]>> = { notify: ['off', 'terminal', 'desktop'], 'on-exit': ['result', 'clear', 'keep'], 'progress-bar': ['auto', 'always', 'never'] };
const RANGES: Partial<Record<SettingKey, readonly [number, number]>> = { interval: [50, 60_000], 'tmux-levels': [1, 4], 'done-after': [0, 86_400] };

function checkValue(path: string, where: string, key: string, value: unknown): Partial<Settings> {
  if (!(SETTING_KEYS as string[]).includes(key)) {
    throw new ConfigError(path, `${where}${key}: unknown key (known: ${SETTING_KEYS.join(', ')}${where === '' ? ', hosts, [apps.<command>]' : ''})`);
  }
  const k = key as SettingKey;
  const choices = CHOICES[k];
  const range = RANGES[k];
  if (choices !== undefined) {
    if (typeof value !== 'string' || !choices.includes(value)) throw new ConfigError(path, `${where}${key}: expected one of ${choices.map((c) => `"${c}"`).join(', ')}, got ${JSON.stringify(value)}`);
  } else if (range !== undefined) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1]) {
      throw new ConfigError(path, `${where}${key}: expected a whole number from ${range[0]} to ${range[1]}, got ${JSON.stringify(value)}`);
    }
  } else if (typeof value !== 'boolean') throw new ConfigError(path, `${where}${key}: expected true or false, got ${JSON.stringify(value)}`);
  return { [k]: value } as Partial<Settings>;
}

function checkTable(path: string, where: string, table: Record<string, unknown>): Partial<Settings> {
  let settings: Partial<Settings> = {};
  for (const [key, value] of Object.entries(table)) settings = { ...settings, ...checkValue(path, where, key, value) };
  return settings;
}

/**
 * smol-toml's parse, loaded on first use: most runs have no config file, and wrapping a program starts
 * faster without the TOML parser's nine ES modules (its single-file CommonJS build, loaded synchronously).
 */
function tomlParse(): (text: string) => unknown {
  return (createRequire(import.meta.url)('smol-toml') as typeof import('smol-toml')).parse;
}

/** Checks a config file's text; throws a ConfigError naming the file and the key. */
export function parseConfig(text: string, path: string): ConfigFile {
  let raw: Record<string, unknown>;
  try {
    raw = tomlParse()(text) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(path, `not valid TOML: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  }
  const { apps, hosts, ...top } = raw;
  if (hosts !== undefined && (!Array.isArray(hosts) || !hosts.every((h) => typeof h === 'string'))) throw new ConfigError(path, 'hosts: expected a list of host names (hosts = ["devbox"])');
  for (const host of (hosts ?? []) as string[]) {
    const problem = hostProblem(host);
    if (problem !== undefined) throw new ConfigError(path, `hosts: ${problem}`);
  }
  const perApp: Record<string, Partial<Settings>> = {};
  if (apps !== undefined) {
    if (typeof apps !== 'object' || apps === null || Array.isArray(apps)) throw new ConfigError(path, 'apps: expected tables [apps.<command>]');
    for (const [name, table] of Object.entries(apps as Record<string, unknown>)) {
      if (typeof table !== 'object' || table === null || Array.isArray(table)) throw new ConfigError(path, `apps.${name}: expected a table [apps.${name}]`);
      perApp[name] = checkTable(path, `[apps.${name}] `, table as Record<string, unknown>);
    }
  }
  return { path, found: true, top: checkTable(path, '', top), apps: perApp, hosts: (hosts ?? []) as string[] };
}

/** Reads the config file; no file is an empty config, an unreadable or bad one a ConfigError. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): ConfigFile {
  const path = configPath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, found: false, top: {}, apps: {}, hosts: [] };
    throw new ConfigError(path, `cannot read: ${code ?? String(error)}`);
  }
  return parseConfig(text, path);
}

/** One effective setting and where it came from. */
interface Effective<K extends SettingKey = SettingKey> {
  value: Settings[K];
  source: SettingSource;
}

/** The effective settings for a command named `app`, given what the command line set. */
export function effectiveSettings(config: ConfigFile, app: string | undefined, cli: Partial<Settings>): { [K in SettingKey]: Effective<K> } {
  const appTable = app === undefined ? undefined : config.apps[app];
  const pick = <K extends SettingKey>(key: K): Effective<K> => {
    if (cli[key] !== undefined) return { value: cli[key] as Settings[K], source: 'command line' };
    if (appTable?.[key] !== undefined) return { value: appTable[key] as Settings[K], source: `config [apps.${app}]` };
    if (config.top[key] !== undefined) return { value: config.top[key] as Settings[K], source: 'config' };
    return { value: DEFAULT_SETTINGS[key], source: 'default' };
  };
  return { notify: pick('notify'), interval: pick('interval'), 'on-exit': pick('on-exit'), 'tmux-levels': pick('tmux-levels'), native: pick('native'), hooks: pick('hooks'), title: pick('title'), 'done-after': pick('done-after'), 'progress-bar': pick('progress-bar') };
}
