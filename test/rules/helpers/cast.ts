// Replays asciicast v2 recordings (fixtures/**/*.cast) through the real ShadowScreen.
import { readFileSync } from 'node:fs';
import { ShadowScreen } from '../../../src/screen/shadow-screen.js';

/** One recorded output event, or a resize. */
export type CastEvent = { t: number; kind: 'o'; data: string } | { t: number; kind: 'r'; cols: number; rows: number };

/** A parsed recording. */
export interface Cast {
  cols: number;
  rows: number;
  events: CastEvent[];
}

/** Reads a .cast file: a JSON header line, then `[time, code, data]` lines. */
export function readCast(path: string): Cast {
  const [headerLine, ...lines] = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = JSON.parse(headerLine ?? '{}') as { width?: number; height?: number };
  const events: CastEvent[] = [];
  for (const line of lines) {
    const [t, code, data] = JSON.parse(line) as [number, string, string];
    if (code === 'o') events.push({ t, kind: 'o', data });
    if (code === 'r') {
      const [cols, rows] = data.split('x').map(Number);
      if (cols !== undefined && rows !== undefined) events.push({ t, kind: 'r', cols, rows });
    }
  }
  return { cols: header.width ?? 80, rows: header.height ?? 24, events };
}

/** One screen after an output event: its time and visible rows. */
export interface Frame {
  t: number;
  lines: string[];
  /** The screen's width when the frame was drawn. */
  cols: number;
  /** Which rows the terminal wrapped on from the row above. */
  softWrapped: boolean[];
}

/** Every screen the recording shows, one per output event, in order. */
export async function replay(cast: Cast): Promise<Frame[]> {
  const screen = new ShadowScreen({ cols: cast.cols, rows: cast.rows });
  const encoder = new TextEncoder();
  const frames: Frame[] = [];
  let cols = cast.cols;
  try {
    for (const event of cast.events) {
      if (event.kind === 'r') {
        screen.resize(event.cols, event.rows);
        cols = event.cols;
        continue;
      }
      screen.write(encoder.encode(event.data));
      await screen.flush();
      frames.push({ t: event.t, lines: screen.visibleLines(), cols, softWrapped: screen.softWrappedRows() });
    }
  } finally {
    screen.dispose();
  }
  return frames;
}

/** The screen as it stood at time `t` (after every event up to and including `t`). */
export function frameAt(frames: readonly Frame[], t: number): Frame | undefined {
  let found: Frame | undefined;
  for (const frame of frames) {
    if (frame.t > t) break;
    found = frame;
  }
  return found;
}
