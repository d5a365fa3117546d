// One grammar for OSC strings: `osf7501 decode` (ReportExtractor) and the live path (StreamScanner feeding the
// native bridge) read the same bytes the same way, whatever the chunk split (spec/osc7501.md, "OSC strings").
import { describe, expect, test } from 'vitest';
import { ReportExtractor, type Report } from '../../src/protocol/index.js';
import { OscStop, OscStringReader, type OscStopValue } from '../../src/protocol/osc-string.js';
import { NativeBridge } from '../../src/session/native-bridge.js';
import { StreamScanner } from '../../src/stream/scanner.js';
import { bytesOf } from './helpers.js';

/** What a path read: a report or the support query, and the stream range `[start, end)` of its sequence. */
type Read = { report: Report; start: number; end: number } | { query: true; start: number; end: number };

const R = (body: string): string => `\x1b]7501;${body}`;

/** Every split of `bytes` to try: whole, one byte at a time, and in two pieces at each offset near a byte
 * that is not plain printable ASCII (or is `\` or `]`), which is every offset of a short input. */
function splits(bytes: Uint8Array): Uint8Array[][] {
  const out: Uint8Array[][] = [[bytes], Array.from(bytes, (_, i) => bytes.subarray(i, i + 1))];
  const near = new Set<number>();
  bytes.forEach((b, i) => {
    if (b < 0x20 || b >= 0x7f || b === 0x5c || b === 0x5d) for (let d = -4; d <= 4; d++) near.add(i + d);
  });
  for (const at of [...near].sort((a, b) => a - b)) {
    if (at > 0 && at < bytes.length) out.push([bytes.subarray(0, at), bytes.subarray(at)]);
  }
  return out;
}

/** `osf7501 decode`'s path: the reports and queries the extractor accepts. */
function decodePath(chunks: readonly Uint8Array[]): Read[] {
  const extractor = new ReportExtractor();
  const found = [...chunks.flatMap((chunk) => extractor.push(chunk)), ...extractor.end()];
  return found.flatMap((item): Read[] => {
    const range = { start: item.offset, end: item.offset + item.raw.length };
    if (item.parsed.type === 'report') return [{ report: item.parsed.report, ...range }];
    if (item.parsed.type === 'query') return [{ query: true, ...range }];
    return [];
  });
}

/** The live path: the scanner's OSC 7501 events go to the real native bridge, which takes a report or answers
 * a query; each is recorded with the range of the event that caused it. */
function livePath(chunks: readonly Uint8Array[]): Read[] {
  const reads: Read[] = [];
  let range = { start: -1, end: -1 };
  const bridge = new NativeBridge({
    answerQueries: true,
    now: () => 0,
    writeToChild: () => reads.push({ query: true, ...range }),
    onReport: (report) => reads.push({ report, ...range }),
  });
  const scanner = new StreamScanner({
    onOsc7501: (event) => {
      range = { start: event.start, end: event.end };
      bridge.onOsc7501(event);
    },
  });
  for (const chunk of chunks) scanner.feed(chunk);
  bridge.dispose();
  return reads;
}

const idle = (start: number, end: number): Read => ({ report: { state: 'idle' }, start, end });
const done = (start: number, end: number): Read => ({ report: { state: 'done' }, start, end });

// Input (8-bit characters, one per byte) and what both paths must read from it.
const TABLE: Array<[string, string, Read[]]> = [
  ['a report ended by BEL', `${R('state=idle')}\x07`, [idle(0, 18)]],
  ['a report ended by ST', `${R('state=done')}\x1b\\`, [done(0, 19)]],
  ['the support query ended by ST', `${R('?')}\x1b\\`, [{ query: true, start: 0, end: 10 }]],
  ['the support query ended by BEL', `${R('?')}\x07`, [{ query: true, start: 0, end: 9 }]],
  ['text around a report', `ab${R('state=idle')}\x07cd`, [idle(2, 20)]],
  ['CAN cancels the string, and the next report is read', `${R('state=idle')}\x18${R('state=done')}\x07`, [done(18, 36)]],
  ['SUB cancels the string, and the next report is read', `${R('state=idle')}\x1a${R('state=done')}\x07`, [done(18, 36)]],
  ['CAN cancels the support query: no answer', `${R('?')}\x18\x07`, []],
  ['CAN cancels the string: pairs after it are not read', `${R('state=idle')}\x18:state=done\x07`, []],
  ['SUB cancels the string: pairs after it are not read', `${R('state=idle')}\x1a:state=done\x07`, []],
  ['CAN cancels the string, so a later BEL ends nothing', `${R('state=idle')}\x18 more\x07`, []],
  ['ESC + another byte cuts the string off, and that ESC opens the next sequence', `${R('state=idle')}\x1b[m${R('state=done')}\x07`, [done(20, 38)]],
  ['ESC ESC cuts the string off, and the second ESC opens the next report', `${R('state=idle')}\x1b${R('state=done')}\x07`, [done(18, 36)]],
  ['ESC BEL is no terminator: the string is cut off', `${R('state=idle')}\x1b\x07`, []],
  ['a stray ST after a cut-off string ends nothing', `${R('state=idle')}\x1bX\x1b\\`, []],
  ['the 8-bit byte 0x9C is a UTF-8 continuation byte, not ST', `${R('state=idle')}\x9c${R('state=done')}\x07`, [done(18, 36)]],
  ['U+009C in UTF-8 (C2 9C) is content, not ST', `${R('state=idle')}\xc2\x9c\x07`, []],
  ['the 8-bit byte 0x9D does not open an OSC string', `\x9d7501;state=idle\x07`, []],
  ['a C0 control inside the body is content (and spoils the pair it is in)', `${R('state=id\x01le')}\x07`, []],
  ['DEL inside the body is content', `${R('state=idle\x7f')}\x07`, []],
  ['a string still open when the stream ends is not read', R('state=idle'), []],
  ['an over-long string is not read; the next report is', `${R(`state=idle:pad=${'A'.repeat(5000)}`)}\x07${R('state=done')}\x07`, [done(5023, 5041)]],
];

describe('decode and the live path read OSC strings alike', () => {
  test.each(TABLE)('%s', (_name, input, expected) => {
    const bytes = bytesOf(input);
    for (const chunks of splits(bytes)) {
      const where = `split ${chunks.map((c) => c.length).join('+')}`;
      expect({ where, reads: decodePath(chunks) }).toEqual({ where, reads: expected });
      expect({ where, reads: livePath(chunks) }).toEqual({ where, reads: expected });
    }
  });
});

describe('OscStringReader: the rule both paths run', () => {
  /** Every read of `input` (given in pieces) from just after `ESC ]`: [stop, contentEnd, next] per read. */
  function reads(...pieces: string[]): Array<[OscStopValue, number, number]> {
    const reader = new OscStringReader();
    reader.begin();
    const out: Array<[OscStopValue, number, number]> = [];
    for (const piece of pieces) {
      const chunk = bytesOf(piece);
      for (let from = 0; from < chunk.length; ) {
        const stop = reader.read(chunk, from);
        out.push([stop, reader.contentEnd, reader.next]);
        if (stop !== OscStop.open) return out;
        from = reader.next;
      }
    }
    return out;
  }

  test.each<[string, string[], Array<[OscStopValue, number, number]>]>([
    ['BEL ends it: content before, go on after', ['0;t\x07x'], [[OscStop.bel, 3, 4]]],
    ['ST ends it', ['0;t\x1b\\x'], [[OscStop.st, 3, 5]]],
    ['CAN cancels it', ['0;t\x18x'], [[OscStop.cancel, 3, 4]]],
    ['SUB cancels it', ['0;t\x1ax'], [[OscStop.cancel, 3, 4]]],
    ['ESC [ cuts it off: the ESC is at next - 1', ['0;t\x1b[m'], [[OscStop.cutOff, 3, 4]]],
    ['ESC ESC cuts it off', ['0;t\x1b\x1b]'], [[OscStop.cutOff, 3, 4]]],
    ['C0, DEL and 8-bit bytes are content', ['\x01\x7f\x9c\x9d\xc2\x9c'], [[OscStop.open, 6, 6]]],
    ['an ESC at a chunk end waits for the next byte: ST', ['0;t\x1b', '\\'], [[OscStop.open, 3, 4], [OscStop.st, 0, 1]]],
    ['an ESC at a chunk end waits for the next byte: cut off, the ESC was the last chunk\'s', ['0;t\x1b', 'x'],
      [[OscStop.open, 3, 4], [OscStop.cutOff, 0, 0]]],
  ])('%s', (_name, pieces, expected) => {
    expect(reads(...pieces)).toEqual(expected);
  });
});
