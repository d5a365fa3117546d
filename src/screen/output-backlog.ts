// What of the child's output the shadow screen still has to read, bounded: past a limit, only the tail.

/**
 * Most output held for the screen between two sweeps. xterm parses 20–70 MB/s; a PTY streams as
 * fast (`cat` of a large file). More than this between two sweeps (at least one every 700 ms while
 * output streams, so about 0.7 MB/s and up) is a flood: the screen skips it and is rebuilt from the
 * tail. A visible screen is a few KB of the latest output, so the tail redraws it, at the cost of
 * modes set before the tail (e.g. the alternate screen).
 */
export const SCREEN_BACKLOG_BYTES = 512 * 1024;
/** Output kept once the backlog overflowed, to rebuild the screen from. */
export const FLOOD_TAIL_BYTES = 64 * 1024;

/** The bytes the screen must read next, and whether it must start over from a blank screen first. */
interface BacklogTake {
  /** True when output was skipped: the screen is reset, then reads `bytes` (the flood's tail). */
  reset: boolean;
  /** A fresh buffer the caller owns (it may be transferred to another thread). */
  bytes: Uint8Array;
}

/**
 * Pure: collects output until the screen asks for it (at a sweep). Under the limit every byte is
 * kept in order; past it, only the last `tailBytes`. Bytes are copied into one buffer allocated once,
 * so the chunks themselves die young (holding them would promote them and grow the heap during a
 * flood). The screen then parses nothing while output streams and at most the limit per sweep, so
 * the terminal never competes with it for a core.
 */
export class OutputBacklog {
  private buffer: Uint8Array | undefined;
  /** Bytes held: in order at [0, size) until overflow; then a ring over [0, tailBytes). */
  private size = 0;
  private overflowed = false;
  /** In ring mode: where the next byte goes. */
  private ringAt = 0;

  constructor(
    private readonly limitBytes: number = SCREEN_BACKLOG_BYTES,
    private readonly tailBytes: number = FLOOD_TAIL_BYTES,
  ) {
    if (!(tailBytes > 0 && tailBytes <= limitBytes)) throw new RangeError(`tail (${tailBytes}) must be within 1..limit (${limitBytes})`);
  }

  /** Adds a copy of a chunk. */
  push(chunk: Uint8Array): void {
    const n = chunk.length;
    if (n === 0) return;
    const buffer = (this.buffer ??= new Uint8Array(this.limitBytes));
    if (!this.overflowed) {
      if (this.size + n <= this.limitBytes) {
        buffer.set(chunk, this.size);
        this.size += n;
        return;
      }
      this.enterRing();
    }
    this.pushRing(buffer, chunk);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.size;
  }

  /** True once output had to be skipped since the last take. */
  get skipped(): boolean {
    return this.overflowed;
  }

  /** Everything held, in order, as a fresh buffer (what the screen reads next); empties the backlog. */
  take(): BacklogTake {
    const out = new Uint8Array(this.size);
    const buffer = this.buffer;
    if (buffer !== undefined && this.size > 0) {
      if (!this.overflowed || this.size < this.tailBytes) out.set(buffer.subarray(0, this.size));
      else {
        out.set(buffer.subarray(this.ringAt, this.tailBytes));
        out.set(buffer.subarray(0, this.ringAt), this.tailBytes - this.ringAt);
      }
    }
    const reset = this.overflowed;
    this.size = 0;
    this.overflowed = false;
    this.ringAt = 0;
    return { reset, bytes: out };
  }

  /** Keeps the last `tailBytes` of what is held, at the start of the buffer, and turns it into a ring. */
  private enterRing(): void {
    const buffer = this.buffer as Uint8Array;
    const keep = Math.min(this.size, this.tailBytes);
    buffer.copyWithin(0, this.size - keep, this.size);
    this.size = keep;
    this.ringAt = keep % this.tailBytes;
    this.overflowed = true;
  }

  private pushRing(buffer: Uint8Array, chunk: Uint8Array): void {
    const ring = this.tailBytes;
    const part = chunk.length > ring ? chunk.subarray(chunk.length - ring) : chunk;
    const first = ring - this.ringAt;
    if (part.length <= first) buffer.set(part, this.ringAt);
    else {
      buffer.set(part.subarray(0, first), this.ringAt);
      buffer.set(part.subarray(first), 0);
    }
    this.ringAt = (this.ringAt + part.length) % ring;
    this.size = Math.min(ring, this.size + part.length);
  }
}
