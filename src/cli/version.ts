// The package version, read once from package.json at the package root.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../rule-files/load-paths.js';

/** osf7501's version string (from the package root found upwards: the same from dist/bundle/, dist/src/cli/ and src/cli/). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
