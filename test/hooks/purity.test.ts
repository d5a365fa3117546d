// The pure half of the hooks signal imports nothing but other pure modules (no node:*, no packages), and
// the node hook client (`osf7501 hook`) loads nothing but node:fs and node:path beside them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const PURE = ['hooks/events.ts', 'hooks/map-event.ts', 'hooks/settings.ts', 'hooks/wire.ts', 'hooks/versions.ts', 'hooks/errors.ts'];
/** Pure modules elsewhere in the tree that the hooks' pure files may use. */
const PURE_ELSEWHERE = ['protocol/cut.ts', 'protocol/utf8.ts'];

function imports(file: string): string[] {
  const text = readFileSync(SRC + file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

/** `hooks/x.ts` importing `../protocol/cut.js` → `protocol/cut.ts`. */
function resolveImport(from: string, spec: string): string {
  return new URL(spec.replace(/\.js$/, '.ts'), `file:///${from}`).pathname.slice(1);
}

test.each(PURE)('%s imports only pure modules', (file) => {
  for (const spec of imports(file)) {
    expect(spec.startsWith('.'), `${file} imports ${spec}`).toBe(true);
    expect([...PURE, ...PURE_ELSEWHERE], `${file} imports ${spec}`).toContain(resolveImport(file, spec));
  }
});

test('the node hook client loads only node:fs and node:path beside the pure modules', () => {
  for (const spec of imports('hooks/hook-client.ts')) {
    if (spec.startsWith('.')) expect([...PURE, ...PURE_ELSEWHERE]).toContain(resolveImport('hooks/hook-client.ts', spec));
    else expect(['node:fs', 'node:path']).toContain(spec);
  }
});
