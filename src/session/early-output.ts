// The child's output while reporting loads: it goes to the terminal at once and is kept (bounded), so the
// report gate and the shadow screen learn it in order once reporting exists.
import { OutputBacklog } from '../screen/output-backlog.js';

/**
 * The bytes `ESC ] 7501`: an OSC 7501 sequence of the child (a query of the shim, a report of its own).
 * From the chunk that completes them, output waits for reporting: the native bridge must see a query
 * before the outer terminal does (it answers first, and cuts the terminal's duplicate reply).
 */
const OSC_7501 = [0x1b, 0x5d, 0x37, 0x35, 0x30, 0x31];
/** OSC_7501 without its ESC. */
const AFTER_ESC = Buffer.from(OSC_7501.slice(1));
/** Most bytes held (not yet written) while reporting loads; past it the PTY is not read until reporting takes over. */
export const EARLY_OUTPUT_LIMIT = 4 * 1024 * 1024;

/** What takes the output over from the early output. */
export interface OutputTaker {
  /** A chunk that was held (no one has seen it). */
  held: (chunk: Uint8Array) => void;
  /** Each chunk after them (valid during the call only). */
  live: (chunk: Uint8Array) => void;
}

/** How the early output reaches the terminal and throttles the child. */
interface EarlyOutputSinks {
  /** Writes to the user's terminal (before it takes the copy: reused memory is fine). */
  writeTerminal: (chunk: Uint8Array) => void;
  /** Stops reading the child's output (the held bytes reached the limit). */
  pause: () => void;
  /** Reads it again. */
  resume: () => void;
}

/**
 * Routes the child's output: to the terminal and into a copy (`direct`), into the copy only once the child
 * wrote an OSC 7501 sequence (`holding`), and from `handOver()` on to the reporting's gate (`handed`).
 * Without reporting (`release()`), held output goes to the terminal and everything after it too.
 *
 * The written output is kept as the screen keeps output between two sweeps (an {@link OutputBacklog}: every
 * byte up to 512 KB, past that only the last 64 KB, in one buffer allocated once): a flood that reporting
 * waits out (see reporting-cue.ts) costs a copy per chunk, no memory that grows with it. Reporting then
 * learns that tail only: the screen is rebuilt from it as after any flood, and the gate's scanner starts in
 * the tail (it is back in step at the tail's first escape sequence).
 */
export class EarlyOutput {
  /** Output written to the terminal before reporting existed (bounded copy). */
  private written: OutputBacklog | undefined = new OutputBacklog();
  /** Chunks not written yet: from the one that completed `ESC ] 7501` on (copies). */
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private paused = false;
  /** How many bytes of OSC_7501 the written output ends with. */
  private matched = 0;
  private target: ((chunk: Uint8Array) => void) | undefined;
  private firstSeen: (() => void) | undefined;
  private osc7501Seen: (() => void) | undefined;
  /** performance.now() of the last chunk before the hand-over (0: none yet). */
  lastOutputAt = 0;
  /** Resolves with the child's first output (written or held). */
  readonly firstOutput = new Promise<void>((resolve) => (this.firstSeen = resolve));
  /** Resolves once the child wrote `ESC ] 7501` (output is held from there until reporting takes it). */
  readonly osc7501 = new Promise<void>((resolve) => (this.osc7501Seen = resolve));

  constructor(private readonly sinks: EarlyOutputSinks) {}

  /** One chunk of the child's output (valid during the call only). */
  write(chunk: Uint8Array): void {
    if (this.target !== undefined) {
      this.target(chunk);
      return;
    }
    this.lastOutputAt = performance.now();
    if (this.held.length > 0 || this.completesOsc7501(chunk)) this.hold(chunk);
    else {
      this.sinks.writeTerminal(chunk);
      this.written?.push(chunk);
    }
    this.firstSeen?.();
    this.firstSeen = undefined;
  }

  /**
   * Reporting is ready: `start` gets the output that already reached the terminal, in order (the gate and
   * the screen learn it; past 512 KB, its last 64 KB) and returns who takes the output: the held chunks go
   * to its `held`, all output after them to its `live`. When `start` throws or returns undefined, the
   * terminal takes it as it is.
   */
  handOver(start: (written: readonly Uint8Array[]) => OutputTaker | undefined): void {
    if (this.target !== undefined) return;
    const { written, held } = this.take();
    const plain = this.sinks.writeTerminal;
    let taker: OutputTaker | undefined;
    try {
      taker = start(written);
    } finally {
      const { held: first, live } = taker ?? { held: plain, live: plain };
      this.target = live;
      for (const chunk of held) first(chunk);
      this.resumeReading();
    }
  }

  /** No reporting after all: held output goes to the terminal, and all output after it. Idempotent. */
  release(): void {
    this.handOver(() => undefined);
  }

  private hold(chunk: Uint8Array): void {
    this.held.push(Uint8Array.prototype.slice.call(chunk));
    this.heldBytes += chunk.length;
    this.osc7501Seen?.();
    this.osc7501Seen = undefined;
    if (this.heldBytes >= EARLY_OUTPUT_LIMIT && !this.paused) {
      this.paused = true;
      this.sinks.pause();
    }
  }

  private take(): { written: Uint8Array[]; held: Uint8Array[] } {
    const kept = this.written?.take().bytes;
    const taken = { written: kept === undefined || kept.length === 0 ? [] : [kept], held: this.held };
    this.written = undefined;
    this.held = [];
    this.heldBytes = 0;
    return taken;
  }

  private resumeReading(): void {
    if (!this.paused) return;
    this.paused = false;
    this.sinks.resume();
  }

  /**
   * Follows OSC_7501 across the chunks written so far; true when `chunk` completes it. A flood passes here
   * whole while reporting waits for it to pause, so the chunk is searched natively (Buffer's indexOf), and
   * only its ends byte by byte: a sequence the earlier chunks began, the prefix it ends with.
   */
  private completesOsc7501(chunk: Uint8Array): boolean {
    let matched = this.matched;
    if (matched > 0) {
      let i = 0;
      while (i < chunk.length && matched < OSC_7501.length && chunk[i] === OSC_7501[matched]) {
        matched++;
        i++;
      }
      if (matched === OSC_7501.length) return true;
      if (i === chunk.length) {
        this.matched = matched;
        return false;
      }
    }
    // `]7501` first (`]` is rare in text, ESC is not: a coloured line has several), then the ESC before it.
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = bytes.indexOf(AFTER_ESC, 1); at > 0; at = bytes.indexOf(AFTER_ESC, at + 1)) {
      if (bytes[at - 1] === OSC_7501[0]) return true;
    }
    this.matched = endingPrefix(chunk);
    return false;
  }
}

/** How many bytes of OSC_7501 (less than all) `chunk` ends with. */
function endingPrefix(chunk: Uint8Array): number {
  for (let k = Math.min(OSC_7501.length - 1, chunk.length); k > 0; k--) {
    let i = 0;
    while (i < k && chunk[chunk.length - k + i] === OSC_7501[i]) i++;
    if (i === k) return k;
  }
  return 0;
}
