// The package version, read once from package.json beside the compiled code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { packageRoot } from '../rule-files/load-paths.js';

/** The repository root: dist/src/cli/ → three levels up. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** osf7501's version string (from the package root found upwards: the same from dist/src/cli/ and src/cli/). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
