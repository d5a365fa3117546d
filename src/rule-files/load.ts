// The I/O edge of the rules: read bundled and user rule files, pick the set for a command.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { compileRuleFile, readRuleFileHeader } from '../rules/compile.js';
import { RuleError } from '../rules/errors.js';
import { bundledRulesDir, userRulesDir, type RuleEnv } from './load-paths.js';
import { RuleSet } from '../rules/rule-set.js';
import { commandBasename } from './command-name.js';
export { commandBasename } from './command-name.js';

/** Where a rule file came from: the package, the user's config folder, or `--rules FILE`. */
export type RuleOrigin = 'bundled' | 'user' | 'file';

/** One loaded rule file. */
export interface RuleEntry {
  /** Its `app` and `commands` (what choosing a file reads). */
  app: string;
  commands: readonly string[];
  /** Its compiled rules; a bundled file's are compiled on first use (a session compiles only the file it uses). */
  readonly rules: RuleSet;
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
  return compileRuleFile(readRuleText(path, file), file);
}

function readRuleText(path: string, file: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new RuleError('io', file, `cannot read: ${reason(error)}`);
  }
}

/** Loads every bundled and user rule file. Throws the first RuleError: nothing runs on bad rules. */
export function loadRuleCatalog(options: LoadOptions = {}): RuleCatalog {
  const bundledDir = options.bundledDir ?? bundledRulesDir();
  const userDir = options.userDir ?? userRulesDir(options.env);
  const user = loadFolder(userDir, 'user', false);
  const bundled = loadFolder(bundledDir, 'bundled', true);
  for (const entry of bundled) {
    const override = user.find((u) => u.app === entry.app);
    if (override !== undefined) entry.overriddenBy = override.path;
  }
  const entries = [...user, ...bundled];
  return { entries, active: entries.filter((e) => e.overriddenBy === undefined) };
}

/** The active entry whose `commands` lists the command (user files first), if any. */
export function findByCommand(catalog: RuleCatalog, command: string): RuleEntry | undefined {
  const name = commandBasename(command);
  return catalog.active.find((e) => e.commands.includes(name));
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
    return { rules, entry: compiledEntry(rules, path, 'file'), reason: 'forced-file' };
  }
  const catalog = loadRuleCatalog(options);
  if (forced !== undefined) {
    const entry = catalog.active.find((e) => e.app === forced);
    if (entry === undefined) {
      const known = catalog.active.map((e) => e.app).join(', ');
      throw new RuleError('not-found', '--rules', `no rule set with app "${forced}" and no such .toml file (known apps: ${known})`);
    }
    return { rules: entry.rules, entry, reason: 'forced-app', catalog };
  }
  const entry = findByCommand(catalog, command);
  if (entry !== undefined) return { rules: entry.rules, entry, reason: 'command', catalog };
  const fallback = catalog.active.find((e) => e.app === FALLBACK_APP);
  return { rules: fallback?.rules ?? BUILT_IN_FALLBACK, entry: fallback, reason: 'fallback', catalog };
}

/**
 * A folder's rule files. User files are compiled at once (a bad one stops the run, whichever file it would
 * choose); bundled files (checked by the tests and `osf7501 rules check`) only as far as their `app` and
 * `commands`, their rules on first use.
 */
function loadFolder(dir: string, origin: 'bundled' | 'user', required: boolean): RuleEntry[] {
  const entries: RuleEntry[] = [];
  for (const { path, file } of listFolder(dir, required)) {
    const entry = origin === 'bundled' ? bundledEntry(path, file) : compiledEntry(loadRuleFile(path, file), path, origin);
    const twin = entries.find((e) => e.app === entry.app);
    if (twin !== undefined) throw duplicateApp(file, entry.app, displayName(twin));
    entries.push(entry);
  }
  return entries;
}

/** An entry whose rules are compiled already. */
function compiledEntry(rules: RuleSet, path: string, origin: RuleOrigin): RuleEntry {
  return { app: rules.app, commands: rules.commands, rules, path, origin };
}

/** A bundled file's entry: its header read now, its rules compiled on first use (at once if the header cannot be read). */
function bundledEntry(path: string, file: string): RuleEntry {
  const text = readRuleText(path, file);
  const header = readRuleFileHeader(text, file);
  if (header === undefined) return compiledEntry(compileRuleFile(text, file), path, 'bundled');
  let compiled: RuleSet | undefined;
  return {
    ...header,
    path,
    origin: 'bundled',
    get rules(): RuleSet {
      return (compiled ??= compileRuleFile(text, file));
    },
  };
}

/** The name a file goes by in messages (bundled: `rules/NAME.toml`). */
function displayName(entry: RuleEntry): string {
  return entry.origin === 'bundled' ? `${basename(dirname(entry.path))}/${basename(entry.path)}` : entry.path;
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
