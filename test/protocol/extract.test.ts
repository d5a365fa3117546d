import { describe, expect, test } from 'vitest';
import {
  encodeQuery,
  encodeReport,
  extractAll,
  ReportExtractor,
  wrapForScreen,
  wrapForTmux,
  type Extracted,
  type Report,
} from '../../src/protocol/index.js';
import { bytesOf, ESC, latin1, osc, prng, randomInt, utf8 } from './helpers.js';

/** The encoded bytes of a report that must encode. */
function encoded(report: Report): Uint8Array {
  const result = encodeReport(report);
  if (!result.ok) throw new Error(result.reason.message);
  return result.bytes;
}

/** Concatenates byte strings. */
function concat(...parts: Uint8Array[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

/** Runs `stream` through one extractor, split at the given chunk sizes (cycled). */
function extractInChunks(stream: Uint8Array, sizes: number[]): Extracted[] {
  const extractor = new ReportExtractor();
  const found: Extracted[] = [];
  let at = 0;
  for (let k = 0; at < stream.length; k++) {
    const size = sizes[k % sizes.length] ?? 1;
    found.push(...extractor.push(stream.subarray(at, at + size)));
    at += size;
  }
  return [...found, ...extractor.end()];
}

/** What matters of a result, as plain data that compares with toEqual. */
function summary(found: Extracted[]): unknown[] {
  return found.map(({ offset, raw, sequence, tmuxDepth, parsed }) => ({
    offset, raw: latin1(raw), sequence: latin1(sequence), tmuxDepth, parsed,
  }));
}

const idle = encoded({ state: 'idle', app: 'claude-code' });
const blocked = encoded({ state: 'blocked', kind: 'permission', app: 'claude-code', msg: 'approve Bash: rm -rf build' });
const done = encoded({ state: 'done', id: 'tab/1', app: 'codex', title: '漢字 😀' });

/** A stream with reports among ordinary output: SGR, another OSC, UTF-8 text, wrapped reports, a query reply. */
const MIXED = concat(
  utf8(`hello ${ESC}[1;31mred${ESC}[0m 漢字\r\n`),
  idle,
  bytesOf(`${ESC}]0;window title\u0007`),
  utf8('😀 progress…'),
  wrapForTmux(blocked),
  bytesOf(`${ESC}${ESC}[?2004h`),
  wrapForTmux(done, 2),
  encodeQuery(),
  bytesOf(osc('state=working:app=x:progress=5', 'bel')),
  bytesOf(osc('state=nope:app=x')),
  utf8(' tail'),
);

describe('ReportExtractor finds reports', () => {
  test('finds every report, query and rejection in a mixed stream, with offsets', () => {
    const found = extractAll(MIXED);
    expect(found.map((item) => item.parsed.type)).toEqual(['report', 'report', 'report', 'query', 'report', 'rejected']);
    expect(found.map((item) => item.tmuxDepth)).toEqual([0, 1, 2, 0, 0, 0]);
    for (const item of found) expect(latin1(MIXED.subarray(item.offset, item.offset + item.raw.length))).toBe(latin1(item.raw));
    expect(found[1]?.parsed).toEqual({
      type: 'report', report: { state: 'blocked', kind: 'permission', app: 'claude-code', msg: 'approve Bash: rm -rf build' },
    });
    expect(found[2]?.parsed).toEqual({ type: 'report', report: { state: 'done', id: 'tab/1', app: 'codex', title: '漢字 😀' } });
    expect(latin1(found[2]?.sequence ?? new Uint8Array())).toBe(latin1(done));
    expect(found[5]?.parsed).toMatchObject({ type: 'rejected', reason: { code: 'state-unknown' } });
  });

  test.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 17, 64])('gives identical results fed %i byte(s) at a time', (size) => {
    expect(summary(extractInChunks(MIXED, [size]))).toEqual(summary(extractAll(MIXED)));
  });

  test('gives identical results for random chunk sizes', () => {
    const random = prng(99);
    const whole = summary(extractAll(MIXED));
    for (let run = 0; run < 200; run++) {
      const sizes = Array.from({ length: 20 }, () => randomInt(random, 1, 40));
      expect(summary(extractInChunks(MIXED, sizes))).toEqual(whole);
    }
  });

  test.each([1, 2, 3])('decodes a report wrapped in %i tmux level(s)', (levels) => {
    const [item, ...rest] = extractAll(wrapForTmux(blocked, levels));
    expect(rest).toEqual([]);
    expect(item?.tmuxDepth).toBe(levels);
    expect(item?.parsed).toMatchObject({ type: 'report', report: { state: 'blocked', kind: 'permission' } });
  });

  test('decodes a short report wrapped for GNU screen', () => {
    const [item] = extractAll(wrapForScreen(idle));
    expect(item?.parsed).toEqual({ type: 'report', report: { state: 'idle', app: 'claude-code' } });
  });

  test('ignores other sequences inside tmux passthrough', () => {
    expect(extractAll(wrapForTmux(bytesOf(`${ESC}]52;c;aGk=\u0007`)))).toEqual([]);
  });

  test('counts offsets across pushes', () => {
    const extractor = new ReportExtractor();
    expect(extractor.push(utf8('abc'))).toEqual([]);
    const [item] = extractor.push(concat(utf8('de'), idle));
    expect(item?.offset).toBe(5);
  });
});

describe('ReportExtractor on broken input', () => {
  test('reports a sequence cut off by another escape as unterminated, then finds the next one', () => {
    const stream = concat(bytesOf(`${ESC}]7501;state=idle:app=x`), idle);
    const found = extractAll(stream);
    expect(found.map((item) => item.parsed.type)).toEqual(['rejected', 'report']);
    expect(found[0]?.parsed).toMatchObject({ reason: { code: 'unterminated' } });
    expect(found[1]?.offset).toBe(stream.length - idle.length);
  });

  test('reports a sequence cancelled by CAN as unterminated', () => {
    expect(extractAll(bytesOf(`${ESC}]7501;state=idle\u0018`))).toMatchObject([{ parsed: { reason: { code: 'unterminated' } } }]);
  });

  test('reports a sequence still open at the end of the stream as unterminated', () => {
    const extractor = new ReportExtractor();
    expect(extractor.push(bytesOf(`${ESC}]7501;state=idle`))).toEqual([]);
    expect(extractor.end()).toMatchObject([{ offset: 0, parsed: { reason: { code: 'unterminated' } } }]);
  });

  test('reports an open tmux-wrapped sequence at the end of the stream as unterminated', () => {
    const wrapped = wrapForTmux(idle);
    const found = extractAll(wrapped.subarray(0, wrapped.length - 6));
    expect(found).toMatchObject([{ tmuxDepth: 1, parsed: { reason: { code: 'unterminated' } } }]);
  });

  test('caps a runaway sequence, reports it once and skips the rest up to its terminator', () => {
    const runaway = bytesOf(`${ESC}]7501;state=idle:app=x:pad=${'A'.repeat(100_000)}\u0007`);
    const extractor = new ReportExtractor();
    const found: Extracted[] = [];
    for (let at = 0; at < runaway.length; at += 1000) found.push(...extractor.push(runaway.subarray(at, at + 1000)));
    found.push(...extractor.push(idle), ...extractor.end());
    expect(found.map((item) => item.parsed)).toMatchObject([
      { type: 'rejected', reason: { code: 'sequence-too-long' } },
      { type: 'report', report: { state: 'idle' } },
    ]);
    expect(found[0]?.raw.length).toBe(4096);
  });

  test('caps a runaway tmux passthrough and reports it once', () => {
    const runaway = wrapForTmux(bytesOf(`${ESC}]7501;state=idle:pad=${'A'.repeat(20_000)}\u0007`));
    const found = extractAll(concat(runaway, idle));
    expect(found.map((item) => item.parsed)).toMatchObject([
      { type: 'rejected', reason: { code: 'sequence-too-long' } },
      { type: 'report', report: { state: 'idle' } },
    ]);
    expect(found[0]?.raw.length).toBeLessThanOrEqual(4096 + 1024 + 1);
  });

  test('skips a large non-7501 tmux passthrough silently', () => {
    const image = wrapForTmux(bytesOf(`${ESC}_Ga=T;${'A'.repeat(50_000)}${ESC}\\`));
    expect(extractAll(concat(image, idle)).map((item) => item.parsed.type)).toEqual(['report']);
  });

  test('a 4096-byte sequence is kept and a 4097-byte one is not', () => {
    const body = (total: number): string => `state=idle:app=x:pad=${'A'.repeat(total - 9 - 21)}`;
    expect(extractAll(bytesOf(osc(body(4096))))).toMatchObject([{ parsed: { type: 'report' } }]);
    expect(extractAll(bytesOf(osc(body(4097))))).toMatchObject([{ parsed: { reason: { code: 'sequence-too-long' } } }]);
  });

  test('does not mistake near misses for OSC 7501', () => {
    const stream = bytesOf(`${ESC}]75010;x\u0007${ESC}]750;x\u0007${ESC}Ptmu${ESC}\\${ESC}P$q m${ESC}\\`);
    expect(extractAll(stream)).toEqual([]);
  });
});
