// asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): a writer that turns PTY output bytes into
// `.cast` lines and a reader that turns a `.cast` file back into a header, events and bytes.
// PURE: no node:* imports and no Buffer — only Uint8Array, TextDecoder and TextEncoder — so `osf7501 record`,
// `osf7501 classify` and the browser-free core can all share it.

/** The header line of an asciicast v2 file (unknown keys are kept as they were read). */
interface CastHeader {
  version: 2;
  width: number;
  height: number;
  /** Unix time (seconds) when the recording started. */
  timestamp?: number;
  /** Total length in seconds, if the writer knew it. */
  duration?: number;
  title?: string;
  env?: { TERM?: string; SHELL?: string; [key: string]: string | undefined };
  [key: string]: unknown;
}

/** Event codes: `o` output, `i` input, `r` resize ("COLSxROWS"), `m` marker; others are kept verbatim. */
type CastEventType = 'o' | 'i' | 'r' | 'm' | (string & {});

/** One event line `[time, code, data]`, time in seconds from the start of the recording. */
export interface CastEvent {
  time: number;
  type: CastEventType;
  data: string;
}

/** A parsed `.cast` file. */
export interface Cast {
  header: CastHeader;
  events: CastEvent[];
}

/** A chunk of output as bytes again, at the time it was written. */
interface CastOutputChunk {
  time: number;
  bytes: Uint8Array;
}

// The text codecs are globals in every runtime we target; reach them through globalThis so this file
// type-checks with or without DOM/Node typings.
interface StreamingDecoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
interface Codecs {
  TextDecoder: new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) => StreamingDecoder;
  TextEncoder: new () => { encode(input: string): Uint8Array };
}
const codecs = globalThis as unknown as Codecs;

/** Rounds a time in seconds to microseconds, as asciinema writes it. */
function roundTime(seconds: number): number {
  const t = Math.round(Math.max(0, seconds) * 1e6) / 1e6;
  return Object.is(t, -0) ? 0 : t;
}

/** Serialises one event as a `.cast` line (no trailing newline). */
export function formatEvent(event: CastEvent): string {
  return JSON.stringify([roundTime(event.time), event.type, event.data]);
}

/** Serialises a header as the first `.cast` line (no trailing newline). */
function formatHeader(header: CastHeader): string {
  return JSON.stringify(header);
}

/** The header a writer starts from: `version` is implied and `timestamp` defaults to the writer's clock. */
interface CastWriterHeader {
  width: number;
  height: number;
  timestamp?: number;
  title?: string;
  env?: { TERM?: string; SHELL?: string; [key: string]: string | undefined };
  [key: string]: unknown;
}

/** Options for {@link CastWriter}. */
interface CastWriterOptions {
  /** Receives each finished line, newline included. */
  sink: (line: string) => void;
  /** Milliseconds clock used when an event is written without an explicit time (default Date.now). */
  now?: () => number;
}

/**
 * Writes an asciicast v2 stream line by line. Output and input bytes go through streaming UTF-8 decoders,
 * so a character split across two reads is written whole with the second read, never as U+FFFD.
 */
export class CastWriter {
  private readonly sink: (line: string) => void;
  private readonly now: () => number;
  private readonly startMs: number;
  private readonly outDecoder: StreamingDecoder;
  private readonly inDecoder: StreamingDecoder;
  private lastTime = 0;
  private closed = false;

  /** Starts a recording: writes the header line at once; `header.timestamp` defaults to the clock. */
  constructor(header: CastWriterHeader, options: CastWriterOptions) {
    this.sink = options.sink;
    this.now = options.now ?? (() => Date.now());
    this.startMs = this.now();
    this.outDecoder = new codecs.TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    this.inDecoder = new codecs.TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    const full: CastHeader = {
      ...header,
      version: 2,
      width: header.width,
      height: header.height,
      timestamp: header.timestamp ?? Math.floor(this.startMs / 1000),
    };
    this.sink(formatHeader(full) + '\n');
  }

  /** Seconds since the recording started, by the writer's clock. */
  elapsed(): number {
    return (this.now() - this.startMs) / 1000;
  }

  private time(explicit: number | undefined): number {
    // Times never go backwards: players expect a non-decreasing sequence.
    const t = roundTime(explicit ?? this.elapsed());
    this.lastTime = Math.max(this.lastTime, t);
    return this.lastTime;
  }

  private emit(type: CastEventType, data: string, time: number | undefined): void {
    if (this.closed) throw new Error('CastWriter: write after close');
    const t = this.time(time);
    if (data === '' && type !== 'm') return;
    this.sink(formatEvent({ time: t, type, data }) + '\n');
  }

  /** Records terminal output (bytes from the child, or already-decoded text). */
  output(data: Uint8Array | string, time?: number): void {
    const text = typeof data === 'string' ? data : this.outDecoder.decode(data, { stream: true });
    this.emit('o', text, time);
  }

  /** Records keyboard input sent to the child. */
  input(data: Uint8Array | string, time?: number): void {
    const text = typeof data === 'string' ? data : this.inDecoder.decode(data, { stream: true });
    this.emit('i', text, time);
  }

  /** Records a marker (asciicast `m`): a label on the timeline, such as the terminal's state. */
  marker(label: string, time?: number): void {
    this.emit('m', label, time);
  }

  /** Records a terminal resize as `COLSxROWS`. */
  resize(cols: number, rows: number, time?: number): void {
    this.emit('r', `${cols}x${rows}`, time);
  }

  /** Flushes any incomplete UTF-8 sequences (as U+FFFD) and refuses further writes. */
  close(time?: number): void {
    if (this.closed) return;
    const restOut = this.outDecoder.decode();
    if (restOut) this.emit('o', restOut, time);
    const restIn = this.inDecoder.decode();
    if (restIn) this.emit('i', restIn, time);
    this.closed = true;
  }
}

/** Parses asciicast v2 text into its header and events; throws on a malformed header or event line. */
export function parseCast(text: string): Cast {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  if (i >= lines.length) throw new Error('asciicast: empty file');
  let header: unknown;
  try {
    header = JSON.parse(lines[i]!);
  } catch {
    throw new Error('asciicast: header line is not JSON');
  }
  if (!isRecord(header) || header['version'] !== 2) throw new Error('asciicast: not a version 2 header');
  if (!isPositiveInt(header['width']) || !isPositiveInt(header['height'])) {
    throw new Error('asciicast: header needs positive integer width and height');
  }
  const events: CastEvent[] = [];
  for (let n = i + 1; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`asciicast: line ${n + 1} is not JSON`);
    }
    if (
      !Array.isArray(value) ||
      value.length < 3 ||
      typeof value[0] !== 'number' ||
      typeof value[1] !== 'string' ||
      typeof value[2] !== 'string'
    ) {
      throw new Error(`asciicast: line ${n + 1} is not [time, code, data]`);
    }
    events.push({ time: value[0], type: value[1], data: value[2] });
  }
  return { header: header as CastHeader, events };
}

/** Parses a resize event's `COLSxROWS`; undefined if malformed. */
export function parseResize(data: string): { cols: number; rows: number } | undefined {
  const m = /^(\d+)x(\d+)$/.exec(data);
  if (!m) return undefined;
  return { cols: Number(m[1]), rows: Number(m[2]) };
}

/** The output events of a cast as UTF-8 bytes, one chunk per event, in order. */
export function outputChunks(cast: Cast): CastOutputChunk[] {
  const enc = new codecs.TextEncoder();
  return cast.events.filter((e) => e.type === 'o').map((e) => ({ time: e.time, bytes: enc.encode(e.data) }));
}

/** All output of a cast concatenated as UTF-8 bytes (what the terminal received). */
export function outputBytes(cast: Cast): Uint8Array {
  const chunks = outputChunks(cast);
  let total = 0;
  for (const c of chunks) total += c.bytes.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c.bytes, at);
    at += c.bytes.length;
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isPositiveInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}
