// Claude Code's version from where its executable lives, without running it (that would cost ~0.3 s).
import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseVersion } from '../hooks/versions.js';

/** Package names whose package.json next to (or above) the executable carries the version. */
const PACKAGE_NAME = /^@anthropic-ai\/claude-code(?:-[a-z0-9-]+)?$/;

function packageVersion(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    if (typeof pkg.name === 'string' && PACKAGE_NAME.test(pkg.name) && typeof pkg.version === 'string') return pkg.version;
  } catch {
    // No package.json there.
  }
  return undefined;
}

/**
 * The version in the package.json of the npm package named `name` that holds `executable` (its resolved path:
 * `…/node_modules/.bin/gemini` → `…/@google/gemini-cli/bundle/gemini.js`), looked up to three folders above it.
 */
export function npmPackageVersionAt(executable: string, name: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(realpathSync(executable));
  } catch {
    return undefined;
  }
  for (let i = 0; i < 3; i++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === name) return typeof pkg.version === 'string' ? pkg.version : undefined;
    } catch {
      // No package.json there: one folder up.
    }
  }
  return undefined;
}

/**
 * The version of the Claude Code at `executable` (a resolved PATH entry): the native installer's
 * `…/claude/versions/2.1.150`, or the package.json of an npm install (`…/claude-code-linux-x64/claude`,
 * `…/claude-code/cli.js`, `…/claude-code/bin/claude.exe`). Undefined when it cannot be told.
 */
export function claudeVersionAt(executable: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(executable);
  } catch {
    return undefined;
  }
  const name = basename(real);
  if (parseVersion(name) !== undefined && /^\d+\.\d+\.\d+$/.test(name)) return name;
  return packageVersion(dirname(real)) ?? packageVersion(dirname(dirname(real)));
}
