// How PtySession writes the child's input: in order and whole, also when the child reads slower than
// input comes (the PTY's input queue fills: the rest waits and follows), and never after the child's side closed.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PtySession } from '../../src/pty/pty-session.js';
import { shSession } from './support/sh-session.js';

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'osf-input-'));

function spawn(script: string): { session: PtySession; output: () => string } {
  const session = shSession(script, dir);
  let text = '';
  session.onData((chunk) => (text += Buffer.from(chunk).toString('latin1')));
  return { session, output: () => text };
}

async function waitFor(what: () => boolean): Promise<void> {
  while (!what()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('PtySession input', () => {
  test('1 MB written at once to a child that is not reading yet waits, then arrives whole and in order', async () => {
    const data = randomBytes(1024 * 1024);
    const file = join(dir, 'typed.bin');
    const { session, output } = spawn(`stty raw -echo; printf READY; sleep 0.5; head -c ${data.length} > "${file}"; printf DONE`);
    await waitFor(() => output().includes('READY'));
    session.write(data.subarray(0, 512 * 1024));
    session.write(data.subarray(512 * 1024));
    // The PTY's input queue holds a few KB: the rest waits in the session, in order.
    expect(session.pendingInput).toBeGreaterThan(900 * 1024);
    await session.exited();
    session.dispose();
    expect(output()).toBe('READYDONE');
    expect(sha256(readFileSync(file))).toBe(sha256(data));
  });

  test('input waiting for a child that exits without reading it is dropped, and later writes go nowhere', async () => {
    const { session, output } = spawn('stty raw -echo; printf READY; sleep 0.3');
    await waitFor(() => output().includes('READY'));
    session.write(randomBytes(256 * 1024));
    expect(session.pendingInput).toBeGreaterThan(0);
    await session.exited();
    expect(session.pendingInput).toBe(0);
    session.write(Buffer.from('late'));
    expect(session.pendingInput).toBe(0);
    session.dispose();
  });
});
