// The run's store of replayed screens (test/replay-cache-setup.ts, used by replay() in helpers/cast.ts): what a
// recording's screens read back from it are exactly the screens a fresh ShadowScreen gives, and a recording
// that differs by one byte is replayed on its own, never given another's screens.
import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, test } from 'vitest';
import { readCast, replay, replayScreens, storedReplay, type Cast } from './helpers/cast.js';

const fixture = (path: string): string => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));

describe('replayed screens kept for the run', () => {
  const dir = inject('replayCacheDir');

  test('the run has its store (the unit project sets it up)', () => {
    expect(dir).toEqual(expect.any(String));
  });

  // A resize (claude-code's resize recording) and rows wrapped in a narrow pane (codex at 20x12): every field of
  // every frame, soft wraps and widths included, survives the trip.
  test.each(['claude-code/2.1.332/resize-80x24.cast', 'codex/0.171.0/slow-answer-20x12.cast'])('%s: read back as replayed', async (path) => {
    const cast = readCast(fixture(path));
    const fresh = await replayScreens(cast);
    expect(fresh.some((frame) => frame.softWrapped.includes(true)) || cast.events.some((e) => e.kind === 'r')).toBe(true);
    const first = await replay(cast);
    const stored = storedReplay(cast);
    expect(stored?.startsWith(dir)).toBe(true);
    expect(deserialize(readFileSync(stored ?? ''))).toEqual(fresh);
    expect(first).toEqual(fresh);
    expect(await replay(cast)).toEqual(fresh);
  });

  test('a recording one byte different is replayed, not read back as the other', async () => {
    const cast = readCast(fixture('codex/0.171.0/slow-answer-20x12.cast'));
    await replay(cast);
    const last = cast.events.findLastIndex((e) => e.kind === 'o');
    const event = cast.events[last];
    if (event?.kind !== 'o') throw new Error('the recording has no output');
    const changed: Cast = { ...cast, events: cast.events.map((e, i) => (i === last ? { ...event, data: `${event.data}\x1b[HX` } : e)) };
    expect(storedReplay(changed)).not.toBe(storedReplay(cast));
    const frames = await replay(changed);
    expect(frames).toEqual(await replayScreens(changed));
    expect(frames.at(-1)?.lines[0]?.[0]).toBe('X');
  });
});
