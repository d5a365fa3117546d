// What a replay reads: an asciicast v2 recording (output on its clock, resizes) or raw terminal bytes (no clock).
import { readFileSync } from 'node:fs';
import { parseCast, parseResize } from './asciicast.js';
import { INPUT_MARKER, parseTerminalMarker, type TerminalState } from '../signals/terminal-state.js';
import { parseHookMarker } from '../signals/hook-marker.js';
import type { HookSignal } from '../hooks/events.js';

/** One thing that happened to the terminal, `t` in seconds on the recording's clock. */
export type RecordingEvent =
  | { t: number; type: 'output'; bytes: Uint8Array }
  | { t: number; type: 'resize'; cols: number; rows: number }
  /** The terminal's own state as the live session read it (an `osf7501:terminal …` marker). */
  | { t: number; type: 'terminal'; state: TerminalState }
  /** The user's keys reached the child (an `osf7501:input` marker). */
  | { t: number; type: 'input' }
  /** A lifecycle hook reported, as the live session mapped it (an `osf7501:hook {…}` marker). */
  | { t: number; type: 'hook'; signal: HookSignal };

/** A recording ready to replay. */
export interface Recording {
  /** The terminal's size at the start. */
  cols: number;
  rows: number;
  /** Output, resizes and terminal states in order; times never go backwards. */
  events: RecordingEvent[];
  /** False for raw bytes: one output event at 0 with nothing to say when it was written. */
  timed: boolean;
  /** The asciicast header's `command`, when it has one (asciinema writes it for `rec -c`). */
  command?: string;
}

/** A terminal size, `COLSxROWS`. */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** The size raw bytes are replayed at when none is given. */
const DEFAULT_REPLAY_SIZE: TerminalSize = { cols: 80, rows: 24 };

/** A recording that cannot be read or is not what it claims to be; `file` names it. */
export class RecordingError extends Error {
  override readonly name = 'RecordingError';
  constructor(
    readonly code: 'io' | 'bad-cast',
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** True when the first line is an asciicast v2 header (anything else replays as raw bytes). */
export function looksLikeCast(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x7b) return false; // '{'
  const end = bytes.indexOf(0x0a);
  const first = new TextDecoder().decode(bytes.subarray(0, end < 0 ? Math.min(bytes.length, 4096) : end));
  try {
    return (JSON.parse(first) as { version?: unknown }).version === 2;
  } catch {
    return false;
  }
}

/** A recording from a file's bytes; `size` replaces the header's size (a cast's resizes still apply). */
function recordingFromBytes(bytes: Uint8Array, file: string, size?: TerminalSize): Recording {
  if (!looksLikeCast(bytes)) {
    const at = size ?? DEFAULT_REPLAY_SIZE;
    return { cols: at.cols, rows: at.rows, events: [{ t: 0, type: 'output', bytes }], timed: false };
  }
  let cast;
  try {
    cast = parseCast(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new RecordingError('bad-cast', file, `${file}: not a valid asciicast v2 recording: ${(error as Error).message}`);
  }
  const encoder = new TextEncoder();
  const events: RecordingEvent[] = [];
  let last = 0;
  for (const event of cast.events) {
    // Players expect times that never go backwards; a writer that got it wrong is read as if it had.
    const t = Math.max(last, event.time);
    last = t;
    if (event.type === 'o') events.push({ t, type: 'output', bytes: encoder.encode(event.data) });
    if (event.type === 'm') {
      const state = parseTerminalMarker(event.data);
      if (state !== undefined) events.push({ t, type: 'terminal', state });
      else if (event.data === INPUT_MARKER) events.push({ t, type: 'input' });
      else {
        const signal = parseHookMarker(event.data);
        if (signal !== undefined) events.push({ t, type: 'hook', signal });
      }
    }
    if (event.type === 'r') {
      const to = parseResize(event.data);
      if (to !== undefined) events.push({ t, type: 'resize', cols: to.cols, rows: to.rows });
    }
  }
  const command = cast.header['command'];
  return {
    cols: size?.cols ?? cast.header.width,
    rows: size?.rows ?? cast.header.height,
    events,
    timed: true,
    ...(typeof command === 'string' && command.trim() !== '' ? { command } : {}),
  };
}

/** Reads a recording file (`.cast` or raw bytes); throws RecordingError naming the file. */
export function loadRecording(path: string, size?: TerminalSize, file: string = path): Recording {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new RecordingError('io', file, `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return recordingFromBytes(bytes, file, size);
}
