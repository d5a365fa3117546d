// The screen's backlog: every byte in order under the limit; past it, exactly the last tail bytes.
import { describe, expect, test } from 'vitest';
import { OutputBacklog } from '../../src/screen/output-backlog.js';
import { makeRng } from '../stream/prng.js';

const concat = (parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]));

/** `n` bytes counting up from `start` (mod 256), so any reordering or loss shows. */
function run(start: number, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (start + i) & 0xff);
}

describe('OutputBacklog', () => {
  test('under the limit: every byte, in order, then empty', () => {
    const backlog = new OutputBacklog(100, 10);
    backlog.push(run(0, 40));
    backlog.push(run(40, 60));
    expect(backlog.skipped).toBe(false);
    expect(backlog.take()).toEqual({ reset: false, bytes: run(0, 100) });
    expect(backlog.take()).toEqual({ reset: false, bytes: new Uint8Array(0) });
  });

  test('one byte past the limit: a reset, and only the last tail bytes', () => {
    const backlog = new OutputBacklog(100, 10);
    backlog.push(run(0, 100));
    backlog.push(run(100, 1));
    expect(backlog.skipped).toBe(true);
    expect(backlog.take()).toEqual({ reset: true, bytes: run(91, 10) });
    // The next stretch starts afresh: no reset unless it overflows too.
    backlog.push(run(7, 3));
    expect(backlog.take()).toEqual({ reset: false, bytes: run(7, 3) });
  });

  test('a chunk larger than the whole limit keeps its own tail', () => {
    const backlog = new OutputBacklog(100, 10);
    backlog.push(run(0, 5));
    backlog.push(run(5, 1000));
    expect(backlog.take()).toEqual({ reset: true, bytes: run(995, 10) });
  });

  test('the bytes taken are a copy: changing a pushed chunk afterwards changes nothing', () => {
    const backlog = new OutputBacklog(100, 10);
    const chunk = run(0, 20);
    backlog.push(chunk);
    chunk.fill(0xee);
    expect(backlog.take().bytes).toEqual(run(0, 20));
  });

  test.each([1, 2, 3, 4, 5, 6, 7, 8])('random chunk sizes (seed %i): the same as cutting the concatenation', (seed) => {
    const rng = makeRng(seed);
    const limit = rng.int(64, 576);
    const tail = rng.int(1, limit);
    const backlog = new OutputBacklog(limit, tail);
    for (let round = 0; round < 20; round++) {
      const pushed: Uint8Array[] = [];
      const chunks = rng.int(0, 11);
      let at = rng.int(0, 255);
      for (let i = 0; i < chunks; i++) {
        const size = Math.floor(2 ** rng.between(0, 10)); // 1 B to 1 KiB
        pushed.push(run(at, size));
        at += size;
        backlog.push(pushed.at(-1) as Uint8Array);
      }
      const all = concat(pushed);
      const overflow = all.length > limit;
      expect(backlog.take()).toEqual({ reset: overflow, bytes: overflow ? all.subarray(all.length - tail) : all });
    }
  });

  test('a tail outside 1..limit is refused', () => {
    expect(() => new OutputBacklog(10, 0)).toThrow(RangeError);
    expect(() => new OutputBacklog(10, 11)).toThrow(RangeError);
  });
});
