// A growable byte array for the streaming extractor's pending sequence.

/** Bytes appended one at a time, kept in a reused backing array. */
export class ByteBuffer {
  private data = new Uint8Array(256);
  private size = 0;

  /** How many bytes are held. */
  get length(): number {
    return this.size;
  }

  /** Appends one byte. */
  push(byte: number): void {
    if (this.size === this.data.length) {
      const grown = new Uint8Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.size++] = byte;
  }

  /** Drops the last byte, if any. */
  pop(): void {
    if (this.size > 0) this.size--;
  }

  /** The byte at `index`, or undefined past the end. */
  at(index: number): number | undefined {
    return index < this.size ? this.data[index] : undefined;
  }

  /** A copy of the bytes held. */
  toBytes(): Uint8Array {
    return this.data.slice(0, this.size);
  }

  /** Forgets every byte (the backing array is kept for reuse). */
  clear(): void {
    this.size = 0;
  }
}
