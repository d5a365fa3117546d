// Real recordings (fixtures/*/*/*.cast): the scanner agrees with the reference tokenizer chunk by chunk as
// recorded, and finds the agent's own OSC 7501 sequences.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectedEvents, observe, predict } from './harness.js';
import { expectedSafePoints, tokenize } from './reference-tokenizer.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url).pathname;

function castFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.cast')) files.push(join(dir, entry.name));
    }
  };
  walk(FIXTURES);
  return files.sort();
}

/** The output events of an asciicast v2 file, as the bytes the program wrote. */
function outputChunks(file: string): Uint8Array[] {
  return readFileSync(file, 'utf8').split('\n').slice(1).filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as [number, string, string])
    .filter(([, kind]) => kind === 'o')
    .map(([, , data]) => Buffer.from(data, 'utf8'));
}

/** A hang guard, not a speed goal: a long recording (Gemini CLI's 370 KB spinner) takes ~5 s on a loaded 2-core machine. */
const RECORDING_TIMEOUT_MS = 60_000;

const casts = castFiles().map((file) => [file.slice(FIXTURES.length), file] as const);

describe.skipIf(casts.length === 0)('StreamScanner on recorded agent sessions', () => {
  test.each(casts)('%s: safe points and OSC 7501 events match the reference tokenizer', (_name, file) => {
    const chunks = outputChunks(file);
    const stream = Buffer.concat(chunks);
    const seen = observe(chunks);
    expect(seen).toEqual({ ...predict(expectedSafePoints(tokenize(stream)), seen.ends.keys()), events: expectedEvents(stream) });
  }, RECORDING_TIMEOUT_MS);

  test('Claude Code 2.1.332 recordings contain its own query and reports', () => {
    const claude = casts.filter(([name]) => name.includes('2.1.332'));
    const types = new Set(claude.flatMap(([, file]) => observe(outputChunks(file)).events.map((e) => e.type)));
    expect(claude.length === 0 || (types.has('query') && types.has('report'))).toBe(true);
  });
});
