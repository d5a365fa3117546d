#!/usr/bin/env node
// Commits what `npm pack` would ship onto a branch (default `release`) of this repository, with dist/bundle built and
// no prepare step, so that `npm install -g git+https://…/osf7501.git#release` works with npm 11 (npm/cli#8440: a git
// dependency with a prepare script is prepared by a nested `npm install` that inherits --global and fails; without
// one, npm packs the clone as it is). The work tree, the index and HEAD are left as they are: the tree is built in a
// temporary folder with a temporary index, and only refs/heads/<branch> moves (its previous tip the new commit's parent).
//
//   npm run release:branch [-- --branch release]     then: git push origin release
//
// The branch's package.json is this one without `scripts` and `devDependencies` (nothing to build, nothing to prepare).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const argv = process.argv.slice(2);
const at = argv.indexOf('--branch');
const branch = at >= 0 ? argv[at + 1] : 'release';
if (!branch || !/^[\w.-]+(?:\/[\w.-]+)*$/u.test(branch)) {
  console.error(`release-branch: --branch needs a branch name, got ${JSON.stringify(branch)}`);
  process.exit(2);
}

const git = (args, options = {}) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', ...options }).trim();
const work = mkdtempSync(join(tmpdir(), 'osf7501-release-'));
try {
  const head = git(['rev-parse', '--verify', 'HEAD']);
  // npm pack runs the prepare script, which builds dist/ (and installs the dev dependencies where they are missing).
  const [pack] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  execFileSync('tar', ['-xzf', join(work, pack.filename), '-C', work]);
  const tree = join(work, 'package');
  const pkg = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8'));
  delete pkg.scripts;
  delete pkg.devDependencies;
  writeFileSync(join(tree, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  const env = { ...process.env, GIT_INDEX_FILE: join(work, 'index'), GIT_WORK_TREE: tree };
  git(['add', '-A', '--force', '.'], { env, cwd: tree });
  const treeId = git(['write-tree'], { env });
  let parent;
  try {
    parent = git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    parent = undefined;
  }
  const message = `osf7501 ${pkg.version}: the package of ${head.slice(0, 12)}, built, no prepare step (npm install -g git+…#${branch})`;
  const commit = git(['commit-tree', treeId, ...(parent ? ['-p', parent] : []), '-m', message]);
  git(['update-ref', `refs/heads/${branch}`, commit, ...(parent ? [parent] : [])]);
  console.log(`${branch}: ${commit} (${pack.files.length} files, osf7501 ${pkg.version} from ${head.slice(0, 12)}); publish it with: git push origin ${branch}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
