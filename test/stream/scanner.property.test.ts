// Property tests: random streams, random chunking and random report timings never corrupt the child's tokens.
import { describe, expect, test } from 'vitest';
import { chunkEnds, chunks, expectedEvents, observe, predict, removeInserted, runShim, tokenProblems } from './harness.js';
import { makeRng } from './prng.js';
import { expectedSafePoints, tokenize } from './reference-tokenizer.js';
import { generateStream } from './generator.js';

const SEEDS = Array.from({ length: 40 }, (_, k) => 0x7501 + k);

describe('StreamScanner on random streams', () => {
  test.each(SEEDS)('inserted reports come out whole and leave every child token intact (seed %i)', (seed) => {
    const rng = makeRng(seed);
    const maxChunk = rng.pick([64, 4096, 65536]);
    const stream = generateStream(rng, maxChunk > 4096 ? 150_000 : rng.int(2_000, 40_000));
    const run = runShim(stream, rng, maxChunk);
    expect(run.inserted.length).toBeGreaterThan(0);
    expect(Buffer.compare(removeInserted(run), stream)).toBe(0);
    expect(tokenProblems(stream, run)).toEqual([]);
  });

  test.each(SEEDS.slice(0, 12))('feeding 1, 2, 3, … bytes at a time gives the safe points the grammar predicts (seed %i)', (seed) => {
    const rng = makeRng(seed);
    const stream = generateStream(rng, 12_000);
    const points = expectedSafePoints(tokenize(stream));
    const events = expectedEvents(stream);
    const sizes = [...Array.from({ length: 24 }, (_, k) => k + 1), 97, 1000, 4096, 65536];
    for (const size of sizes) {
      const seen = observe(chunks(stream, () => size));
      expect({ size, ...seen }).toEqual({ size, ...predict(points, seen.ends.keys()), events });
    }
  });

  test.each(SEEDS.slice(0, 6))('random chunk sizes up to 64 KB see the same safe points and events (seed %i)', (seed) => {
    const rng = makeRng(seed);
    const stream = generateStream(rng, 300_000);
    const points = expectedSafePoints(tokenize(stream));
    const seen = observe(chunks(stream, () => rng.int(1, 65536)));
    expect(seen).toEqual({ ...predict(points, seen.ends.keys()), events: expectedEvents(stream) });
  });

  test.each(SEEDS.slice(0, 12))('skimming leaves the scanner in the state feeding does, with the same events (seed %i)', (seed) => {
    const rng = makeRng(seed);
    const stream = generateStream(rng, 200_000);
    const events = expectedEvents(stream);
    for (const max of [8, 300, 4096, 65536]) {
      const sizes: number[] = [];
      for (let at = 0; at < stream.length; at += sizes[sizes.length - 1]!) sizes.push(rng.int(1, max));
      const cut = (): Iterable<Uint8Array> => { let k = 0; return chunks(stream, () => sizes[k++]!); };
      const fed = chunkEnds(cut(), 'feed');
      const skimmed = chunkEnds(cut(), 'skim');
      expect(skimmed.events).toEqual(events);
      const firstDiff = skimmed.ends.findIndex((end, k) => JSON.stringify(end) !== JSON.stringify(fed.ends[k]));
      expect({ max, firstDiff }).toEqual({ max, firstDiff: -1 });
    }
  });

  test('the generated streams exercise every kind of token and sync updates', () => {
    const tokens = tokenize(generateStream(makeRng(SEEDS[0]!), 40_000));
    const kinds = new Set(tokens.map((t) => `${t.kind}${t.complete ? '' : '!'}`));
    expect([...kinds].sort()).toEqual(['char', 'char!', 'csi', 'csi!', 'esc', 'esc!', 'osc', 'osc!', 'string', 'text']);
    expect(tokens.some((t) => t.syncAfter)).toBe(true);
  });
});
