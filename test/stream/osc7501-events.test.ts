// The child's own OSC 7501 sequences: reports, support queries, oversize bodies, and their byte ranges.
import { describe, expect, test } from 'vitest';
import { StreamScanner } from '../../src/stream/scanner.js';
import { OSC7501_BODY_LIMIT } from '../../src/stream/osc7501-capture.js';
import type { Osc7501Event } from '../../src/stream/osc7501-events.js';

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'latin1'));

function eventsOf(...chunks: string[]): Osc7501Event[] {
  const events: Osc7501Event[] = [];
  const scanner = new StreamScanner({ onOsc7501: (e) => events.push(e) });
  for (const chunk of chunks) scanner.feed(bytes(chunk));
  return events;
}

describe('OSC 7501 events', () => {
  test.each<[string, string[], Osc7501Event[]]>([
    ['a report ended by ST', ['ab\x1b]7501;state=idle:app=x\x1b\\'],
      [{ type: 'report', body: 'state=idle:app=x', start: 2, end: 27, terminator: 'st' }]],
    ['a report ended by BEL', ['\x1b]7501;state=done\x07'],
      [{ type: 'report', body: 'state=done', start: 0, end: 18, terminator: 'bel' }]],
    ['a report split over three chunks, with absolute offsets', ['xyz\x1b]75', '01;state=wor', 'king\x1b', '\\!'],
      [{ type: 'report', body: 'state=working', start: 3, end: 25, terminator: 'st' }]],
    ['the support query', ['\x1b]7501;?\x1b\\'], [{ type: 'query', body: '?', start: 0, end: 10, terminator: 'st' }]],
    ['a query with pairs', ['\x1b]7501;?:v=1\x07'], [{ type: 'query', body: '?:v=1', start: 0, end: 13, terminator: 'bel' }]],
    ['not OSC 75010', ['\x1b]75010;state=idle\x07'], []],
    ['not OSC 7501 without its semicolon', ['\x1b]7501\x07'], []],
    ['not a report cut off by another sequence', ['\x1b]7501;state=idle\x1b[m'], []],
    ['not OSC 7501 wrapped in a DCS', ['\x1bPtmux;\x1b\x1b]7501;state=idle\x07\x1b\\'], []],
  ])('%s', (_name, chunks, expected) => {
    expect(eventsOf(...chunks)).toEqual(expected);
  });

  test('a runaway body is counted, not stored, and reported as oversize', () => {
    const body = 'a'.repeat(OSC7501_BODY_LIMIT + 10_000);
    const events = eventsOf('\x1b]7501;', body, '\x07');
    expect(events).toEqual([{ type: 'oversize', bodyLength: body.length, start: 0, end: 7 + body.length + 1, terminator: 'bel' }]);
  });

  test('a body exactly at the limit is still a report', () => {
    const body = 'b'.repeat(OSC7501_BODY_LIMIT);
    expect(eventsOf(`\x1b]7501;${body}\x1b\\`).map((e) => e.type)).toEqual(['report']);
  });
});
