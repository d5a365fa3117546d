// RowFootprint against the real shadow screen: whenever it names the rows some output changed, no other
// row changed — over every recorded agent session and random byte sequences — and it names them for the
// spinner frames agents actually draw.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseCast, parseResize } from '../../src/recording/asciicast.js';
import { RowFootprint, type CursorStart } from '../../src/screen/row-footprint.js';
import { ShadowScreen } from '../../src/screen/shadow-screen.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures', import.meta.url));
const encoder = new TextEncoder();
const bytes = (s: string): Uint8Array => encoder.encode(s);

const START: CursorStart = { x: 2, y: 20, cols: 100, rows: 30, scrollTop: 0, scrollBottom: 29, originMode: false };

function rowsOf(output: string, start: CursorStart = START): number[] | undefined {
  const footprint = new RowFootprint(start);
  footprint.push(bytes(output));
  const rows = footprint.rows;
  return rows === undefined ? undefined : [...rows].sort((a, b) => a - b);
}

/** What a screen write really changed: the rows whose text differs, and whether RowFootprint named a superset. */
async function check(screen: ShadowScreen, chunk: Uint8Array, split: number): Promise<{ named: boolean; sound: boolean; changed: number[] }> {
  await screen.flush();
  const start = screen.cursor();
  const before = screen.visibleLines();
  const whole = start === undefined ? undefined : new RowFootprint(start);
  const parts = start === undefined ? undefined : new RowFootprint(start);
  whole?.push(chunk);
  parts?.push(chunk.subarray(0, split));
  parts?.push(chunk.subarray(split));
  screen.write(chunk);
  await screen.flush();
  const after = screen.visibleLines();
  const changed = after.flatMap((line, row) => (line === before[row] ? [] : [row]));
  const rows = whole?.rows;
  const sameInParts = JSON.stringify(rows && [...rows]) === JSON.stringify(parts?.rows && [...parts.rows]);
  return { named: rows !== undefined, sound: sameInParts && (rows === undefined || changed.every((row) => rows.has(row))), changed };
}

describe('RowFootprint, by hand', () => {
  test('a spinner frame between a cursor save and restore changes its one row', () => {
    expect(rowsOf('\x1b7\x1b[18;1H✢ Pondering… (3s · ↓ 111 tokens · esc to interrupt)\x1b[K\x1b8')).toEqual([17]);
  });

  test("Claude Code's relative-move frame, from where the cursor stood, changes one row", () => {
    // From fixtures/claude-code/2.1.332/bash-approve-80x24.cast: down 3, up 6, the glyph, back with CR LF.
    const frame = '\x1b[2D\x1b[3B\r\x1b[6A\x1b[38;2;215;119;87m✶\x1b[39m\r\r\n\r\n\r\n\r\n\r\n\r\n\x1b[2C\x1b[3A';
    expect(rowsOf(frame, { ...START, x: 2, y: 18, cols: 80, rows: 24, scrollBottom: 23 })).toEqual([15]);
  });

  test('cursor moves and SGR alone change no row', () => {
    expect(rowsOf('\x1b[5;5H\x1b[1;31m\x1b[2A\x1b[3C\x1b[0m')).toEqual([]);
  });

  test.each([
    ['a line feed on the last row (a scroll)', '\x1b[30;1H\n'],
    ['a line feed at the bottom of the scroll region', '\x1b[30;1H\x1b[2A\n', { scrollBottom: 27 }],
    ['text reaching the last column (a wrap may follow)', `\x1b[1;95H${'x'.repeat(6)}`],
    ['a wide character at the edge', '\x1b[1;99H字'],
    ['a tab', 'a\tb'],
    ['an OSC (a title)', '\x1b]0;title\x07'],
    ['a DEC private mode', '\x1b[?1049h'],
    ['erase in display', '\x1b[J'],
    ['a C1 control written as UTF-8 (CSI)', '\xc2\x9b2J'],
    ['a restore of a cursor saved before this output', '\x1b8'],
    ['cursor up past the top margin', '\x1b[1;1H\x1b[A'],
    ['cursor left past the first column', '\r\x1b[D'],
    ['a relative move with the scroll region unknown', '\x1b[A', { scrollTop: undefined, scrollBottom: undefined }],
    ['origin mode at the start', 'x', { originMode: true }],
    ['a pending wrap at the start', 'x', { x: 100 }],
    ['a scroll region being set', '\x1b[2;10r'],
  ] as Array<[string, string, Partial<CursorStart>?]>)('cannot tell after %s', (_what, output, start) => {
    const footprint = new RowFootprint({ ...START, ...start });
    footprint.push(encoder.encode(output.replace('\xc2\x9b', '\u009b')));
    expect(footprint.rows).toBeUndefined();
  });

  test('once it cannot tell, it never can again', () => {
    const footprint = new RowFootprint(START);
    footprint.push(bytes('\x1b[?25l'));
    footprint.push(bytes('\x1b7\x1b[3;1Hx\x1b8'));
    expect(footprint.rows).toBeUndefined();
  });
});

describe('RowFootprint against the shadow screen', () => {
  const casts: string[] = [];
  for (const app of readdirSync(FIXTURES)) {
    let versions: string[];
    try {
      versions = readdirSync(join(FIXTURES, app));
    } catch {
      continue;
    }
    for (const version of versions) {
      try {
        for (const file of readdirSync(join(FIXTURES, app, version))) if (file.endsWith('.cast')) casts.push(join(app, version, file));
      } catch {
        // a file, not a version folder
      }
    }
  }

  test('there are recordings to check it on', () => {
    expect(casts.length).toBeGreaterThan(20);
  });

  // One recording of each app's newest version keeps the run short; the random sequences below cover the rest.
  const newest = new Map<string, string>();
  for (const cast of casts.sort()) newest.set(cast.split('/')[0] as string, cast);

  test.each([...newest.values()])('%s: every output event changes only rows it names, when it names any', async (cast) => {
    const parsed = parseCast(readFileSync(join(FIXTURES, cast), 'utf8'));
    const screen = new ShadowScreen({ cols: parsed.header.width, rows: parsed.header.height });
    let events = 0;
    for (const event of parsed.events) {
      if (event.type === 'r') {
        const size = parseResize(event.data);
        if (size) screen.resize(size.cols, size.rows);
        continue;
      }
      if (event.type !== 'o') continue;
      const chunk = bytes(event.data);
      const r = await check(screen, chunk, Math.floor(chunk.length / 2));
      events += 1;
      expect(r.sound, `${cast}: event ${events} ${JSON.stringify(event.data.slice(0, 120))} changed rows ${r.changed}`).toBe(true);
    }
    screen.dispose();
    expect(events).toBeGreaterThan(0);
  }, 120_000);

  test("it names the rows of Claude Code's spinner frames in a real recording", async () => {
    const parsed = parseCast(readFileSync(join(FIXTURES, 'claude-code/2.1.332/bash-approve-80x24.cast'), 'utf8'));
    const screen = new ShadowScreen({ cols: parsed.header.width, rows: parsed.header.height });
    const spinnerFrames: boolean[] = [];
    for (const event of parsed.events) {
      if (event.type !== 'o') continue;
      const chunk = bytes(event.data);
      const r = await check(screen, chunk, 1);
      // A glyph-only frame: the spinner's glyph and nothing else drawn.
      if (/^\x1b\[2D\x1b\[3B\r\x1b\[6A\x1b\[38;2;\d+;\d+;\d+m[✶✻✽✢·*]\x1b\[39m(\r\r\n)(\r\n)*\x1b\[2C\x1b\[3A$/u.test(event.data)) spinnerFrames.push(r.named);
    }
    screen.dispose();
    expect(spinnerFrames.length).toBeGreaterThan(2);
    expect(spinnerFrames.every(Boolean)).toBe(true);
  });

  test('random output on a small screen: whenever it names rows, no other row changed (seeded)', async () => {
    let seed = 7501;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pieces = [
      () => 'ab',
      () => 'x',
      () => '字',
      () => '✻',
      () => 'e\u0301',
      () => '\r',
      () => '\n',
      () => '\b',
      () => '\t',
      () => `\x1b[${rnd(8) + 1};${rnd(12) + 1}H`,
      () => `\x1b[${rnd(4)}A`,
      () => `\x1b[${rnd(4)}B`,
      () => `\x1b[${rnd(5)}C`,
      () => `\x1b[${rnd(5)}D`,
      () => `\x1b[${rnd(12)}G`,
      () => `\x1b[${rnd(8)}d`,
      () => `\x1b[${rnd(3)}K`,
      () => `\x1b[${rnd(3)}X`,
      () => `\x1b[${rnd(3)}P`,
      () => `\x1b[${rnd(3)}@`,
      () => '\x1b[1;32m',
      () => '\x1b7',
      () => '\x1b8',
      () => '\x1b[s',
      () => '\x1b[u',
      () => `\x1b[${rnd(3)}J`,
      () => `\x1b[${rnd(3) + 1};${rnd(3) + 5}r`,
      () => '\x1b[r',
      () => '\x1b[?6h',
      () => '\x1b[?6l',
      () => '\x1b]0;t\x07',
      () => '\x1bM',
      () => '\x1bD',
      () => '\u0085',
    ];
    const screen = new ShadowScreen({ cols: 12, rows: 8 });
    let named = 0;
    for (let round = 0; round < 600; round++) {
      let output = '';
      // Every other round draws only from what it follows (text, CR, BS, cursor moves, erases, SGR).
      const pool = round % 2 === 0 ? pieces : pieces.slice(0, 21).filter((_, i) => i !== 6 && i !== 8);
      for (let n = rnd(6) + 1; n > 0; n--) output += (pool[rnd(pool.length)] as () => string)();
      const chunk = bytes(output);
      const r = await check(screen, chunk, rnd(chunk.length + 1));
      if (r.named && r.changed.length > 0) named += 1;
      expect(r.sound, `round ${round}: ${JSON.stringify(output)} changed rows ${r.changed}`).toBe(true);
      if (round % 50 === 49) screen.write(bytes('\x1b[r\x1b[?6l\x1b[2J\x1b[H'));
    }
    screen.dispose();
    expect(named).toBeGreaterThan(30);
  });
});
