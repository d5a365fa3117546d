// TerminalWriter writes straight to the terminal's descriptor, hands over a copy when the descriptor says
// EAGAIN, keeps order behind whatever the stream still holds, and goes quiet when the terminal is gone.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { TerminalWriter, type TerminalStream } from '../../src/tty/terminal-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'osf-writer-'));
const opened: number[] = [];

/** A FIFO opened at both ends, non-blocking: a real descriptor that fills up and says EAGAIN. */
function fifo(name: string): { reader: number; writer: number } {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  opened.push(reader, writer);
  return { reader, writer };
}

function fill(fd: number): void {
  const block = Buffer.alloc(4096, 0x2e);
  for (;;) {
    try {
      writeSync(fd, block);
    } catch {
      return;
    }
  }
}

function drain(fd: number): Buffer {
  const parts: Buffer[] = [];
  const buffer = Buffer.alloc(65536);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer, 0, buffer.length, null);
    } catch {
      break;
    }
    if (n <= 0) break;
    parts.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(parts);
}

/** The terminal's stream as the writer sees it: what it queued, as Node's stream would hold it. */
function streamOn(fd: number, isTTY = true): TerminalStream & { queued: Buffer[] } {
  const queued: Buffer[] = [];
  return {
    fd,
    isTTY,
    queued,
    get writableLength() {
      return queued.reduce((n, b) => n + b.length, 0);
    },
    write(bytes: Uint8Array) {
      queued.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return false;
    },
  };
}

afterEach(() => {
  for (const fd of opened.splice(0)) {
    try {
      closeSync(fd);
    } catch {
      // already closed by the test
    }
  }
});

describe('TerminalWriter', () => {
  test('writes the bytes to the descriptor before it returns, nothing through the stream', () => {
    const { reader, writer } = fifo('direct');
    const stream = streamOn(writer);
    const terminal = new TerminalWriter(stream);
    terminal.write(Buffer.from('hello '));
    terminal.write(Buffer.from('world'));
    expect(drain(reader).toString()).toBe('hello world');
    expect(stream.queued).toEqual([]);
  });

  test('on EAGAIN the rest goes to the stream as a copy, and later writes queue behind it', () => {
    const { reader, writer } = fifo('eagain');
    fill(writer);
    const stream = streamOn(writer);
    const terminal = new TerminalWriter(stream);
    const reused = Buffer.from('first');
    terminal.write(reused);
    reused.write('XXXXX'); // the caller reuses its memory at once, as the PTY reads do
    drain(reader); // the terminal reads again: the descriptor has room now
    terminal.write(Buffer.from('second'));
    expect(Buffer.concat(stream.queued).toString()).toBe('firstsecond');
    expect(drain(reader).length).toBe(0);
  });

  test('a stream that is not a TTY is written through the stream', () => {
    const { reader, writer } = fifo('not-a-tty');
    const stream = streamOn(writer, false);
    new TerminalWriter(stream).write(Buffer.from('piped'));
    expect(Buffer.concat(stream.queued).toString()).toBe('piped');
    expect(drain(reader).length).toBe(0);
  });

  test('a terminal that went away (EPIPE) is written to no more, and nothing throws', () => {
    const { reader, writer } = fifo('gone');
    closeSync(reader);
    const stream = streamOn(writer);
    const terminal = new TerminalWriter(stream);
    expect(() => terminal.write(Buffer.from('lost'))).not.toThrow();
    expect(() => terminal.write(Buffer.from('also lost'))).not.toThrow();
    expect(stream.queued).toEqual([]);
  });
});
