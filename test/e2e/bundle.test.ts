// The bundle bin/osf7501 runs (dist/bundle/, built by package.json's `bundle` script) keeps the shim's lazy loading: each run
// below records, through a module resolve hook, every file Node's ES module loader resolves, and reads from the
// loaded chunks which of tsc's modules they hold (esbuild heads each module with a `// dist/src/…` comment).
// Reporting loads only when reports are on, the subcommands' code only when they run, commander only for a
// line that needs it; and everything of the shim's own comes from dist/bundle/, nothing from dist/src/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BIN, REPO, runInTerminal } from './support/outer-terminal.js';

const BUNDLE = join(REPO, 'dist', 'bundle');

let work = '';
let log = '';
let preload = '';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'osf-bundle-'));
  log = join(work, 'resolved.log');
  // The hook runs on the loader's own thread; it appends each resolved URL (or bare name) to the log named by
  // the environment, so a run's list survives its process.exit().
  const hook = join(work, 'hook.mjs');
  writeFileSync(
    hook,
    [
      "import { appendFileSync } from 'node:fs';",
      'export async function resolve(specifier, context, next) {',
      '  const found = await next(specifier, context);',
      "  if (process.env.OSF_RESOLVE_LOG) appendFileSync(process.env.OSF_RESOLVE_LOG, found.url + '\\n');",
      '  return found;',
      '}',
    ].join('\n'),
  );
  preload = join(work, 'register.mjs');
  writeFileSync(preload, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
});

afterAll(() => {
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

interface Loaded {
  /** The shim's files Node resolved, relative to the repository (bin/…, dist/bundle/…, dist/src/…). */
  files: string[];
  /** tsc's modules inside the loaded chunks, as `src/…` paths. */
  modules: Set<string>;
  /** Packages imported by name (commander, smol-toml; node-pty and xterm come through require). */
  packages: Set<string>;
}

function loadedFrom(text: string): Loaded {
  const urls = text.split('\n').filter((line) => line !== '');
  const files = urls.filter((u) => u.startsWith('file:') && !u.includes('/node_modules/')).map((u) => fileURLToPath(u).slice(REPO.length + 1));
  const modules = new Set<string>();
  for (const file of files.filter((f) => f.startsWith('dist/bundle/') && f.endsWith('.js'))) {
    for (const m of readFileSync(join(REPO, file), 'utf8').matchAll(/^\/\/ dist\/(src\/\S+)\.js$/gm)) modules.add(`${m[1]}.ts`);
  }
  const packages = new Set(urls.filter((u) => u.includes('/node_modules/')).map((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? u));
  return { files, modules, packages };
}

/** `node --import <hook> bin/osf7501 ARGS` with stdin from /dev/null and stdout a pipe: the Node part's pipe mode. */
function piped(args: string[]): Loaded & { status: number | null; stdout: string } {
  rmSync(log, { force: true });
  const r = spawnSync(process.execPath, ['--import', preload, BIN, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, OSF_RESOLVE_LOG: log, OSF7501_SESSION: '', XDG_CONFIG_HOME: work },
  });
  return { ...loadedFrom(readFileSync(log, 'utf8')), status: r.status, stdout: r.stdout };
}

/** The same at a real PTY: the shim wraps the command. */
async function wrapped(args: string[]): Promise<Loaded & { status: number | null; output: string }> {
  rmSync(log, { force: true });
  const result = await runInTerminal(args, {
    command: [process.execPath, '--import', preload, BIN],
    env: { OSF_RESOLVE_LOG: log, XDG_CONFIG_HOME: work },
  });
  return { ...loadedFrom(readFileSync(log, 'utf8')), status: result.status, output: result.output.toString('latin1') };
}

describe('bin/osf7501 runs the bundle', () => {
  test('the launcher imports only the bundle\'s entries, and they exist', () => {
    const node = readFileSync(BIN, 'utf8').split('\n*/\n')[1] ?? '';
    const specifiers = [...node.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g)].map((m) => m[1] as string).filter((s) => !s.startsWith('node:'));
    expect(specifiers).toEqual(['../dist/bundle/launcher.js', '../dist/bundle/main.js']);
    for (const s of specifiers) expect(existsSync(join(REPO, 'bin', s))).toBe(true);
  });

  test('a program wrapped with --no-report: nothing of dist/src, no reporting, no screen, no rules, no commander', async () => {
    const run = await wrapped(['--no-report', 'sh', '-c', 'printf bundle-hi; sleep 0.3']);
    expect(run.status).toBe(0);
    expect(run.output).toContain('bundle-hi');
    expect(run.files.filter((f) => !f.startsWith('dist/bundle/') && f !== 'bin/osf7501')).toEqual([]);
    expect(run.modules).toContain('src/session/wrapped-session.ts');
    expect(run.modules).toContain('src/pty/pty-session.ts');
    for (const lazy of ['src/session/reporting.ts', 'src/screen/shadow-screen.ts', 'src/rule-files/load.ts', 'src/cli/run-program.ts', 'src/cli/record-command.ts']) {
      expect(run.modules).not.toContain(lazy);
    }
    expect(run.packages).not.toContain('commander');
  });

  test('a program wrapped with reports on loads reporting and its rules, still nothing of dist/src', async () => {
    // The pause after the output is reporting's cue (a child that ends cleanly before it never loads it).
    const run = await wrapped(['sh', '-c', 'printf bundle-hi; sleep 0.3']);
    expect(run.status).toBe(0);
    expect(run.files.filter((f) => !f.startsWith('dist/bundle/') && f !== 'bin/osf7501')).toEqual([]);
    expect(run.modules).toContain('src/session/reporting.ts');
    expect(run.modules).toContain('src/rule-files/load.ts');
    expect(run.packages).toContain('smol-toml');
    expect(run.modules).not.toContain('src/cli/status-command.ts');
    expect(run.packages).not.toContain('commander');
  });

  test('pipe mode in the Node part runs the command directly: no session', () => {
    const run = piped(['sh', '-c', 'printf piped']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('piped');
    expect(run.modules).toContain('src/pty/direct-run.ts');
    expect(run.modules).not.toContain('src/session/wrapped-session.ts');
    expect(run.modules).not.toContain('src/session/reporting.ts');
  });

  test('--version loads commander and the version, not the session', () => {
    const run = piped(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe((JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version);
    expect(run.packages).toContain('commander');
    expect(run.modules).toContain('src/cli/version.ts');
    expect(run.modules).not.toContain('src/session/wrapped-session.ts');
  });

  test('a subcommand loads its own code only: `decode` of an empty input', () => {
    const run = piped(['decode', '/dev/null']);
    expect(run.modules).toContain('src/cli/decode-command.ts');
    expect(run.modules).not.toContain('src/cli/record-command.ts');
    expect(run.modules).not.toContain('src/session/wrapped-session.ts');
    expect(run.modules).not.toContain('src/screen/shadow-screen.ts');
  });
});

test('every chunk of the bundle is in the folder the package ships', () => {
  // A chunk importing outside dist/bundle/ (a relative path into dist/src/, say) would break the installed copy.
  const chunks = readdirSync(BUNDLE).filter((name) => name.endsWith('.js'));
  expect(chunks).toEqual(expect.arrayContaining(['launcher.js', 'main.js', 'fake-agent.js']));
  for (const name of chunks) {
    const text = readFileSync(join(BUNDLE, name), 'utf8');
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)"(\.[^"]+)"/g)) expect(m[1]).toMatch(/^\.\/[^/]+$/);
  }
});
