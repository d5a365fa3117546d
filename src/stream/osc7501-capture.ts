// Recognises `7501;` at the start of an OSC string and keeps its body in a fixed, capped buffer.
import type { Osc7501Listener, StringTerminator } from './osc7501-events.js';

/**
 * Most body bytes kept: a whole OSC 7501 sequence is at most 4096 bytes, so a valid body is
 * shorter; the rest is slack. Longer bodies are counted, not stored, so a runaway string never
 * grows memory.
 */
export const OSC7501_BODY_LIMIT = 4096 + 256;

const PREFIX = [0x37, 0x35, 0x30, 0x31, 0x3b]; // "7501;"
const MATCHING = 0;
const CAPTURING = 1;
const IGNORING = 2;

/** Watches one OSC string at a time; reports it to the listener if it was OSC 7501. */
export class Osc7501Capture {
  private mode = IGNORING;
  private matched = 0;
  private length = 0;
  private start = 0;
  private readonly body = new Uint8Array(OSC7501_BODY_LIMIT);

  constructor(private readonly listener: Osc7501Listener | undefined) {}

  /** True when the current string's bytes need not be looked at (not OSC 7501, or no listener). */
  get ignoring(): boolean {
    return this.mode === IGNORING;
  }

  /** An OSC string opened with its ESC at absolute offset `start`. */
  begin(start: number): void {
    this.start = start;
    this.matched = 0;
    this.length = 0;
    this.mode = this.listener === undefined ? IGNORING : MATCHING;
  }

  /** The OSC string's content bytes `chunk[from, to)`. */
  push(chunk: Uint8Array, from: number, to: number): void {
    let i = from;
    for (; i < to && this.mode === MATCHING; i++) {
      if (chunk[i] !== PREFIX[this.matched]) this.mode = IGNORING;
      else if (++this.matched === PREFIX.length) this.mode = CAPTURING;
    }
    if (this.mode !== CAPTURING || i >= to) return;
    const kept = Math.min(to - i, OSC7501_BODY_LIMIT - this.length);
    if (kept > 0) this.body.set(chunk.subarray(i, i + kept), this.length);
    this.length += to - i;
  }

  /** The string ended with `terminator`; `end` is the absolute offset just after it. */
  finish(end: number, terminator: StringTerminator): void {
    const captured = this.mode === CAPTURING;
    this.mode = IGNORING;
    if (!captured || this.listener === undefined) return;
    const start = this.start;
    if (this.length > OSC7501_BODY_LIMIT) {
      this.listener({ type: 'oversize', bodyLength: this.length, start, end, terminator });
      return;
    }
    const body = String.fromCharCode(...this.body.subarray(0, this.length));
    const type = body === '?' || body.startsWith('?:') ? 'query' : 'report';
    this.listener({ type, body, start, end, terminator });
  }

  /** The string was cancelled (CAN/SUB) or cut off by another escape sequence: it was never a complete report. */
  abort(): void {
    this.mode = IGNORING;
  }
}
