// Sanity checks over the recorded Claude Code corpus (fixtures/claude-code): every recording parses as
// asciicast v2 with the size its name says, and every native OSC 7501 label is really in the recorded bytes.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputBytes, parseCast } from '../../src/recording/asciicast.js';

const root = join(import.meta.dirname, '..', '..', 'fixtures', 'claude-code');
const casts: string[] = [];
if (existsSync(root)) {
  for (const v of readdirSync(root)) {
    const dir = join(root, v);
    if (!statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir)) if (f.endsWith('.cast')) casts.push(join(v, f));
  }
}

interface Label {
  t: number;
  state?: string;
  kind?: string;
  msg?: string;
  raw?: string;
  event?: string;
  source: 'native' | 'driver';
}

describe.skipIf(casts.length === 0)('claude-code fixtures', () => {
  it.each(casts)('%s parses and its labels match its bytes', (rel) => {
    const file = join(root, rel);
    const cast = parseCast(readFileSync(file, 'utf8'));
    const m = /-(\d+)x(\d+)(-noanswer)?\.cast$/.exec(rel);
    expect(m).not.toBeNull();
    expect(cast.header.width).toBe(Number(m![1]));
    expect(cast.header.height).toBe(Number(m![2]));
    const times = cast.events.map((e) => e.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const text = new TextDecoder().decode(outputBytes(cast));
    const labels: Label[] = readFileSync(file.replace(/\.cast$/, '.labels.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Label);
    expect(labels.length).toBeGreaterThan(0);
    if (m![3]) expect(labels.filter((l) => l.source === 'native' && l.state)).toEqual([]);
    const end = times[times.length - 1] ?? 0;
    for (const l of labels) {
      expect(['native', 'driver']).toContain(l.source);
      expect(l.t).toBeLessThanOrEqual(end + 1);
      if (l.source === 'native') {
        expect(text).toContain(l.raw);
        if (l.state === 'blocked') expect(['permission', 'question', 'auth', undefined]).toContain(l.kind);
      }
    }
  });
});
