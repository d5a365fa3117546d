// The I/O edge of the rules: read bundled and user rule files, pick the set for a command.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { compileRuleFile } from '../rules/compile.js';
import { RuleError } from '../rules/errors.js';
import { bundledRulesDir, userRulesDir, type RuleEnv } from './load-paths.js';
import { RuleSet } from '../rules/rule-set.js';
import { commandBasename } from './command-name.js';
export { commandBasename } from './command-name.js';

/** Where a rule file came from: the package, the user's config folder, or `--rules FILE`. */
export type RuleOrigin = 'bundled' | 'user' | 'file';

/** One loaded rule file. */
export interface RuleEntry {
  rules: RuleSet;
  /** Absolute path. */
  path: string;
  origin: RuleOrigin;
  /** For a bundled file replaced by a user file with the same `app`: that file's path. */
  overriddenBy?: string;
}

/** Every rule file found, user files first; `active` leaves out the overridden bundled ones. */
interface RuleCatalog {
  entries: RuleEntry[];
  active: RuleEntry[];
}

/** Where to look; the defaults are the package's `rules/` and the user's XDG folder. */
export interface LoadOptions {
  env?: RuleEnv;
  bundledDir?: string;
  userDir?: string;
}

/** How `selectRules` chose. */
export interface SelectedRules {
  rules: RuleSet;
  entry: RuleEntry | undefined;
  reason: 'forced-file' | 'forced-app' | 'command' | 'fallback';
  /** Every rule file, when they were read to choose (all but `forced-file`): read once per session. */
  catalog?: RuleCatalog;
}

/** The app whose file is used when no file lists the command. */
const FALLBACK_APP = 'generic';

/** Used when not even a generic rule file exists: no rules, so every screen is idle. */
export const BUILT_IN_FALLBACK = new RuleSet(
  { app: FALLBACK_APP, commands: [], versions: [], description: 'built-in fallback: no rules', file: '(built-in)' },
  [],
);

/** Reads and compiles one rule file (a session reads and compiles each once); `file` is the name errors show. */
export function loadRuleFile(path: string, file: string = path): RuleSet {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RuleError('io', file, `cannot read: ${reason(error)}`);
  }
  return compileRuleFile(text, file);
}

/** Loads every bundled and user rule file. Throws the first RuleError: nothing runs on bad rules. */
export function loadRuleCatalog(options: LoadOptions = {}): RuleCatalog {
  const bundledDir = options.bundledDir ?? bundledRulesDir();
  const userDir = options.userDir ?? userRulesDir(options.env);
  const user = loadFolder(userDir, 'user', false);
  const bundled = loadFolder(bundledDir, 'bundled', true);
  for (const entry of bundled) {
    const override = user.find((u) => u.rules.app === entry.rules.app);
    if (override !== undefined) entry.overriddenBy = override.path;
  }
  const entries = [...user, ...bundled];
  return { entries, active: entries.filter((e) => e.overriddenBy === undefined) };
}

/** The active entry whose `commands` lists the command (user files first), if any. */
export function findByCommand(catalog: RuleCatalog, command: string): RuleEntry | undefined {
  const name = commandBasename(command);
  return catalog.active.find((e) => e.rules.commands.includes(name));
}

/**
 * The rule set for a child command: `--rules NAME|FILE` when given (a value with a `/` or ending
 * in `.toml` is a file, anything else an app name), else the file listing the command's basename,
 * else the generic fallback.
 */
export function selectRules(command: string, options: LoadOptions & { rules?: string; cwd?: string } = {}): SelectedRules {
  const forced = options.rules;
  if (forced !== undefined && looksLikePath(forced)) {
    const path = isAbsolute(forced) ? forced : resolve(options.cwd ?? process.cwd(), forced);
    const rules = loadRuleFile(path, forced);
    return { rules, entry: { rules, path, origin: 'file' }, reason: 'forced-file' };
  }
  const catalog = loadRuleCatalog(options);
  if (forced !== undefined) {
    const entry = catalog.active.find((e) => e.rules.app === forced);
    if (entry === undefined) {
      const known = catalog.active.map((e) => e.rules.app).join(', ');
      throw new RuleError('not-found', '--rules', `no rule set with app "${forced}" and no such .toml file (known apps: ${known})`);
    }
    return { rules: entry.rules, entry, reason: 'forced-app', catalog };
  }
  const entry = findByCommand(catalog, command);
  if (entry !== undefined) return { rules: entry.rules, entry, reason: 'command', catalog };
  const fallback = catalog.active.find((e) => e.rules.app === FALLBACK_APP);
  return { rules: fallback?.rules ?? BUILT_IN_FALLBACK, entry: fallback, reason: 'fallback', catalog };
}

function loadFolder(dir: string, origin: 'bundled' | 'user', required: boolean): RuleEntry[] {
  const entries: RuleEntry[] = [];
  for (const { path, file } of listFolder(dir, required)) {
    const rules = loadRuleFile(path, file);
    const twin = entries.find((e) => e.rules.app === rules.app);
    if (twin !== undefined) throw duplicateApp(file, rules.app, twin.rules.file);
    entries.push({ rules, path, origin });
  }
  return entries;
}

/** A folder's *.toml files sorted by name; bundled ones are shown as `rules/NAME.toml`. */
export function listFolder(dir: string, bundled: boolean): { path: string; file: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.toml')).sort();
  } catch (error) {
    if (!bundled && (error as { code?: unknown }).code === 'ENOENT') return [];
    throw new RuleError('io', dir, `cannot read the ${bundled ? 'bundled' : 'user'} rules folder: ${reason(error)}`);
  }
  return names.map((n) => ({ path: join(dir, n), file: bundled ? `${basename(dir)}/${n}` : join(dir, n) }));
}

/** The error for a second file with the same `app` in one folder. */
export function duplicateApp(file: string, app: string, other: string): RuleError {
  return new RuleError('duplicate-app', file, `app "${app}" is also defined in ${other}`, undefined, 'app');
}

function looksLikePath(value: string): boolean {
  return value.includes('/') || value.includes('\\') || value.endsWith('.toml');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
