// Replays asciicast v2 recordings (fixtures/**/*.cast) through the real ShadowScreen.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { inject } from 'vitest';
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

/**
 * Every screen the recording shows, one per output event, in order. Within a test run the screens of a recording
 * are replayed once and kept in the run's folder (test/replay-cache-setup.ts), keyed by the recording's content:
 * the other files that check the same recording read the same screens back. Without the folder (a config
 * without that setup) every call replays.
 */
export async function replay(cast: Cast): Promise<Frame[]> {
  const file = storedReplay(cast);
  if (file === undefined) return replayScreens(cast);
  try {
    return deserialize(readFileSync(file)) as Frame[];
  } catch (error) {
    // Not replayed yet in this run; any other failure is the test's.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const frames = await replayScreens(cast);
  // Written whole under a name of its own, then renamed: a reader sees all of it or nothing.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, serialize(frames));
  renameSync(partial, file);
  return frames;
}

/** Where the run keeps the screens of `cast` (named by a hash of its content), when the run keeps any. */
export function storedReplay(cast: Cast): string | undefined {
  const dir = inject('replayCacheDir');
  return dir === undefined ? undefined : join(dir, `${createHash('sha256').update(JSON.stringify(cast)).digest('hex')}.v8`);
}

/** Every screen the recording shows, replayed now through a fresh ShadowScreen. */
export async function replayScreens(cast: Cast): Promise<Frame[]> {
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
