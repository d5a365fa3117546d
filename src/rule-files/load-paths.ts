// Where rule files live: bundled ones in the package's `rules/`, the user's under XDG_CONFIG_HOME.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package whose root holds `rules/`. */
export const PACKAGE_NAME = 'osf7501';

/** The environment variables rule loading reads. */
export type RuleEnv = Readonly<Record<string, string | undefined>>;

let cachedRoot: string | undefined;

/**
 * The package root: the nearest folder above `from` (default: this file) whose package.json is
 * named osf7501. Works from `src/rules/` (tests) and `dist/src/rules/` (the built CLI) alike.
 */
export function packageRoot(from?: string): string {
  if (from === undefined && cachedRoot !== undefined) return cachedRoot;
  let dir = from ?? dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (isOurPackage(join(dir, 'package.json'))) {
      if (from === undefined) cachedRoot = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package root above ${from ?? 'the rules loader'}`);
    dir = parent;
  }
}

/** The folder of bundled rule files (`<package root>/rules`). */
export function bundledRulesDir(): string {
  return join(packageRoot(), 'rules');
}

/** The user's rule folder: `$XDG_CONFIG_HOME/osf7501/rules`, default `~/.config/osf7501/rules`. */
export function userRulesDir(env: RuleEnv = process.env): string {
  const xdg = env['XDG_CONFIG_HOME'];
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const config = xdg !== undefined && xdg !== '' && isAbsolute(xdg) ? xdg : join(home(env), '.config');
  return join(config, PACKAGE_NAME, 'rules');
}

/**
 * Whether the user's rule folder has rule files (or cannot be listed: reading the catalog then says why).
 * Without them the rules to choose from are only the bundled ones, and reading them cannot refuse a run.
 */
export function hasUserRuleFiles(env: RuleEnv = process.env): boolean {
  try {
    return readdirSync(userRulesDir(env)).some((name) => name.endsWith('.toml'));
  } catch (error) {
    return (error as { code?: unknown }).code !== 'ENOENT';
  }
}

function home(env: RuleEnv): string {
  const fromEnv = env['HOME'];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : homedir();
}

function isOurPackage(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && (parsed as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}
