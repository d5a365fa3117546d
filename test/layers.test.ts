// The layer table of src/: the pure core imports only the core (and two pure packages), the edges never import
// cli/, and every folder of src/ has a row, so a new folder must say where it stands. Imports are read with the
// TypeScript parser (static, type-only, re-exports and dynamic `import()` alike), not with a pattern.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

type Layer = 'core' | 'edge' | 'cli';
const RANK: Record<Layer, number> = { core: 0, edge: 1, cli: 2 };

/** Every folder of src/ and its layer. A file row (inbox's pure files) overrides its folder's. */
const LAYERS: Readonly<Record<string, Layer>> = {
  protocol: 'core',
  stream: 'core',
  rules: 'core',
  status: 'core',
  sweep: 'core',
  hooks: 'core',
  screen: 'core',
  signals: 'core',
  exit: 'core',
  'inbox/entry.ts': 'core',
  'inbox/order.ts': 'core',
  'inbox/format.ts': 'core',
  'inbox/select.ts': 'core',
  'inbox/wait-logic.ts': 'core',
  'inbox/cooldown.ts': 'core',
  'inbox/notify-text.ts': 'core',
  'inbox/input-decision.ts': 'core',
  'inbox/input-wire.ts': 'core',
  'inbox/glyphs.ts': 'core',
  'inbox/status-line.ts': 'core',
  'inbox/fleet.ts': 'core',
  pty: 'edge',
  'shell-integration': 'edge',
  tty: 'edge',
  session: 'edge',
  recording: 'edge',
  'rule-files': 'edge',
  'hook-channel': 'edge',
  inbox: 'edge',
  demo: 'edge',
  cli: 'cli',
};

/** The only packages the core may load: both are pure computation (no I/O, no timers of their own that the core sees). */
const CORE_PACKAGES = ['smol-toml', '@xterm/headless'];
/** Names the core never uses: the process, the clock and timers belong to the edges that drive it. */
const CORE_FORBIDDEN_NAMES = ['process', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'performance', 'require'];

/** `osf7501 hook` runs once per Claude Code hook: its client loads node:fs and node:path beside the core, nothing else. */
const HOOK_CLIENT = 'hook-channel/hook-client.ts';
const HOOK_CLIENT_NODE = ['node:fs', 'node:path'];

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

function layerOf(file: string): Layer | undefined {
  return LAYERS[file] ?? LAYERS[file.split('/')[0] ?? ''];
}

interface Parsed {
  imports: string[];
  names: Set<string>;
}

function parse(file: string): Parsed {
  const text = readFileSync(join(SRC, file), 'utf8');
  const imports = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    // A free identifier (not a property name after a dot, not a declaration's own name in an object key).
    if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, names };
}

/** `session/x.ts` importing `../protocol/y.js` → `protocol/y.ts`. */
function target(from: string, spec: string): string {
  return relative(SRC, resolve(SRC, dirname(from), spec)).replace(/\.js$/u, '.ts');
}

const FILES = sourceFiles(SRC).filter((f) => f !== 'tsconfig.core.json');
const PARSED = new Map(FILES.map((f) => [f, parse(f)]));

test('every file of src/ is in a layer of the table', () => {
  expect(FILES.filter((f) => layerOf(f) === undefined)).toEqual([]);
});

test('every folder row of the table names a folder that exists', () => {
  const folders = new Set(FILES.map((f) => f.split('/')[0]));
  const rows = Object.keys(LAYERS).map((row) => row.split('/')[0]);
  expect(rows.filter((row) => !folders.has(row))).toEqual([]);
});

describe.each(FILES)('%s', (file) => {
  const layer = layerOf(file)!;
  const { imports } = PARSED.get(file)!;

  test('imports nothing from a higher layer', () => {
    const upward = imports
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => target(file, spec))
      .filter((to) => RANK[layerOf(to) ?? 'cli'] > RANK[layer]);
    expect(upward).toEqual([]);
  });

});

describe.each(FILES.filter((f) => layerOf(f) === 'core'))('core file %s', (file) => {
  const { imports, names } = PARSED.get(file)!;

  test('imports no node:* module and no package but the pure ones', () => {
    const outside = imports.filter((spec) => !spec.startsWith('.') && !CORE_PACKAGES.includes(spec));
    expect(outside).toEqual([]);
  });

  test('uses no process, clock or timer', () => {
    expect(CORE_FORBIDDEN_NAMES.filter((name) => names.has(name))).toEqual([]);
  });
});

test('the hook client loads only node:fs and node:path beside the core', () => {
  const { imports } = PARSED.get(HOOK_CLIENT)!;
  for (const spec of imports) {
    if (spec.startsWith('.')) expect(layerOf(target(HOOK_CLIENT, spec)), spec).toBe('core');
    else expect(HOOK_CLIENT_NODE, spec).toContain(spec);
  }
});
