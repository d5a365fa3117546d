// How PtySession reads a child's output: one reused buffer on this Node, node-pty's 'data' events as the
// fallback; both deliver every byte in order, up to and after the child's exit.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PtySession, PtySpawnOptions } from '../../src/pty/pty-session.js';
import { shSession } from './support/sh-session.js';
import { readIntoReusedBuffer } from '../../src/pty/reused-read-buffer.js';

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'osf-reads-'));

/** Runs `sh -c script` in a PtySession and collects copies of its output until it has exited and drained. */
async function collect(
  script: string,
  reads: PtySpawnOptions['reads'],
  onChunk?: (chunk: Uint8Array) => void,
): Promise<{ output: Buffer; chunks: number; session: PtySession }> {
  const session = shSession(script, dir, reads);
  const copies: Buffer[] = [];
  session.onData((chunk) => {
    onChunk?.(chunk);
    copies.push(Buffer.from(chunk));
  });
  await session.exited();
  session.dispose();
  return { output: Buffer.concat(copies), chunks: copies.length, session };
}

describe('PtySession output reads', () => {
  test('on this Node, output is read into one reused buffer (the fast path is not silently lost)', async () => {
    const { session, output } = await collect('printf ok', undefined);
    expect(output.toString()).toBe('ok');
    expect(session.readsIntoReusedBuffer).toBe(true);
  });

  test('consecutive chunks are views of the same memory: a listener must copy what it keeps', async () => {
    const buffers = new Set<ArrayBufferLike>();
    // The child stays a second after writing, so every byte comes by reads (the drain after an exit
    // hands over fresh copies).
    const { chunks } = await collect('head -c 200000 /dev/zero; sleep 1', 'reused-buffer', (chunk) => buffers.add(chunk.buffer));
    expect(chunks).toBeGreaterThan(3);
    expect(buffers.size).toBe(1);
  });

  test('the data-events fallback delivers fresh buffers', async () => {
    const buffers = new Set<ArrayBufferLike>();
    const { session, chunks } = await collect('head -c 200000 /dev/zero', 'data-events', (chunk) => buffers.add(chunk.buffer));
    expect(session.readsIntoReusedBuffer).toBe(false);
    expect(buffers.size).toBeGreaterThan(1);
    expect(chunks).toBeGreaterThan(3);
  });

  for (const reads of ['reused-buffer', 'data-events'] as const) {
    test(`${reads}: 4 MB of random bytes written just before exit arrive whole and in order, 5 runs`, async () => {
      const data = randomBytes(4 * 1024 * 1024);
      const file = join(dir, `random-${reads}.bin`);
      writeFileSync(file, data);
      for (let run = 0; run < 5; run++) {
        // Raw: the child's line discipline must not turn \n into \r\n.
        const { output } = await collect(`stty raw -echo; exec cat "${file}"`, reads);
        expect(output.length).toBe(data.length);
        expect(sha256(output)).toBe(sha256(data));
      }
    });
  }
});

describe('readIntoReusedBuffer', () => {
  test('refuses, changing nothing, what is not a socket with a libuv handle', () => {
    expect(readIntoReusedBuffer(undefined, () => {})).toBe(false);
    expect(readIntoReusedBuffer({}, () => {})).toBe(false);
    expect(readIntoReusedBuffer({ _handle: {} }, () => {})).toBe(false);
    const unconnected = new Socket(); // no handle yet
    expect(readIntoReusedBuffer(unconnected, () => {})).toBe(false);
    unconnected.destroy();
  });

  test('refuses a socket that already reads into a buffer of its own (created with `onread`)', () => {
    const own = Buffer.alloc(16);
    const socket = new Socket({ onread: { buffer: own, callback: () => true } });
    const kBuffer = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'kBuffer');
    expect(kBuffer).toBeDefined();
    // Give it a handle-like object so only the already-set buffer can be the reason to refuse.
    const withHandle = Object.assign(socket, { _handle: { useUserBuffer: () => {} } });
    expect(readIntoReusedBuffer(withHandle, () => {})).toBe(false);
    expect((socket as unknown as Record<symbol, unknown>)[kBuffer as symbol]).toBe(own);
    (withHandle as unknown as { _handle: null })._handle = null;
    socket.destroy();
  });
});
