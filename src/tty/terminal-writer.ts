// Writes to the user's terminal: straight to its file descriptor, in order, never holding a caller's bytes.
import { writeSync } from 'node:fs';

/** What the writer needs of the terminal's stream (process.stdout when it is a TTY). */
export interface TerminalStream {
  fd?: number;
  isTTY?: boolean;
  writableLength: number;
  write(bytes: Uint8Array): boolean;
}

/**
 * Every write to the terminal of a wrapped session goes through one writer, so the child's output and
 * the shim's reports keep their order.
 *
 * A TTY stream's writes are synchronous in Node already (libuv makes them blocking); writing to its
 * descriptor with `writeSync` does the same system call without the Writable stream's bookkeeping per
 * chunk. Like the stream, it blocks while the terminal is not reading (as `script` does), so output
 * never piles up in the shim.
 *
 * Callers may pass views of reused memory: the bytes are written before `write` returns, or copied
 * when they must wait (the descriptor said EAGAIN: the rest, and everything after it until the stream
 * has drained, goes through the stream). A terminal that went away (EIO, EPIPE, EBADF) is written to no
 * more, as the stream would drop the writes after its 'error'.
 */
export class TerminalWriter {
  private readonly fd: number | undefined;
  private gone = false;

  constructor(private readonly stream: TerminalStream) {
    this.fd = stream.isTTY === true && typeof stream.fd === 'number' ? stream.fd : undefined;
  }

  /** Writes `bytes` (or copies what must wait); never throws. */
  write(bytes: Uint8Array): void {
    if (this.gone || bytes.length === 0) return;
    if (this.fd === undefined || this.stream.writableLength > 0) {
      this.toStream(bytes);
      return;
    }
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += writeSync(this.fd, bytes, offset, bytes.length - offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EINTR') continue;
        if (code === 'EAGAIN') {
          this.toStream(bytes.subarray(offset));
          return;
        }
        this.gone = true;
        return;
      }
    }
  }

  private toStream(bytes: Uint8Array): void {
    try {
      this.stream.write(new Uint8Array(bytes)); // a copy: the caller's memory may be reused
    } catch {
      this.gone = true;
    }
  }
}
