// The package installs: a clean checkout (HEAD, no dist/) packs into a tarball that `npm install -g`
// puts into an empty prefix, and the installed command works under a real PTY.
import { execFileSync, spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReportExtractor, type Report } from '../../src/protocol/index.js';
import { OuterTerminal, REPO, runInTerminal } from './support/outer-terminal.js';

/** Packing builds dist/ (tsc) and the install builds node-pty's native module: minutes on a busy machine. */
const INSTALL_TIMEOUT_MS = 600_000;

/** HEAD of this checkout, when it is a git checkout with git at hand. */
function gitHead(): string | undefined {
  const r = spawnSync('git', ['-C', REPO, 'rev-parse', '--verify', 'HEAD'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

const head = gitHead();

/** npm's environment without the npm_* settings of an `npm test` that runs this file. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key) && key !== 'INIT_CWD') env[key] = value;
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--prefer-offline'], { cwd, env: npmEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function reportsIn(output: Buffer): Report[] {
  return new ReportExtractor().push(output).flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report] : []));
}

/** Every `from '…'` and `import('…')` specifier in the compiled files under `dir`. */
function importSpecifiers(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)) found.add(m[1] as string);
  }
  return found;
}

describe.skipIf(head === undefined)('the package of a clean checkout (needs git)', () => {
  let work = '';
  let prefix = '';
  let installed = '';
  let packed: string[] = [];
  const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'osf-package-'));
    const checkout = join(work, 'checkout');
    mkdirSync(checkout);
    execFileSync('sh', ['-c', 'git -C "$1" archive --format=tar HEAD | tar -x -C "$2"', 'sh', REPO, checkout]);
    // The dev dependencies build dist/; their install scripts (node-pty's native build) are not needed for that.
    npm(['ci', '--ignore-scripts', '--no-audit', '--no-fund'], checkout);
    const pack = JSON.parse(npm(['pack', '--json', '--pack-destination', work], checkout)) as Array<{ filename: string; files: Array<{ path: string }> }>;
    packed = pack[0]?.files.map((f) => f.path) ?? [];
    prefix = join(work, 'prefix');
    npm(['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', join(work, pack[0]?.filename ?? 'missing.tgz')], work);
    installed = join(prefix, 'lib', 'node_modules', 'osf7501');
  }, INSTALL_TIMEOUT_MS);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  test('the tarball holds the bundle, the rules and the launcher, and no sources, tests, recordings or tsc output', () => {
    expect(packed).toEqual(
      expect.arrayContaining(['bin/osf7501', 'dist/bundle/launcher.js', 'dist/bundle/main.js', 'dist/bundle/fake-agent.js', 'dist/bundle/xterm-terminal.cjs', 'rules/claude-code.toml', 'package.json', 'README.md']),
    );
    // dist/src is tsc's output, which tests and benchmarks import; the installed CLI runs only dist/bundle.
    expect(packed.filter((p) => /^(src|test|tools|fixtures|bench|dist\/bench|dist\/src)\//.test(p) || p.endsWith('.map'))).toEqual([]);
  });

  test('the installed code imports nothing but its runtime dependencies and Node built-ins', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    const bare = [...importSpecifiers(join(installed, 'dist'))].filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
    const packageOf = (s: string): string => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] as string));
    expect(bare.filter((s) => !allowed.has(packageOf(s)))).toEqual([]);
    expect(readdirSync(join(installed, 'node_modules')).sort()).not.toContain('typescript');
  });

  test('the installed osf7501 prints its version', async () => {
    const result = await runInTerminal(['--version'], { command: [join(prefix, 'bin', 'osf7501')], cwd: work });
    expect(result.status).toBe(0);
    expect(result.output.toString().trim()).toBe(version);
  });

  test('the installed osf7501 classifies a recording with its bundled rules', async () => {
    const cast = join(REPO, 'fixtures', 'claude-code', '2.1.332', 'auth-error-80x24.cast');
    const result = await runInTerminal(['classify', cast], { command: [join(prefix, 'bin', 'osf7501')], cwd: work });
    expect(result.status).toBe(0);
    expect(result.output.toString().trim()).toBe('blocked kind=auth');
  });

  test('the installed osf7501 wraps a program: its bytes and status pass, the exit is reported', async () => {
    const result = await runInTerminal(['sh', '-c', 'printf "installed-hello\\n"; exit 3'], { command: [join(prefix, 'bin', 'osf7501')], cwd: work });
    expect(result.status).toBe(3);
    expect(result.output.toString()).toContain('installed-hello');
    expect(reportsIn(result.output).at(-1)).toMatchObject({ state: 'error', msg: 'sh exited with status 3' });
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });

  test('the installed osf7501 runs its demo until Ctrl-C', async () => {
    const term = new OuterTerminal(['demo', '--auto-answer', '1'], { command: [join(prefix, 'bin', 'osf7501')], cwd: work, cols: 100, rows: 30 });
    await term.waitFor(() => reportsIn(term.output()).some((r) => r.state === 'working'), 'a working report from the demo');
    term.write('\x03');
    const result = await term.result();
    expect(result.status).toBe(130);
    expect(reportsIn(result.output).map((r) => r.state)).toEqual(expect.arrayContaining(['idle', 'working']));
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });
});

describe.skipIf(head === undefined)('a global install of a clean checkout folder (needs git)', () => {
  let work = '';
  let prefix = '';

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'osf-folder-'));
    const checkout = join(work, 'checkout');
    mkdirSync(checkout);
    execFileSync('sh', ['-c', 'git -C "$1" archive --format=tar HEAD | tar -x -C "$2"', 'sh', REPO, checkout]);
    prefix = join(work, 'prefix');
    // No npm ci first: npm links the folder and runs its prepare script, which installs the dev dependencies and builds dist/.
    npm(['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', checkout], work);
  }, INSTALL_TIMEOUT_MS);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  test('the installed osf7501 wraps a program: its bytes and status pass, the exit is reported', async () => {
    const result = await runInTerminal(['sh', '-c', 'printf "folder-hello\\n"; exit 4'], { command: [join(prefix, 'bin', 'osf7501')], cwd: work });
    expect(result.status).toBe(4);
    expect(result.output.toString()).toContain('folder-hello');
    expect(reportsIn(result.output).at(-1)).toMatchObject({ state: 'error', msg: 'sh exited with status 4' });
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });
});

describe.skipIf(head === undefined)('a global install from a git URL: the release branch (needs git)', () => {
  let work = '';
  let prefix = '';
  let files: string[] = [];
  const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'osf-git-url-'));
    const checkout = join(work, 'checkout');
    mkdirSync(checkout);
    const gitEnv = { ...npmEnv(), GIT_AUTHOR_NAME: 'test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'test', GIT_COMMITTER_EMAIL: 'test@example.com', GIT_CONFIG_GLOBAL: '/dev/null' };
    execFileSync('sh', ['-c', 'git -C "$1" archive --format=tar HEAD | tar -x -C "$2" && cd "$2" && git init -q -b main . && git add -A && git commit -qm "a clean copy"', 'sh', REPO, checkout], { env: gitEnv });
    npm(['ci', '--ignore-scripts', '--no-audit', '--no-fund'], checkout);
    // npm run release:branch: the package's files, built, onto `release`, without a prepare step.
    execFileSync(process.execPath, [join(checkout, 'test', 'tools', 'release-branch.mjs')], { cwd: checkout, env: gitEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    files = execFileSync('git', ['-C', checkout, 'ls-tree', '-r', '--name-only', 'release'], { encoding: 'utf8' }).trim().split('\n');
    expect(execFileSync('git', ['-C', checkout, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' })).toBe(''); // the work tree untouched
    prefix = join(work, 'prefix');
    npm(['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', `git+file://${checkout}#release`], work);
  }, INSTALL_TIMEOUT_MS);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  test('the branch holds the package as npm pack makes it, with no scripts and no dev dependencies', () => {
    expect(files).toEqual(expect.arrayContaining(['bin/osf7501', 'dist/bundle/main.js', 'rules/claude-code.toml', 'package.json']));
    expect(files.filter((p) => /^(src|test|fixtures|bench|dist\/src)\//.test(p))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(prefix, 'lib', 'node_modules', 'osf7501', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg['scripts']).toBeUndefined();
    expect(pkg['devDependencies']).toBeUndefined();
  });

  test('the osf7501 installed from git+file://…#release prints its version and wraps a program', async () => {
    const v = await runInTerminal(['--version'], { command: [join(prefix, 'bin', 'osf7501')], cwd: work });
    expect(v.output.toString().trim()).toBe(version);
    const result = await runInTerminal(['sh', '-c', 'printf "git-url-hello\\n"; exit 5'], { command: [join(prefix, 'bin', 'osf7501')], cwd: work });
    expect(result.status).toBe(5);
    expect(result.output.toString()).toContain('git-url-hello');
    expect(reportsIn(result.output).at(-1)).toMatchObject({ state: 'error', msg: 'sh exited with status 5' });
    expect(result.sttyAfter).toBe(result.sttyBefore);
  });
});
