// The young-generation collections of PtySession's 'data' fallback: available on this Node, once per MiB of
// output, and they really give dead buffers' memory back (the reason they exist: 'data' chunks are fresh
// external buffers).
import { describe, expect, test } from 'vitest';
import { ReadBufferReclaimer, RECLAIM_EVERY_BYTES, youngCollector } from '../../src/pty/read-buffer-reclaimer.js';

describe('ReadBufferReclaimer', () => {
  test('this Node exposes a young-generation collection to the shim', () => {
    expect(youngCollector()).toBeTypeOf('function');
  });

  test('a collection gives the memory of dead buffers back', () => {
    const collect = youngCollector();
    if (collect === undefined) throw new Error('no collector');
    // 8 MB: well under the external-memory growth at which V8 would collect by itself in between.
    let buffers: Buffer[] | undefined = Array.from({ length: 128 }, () => Buffer.alloc(64 << 10, 1));
    const held = process.memoryUsage().arrayBuffers;
    expect(buffers.length).toBe(128);
    buffers = undefined;
    collect();
    const after = process.memoryUsage().arrayBuffers;
    expect(held - after).toBeGreaterThan(6 << 20);
  });

  test('collects once per RECLAIM_EVERY_BYTES of output, whatever the chunk sizes', () => {
    let collections = 0;
    const reclaimer = new ReadBufferReclaimer(() => collections++);
    for (let sent = 0; sent < 10 * RECLAIM_EVERY_BYTES; sent += 4096) reclaimer.note(4096);
    expect(collections).toBe(10);
    reclaimer.note(RECLAIM_EVERY_BYTES * 3); // one huge chunk: one collection, not three
    expect(collections).toBe(11);
  });

  test('a collection that throws costs nothing but itself', () => {
    const reclaimer = new ReadBufferReclaimer(() => {
      throw new Error('refused');
    }, 10);
    expect(() => reclaimer.note(100)).not.toThrow();
  });
});
