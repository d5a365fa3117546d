// The inbox's pure files stay pure: no node:* imports, no process, no timers (the core check does not cover src/inbox).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const PURE = ['entry', 'order', 'format', 'select', 'wait-logic', 'cooldown', 'notify-text', 'input-decision', 'input-wire', 'exit-codes'];

test.each(PURE)('src/inbox/%s.ts has no node:* import, process, or timer', (name) => {
  const text = readFileSync(fileURLToPath(new URL(`../../src/inbox/${name}.ts`, import.meta.url)), 'utf8');
  const code = text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gmu, '');
  expect(code).not.toMatch(/from\s+'node:|require\(|\bprocess\.|setTimeout|setInterval|Date\.now/u);
  for (const m of code.matchAll(/from\s+'([^']+)'/gu)) {
    const spec = m[1] ?? '';
    expect(spec.startsWith('./') || spec.startsWith('../protocol/')).toBe(true);
  }
});
