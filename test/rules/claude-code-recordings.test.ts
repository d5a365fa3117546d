// rules/claude-code.toml against real Claude Code recordings (fixtures/claude-code/<version>/),
// replayed through the real ShadowScreen and compared with Claude Code's own OSC 7501 reports
// (or, for versions that do not report, the recording driver's labels).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readCast, replay } from './helpers/cast.js';
import { checkRecording, msgAgrees, readLabels } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/claude-code', import.meta.url));

function recordings(): [string, string][] {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(FIXTURES, d.name))
        .filter((f) => f.endsWith('.cast') && existsSync(join(FIXTURES, d.name, f.replace(/\.cast$/u, '.labels.jsonl'))))
        .map((f): [string, string] => [`${d.name}/${f.replace(/\.cast$/u, '')}`, join(FIXTURES, d.name, f)]),
    )
    .sort(([a], [b]) => a.localeCompare(b));
}

const found = recordings();
const claude = bundledRules('claude-code.toml');

describe.skipIf(found.length === 0)('claude-code rules on recorded sessions', () => {
  test.each(found)('%s agrees with its labels', async (_name, cast) => {
    const frames = await replay(readCast(cast));
    const labels = readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'));
    expect(checkRecording(claude, frames, labels)).toEqual([]);
  });
});

describe('msgAgrees', () => {
  test.each([
    ['approve Bash: npm test', 'approve Bash: npm test', true],
    ['approve Update: hello.js', 'approve Update: /tmp/p/hello.js', true],
    ['answer: Which database?', 'answer: Which database? (PostgreSQL · SQLite)', true],
    ['approve Update: hello.js', 'approve Write: /tmp/p/hello.js', false],
    ['approve Write: …/anon/2026/a.txt', 'approve Write: /tmp/p/data/anon/2026/a.txt', true],
    ['approve Write: …/anos/2026/a.txt', 'approve Write: /tmp/p/data/anon/2026/a.txt', false],
    ['approve Write: …ta/anon/2026/a.txt', 'approve Write: /tmp/p/data/anon/2026/a.txt', true],
    ['approve Bash: npm', 'approve Bash: npm test', false],
    ['approve tickets — Lookup Ticket Tool: (MCP)', 'approve tickets - lookup_ticket (MCP)', true],
    ['approve github — Create Issue (MCP)', 'approve tickets - lookup_ticket (MCP)', false],
    [undefined, 'approve plan', false],
    [undefined, undefined, true],
  ])('%s ~ %s: %s', (ours, theirs, agrees) => {
    expect(msgAgrees(ours, theirs)).toBe(agrees);
  });
});
