import { describe, expect, it } from 'vitest';
import {
  CastWriter,
  formatEvent,
  outputBytes,
  outputChunks,
  parseCast,
  parseResize,
} from '../../src/recording/asciicast.js';

function recorder(header = { width: 80, height: 24, env: { TERM: 'xterm-256color' } }) {
  let text = '';
  let clock = 1_700_000_000_000;
  const w = new CastWriter(header, { sink: (l) => (text += l), now: () => clock });
  return {
    w,
    advance: (ms: number) => (clock += ms),
    text: () => text,
  };
}

const enc = new TextEncoder();

describe('asciicast v2 writer', () => {
  it('writes the header first with version, size, timestamp and env', () => {
    const r = recorder();
    const first = JSON.parse(r.text().split('\n')[0]!);
    expect(first).toEqual({ version: 2, width: 80, height: 24, timestamp: 1_700_000_000, env: { TERM: 'xterm-256color' } });
  });

  it('round-trips output, input and resize events', () => {
    const r = recorder();
    r.advance(250);
    r.w.output(enc.encode('hello \x1b[1mworld\x1b[0m\r\n'));
    r.advance(250);
    r.w.input('y');
    r.w.resize(120, 40);
    r.advance(1000);
    r.w.output('\x1b]7501;state=idle:app=claude-code\x07');
    r.w.close();
    const cast = parseCast(r.text());
    expect(cast.header.width).toBe(80);
    expect(cast.events).toEqual([
      { time: 0.25, type: 'o', data: 'hello \x1b[1mworld\x1b[0m\r\n' },
      { time: 0.5, type: 'i', data: 'y' },
      { time: 0.5, type: 'r', data: '120x40' },
      { time: 1.5, type: 'o', data: '\x1b]7501;state=idle:app=claude-code\x07' },
    ]);
    expect(new TextDecoder().decode(outputBytes(cast))).toBe(
      'hello \x1b[1mworld\x1b[0m\r\n\x1b]7501;state=idle:app=claude-code\x07',
    );
  });

  it('keeps a UTF-8 character split across reads whole', () => {
    const r = recorder();
    const bytes = enc.encode('a✻b🙂c'); // ✻ is 3 bytes, 🙂 is 4
    // Cut inside ✻ and inside 🙂.
    r.w.output(bytes.slice(0, 2));
    r.w.output(bytes.slice(2, 6));
    r.w.output(bytes.slice(6, 8));
    r.w.output(bytes.slice(8));
    r.w.close();
    const cast = parseCast(r.text());
    const text = cast.events.map((e) => e.data).join('');
    expect(text).toBe('a✻b🙂c');
    expect(text).not.toContain('\uFFFD');
    expect(outputBytes(cast)).toEqual(bytes);
    // The first read held only 'a' plus half of ✻: 'a' is written, the half waits.
    expect(cast.events[0]!.data).toBe('a');
  });

  it('writes nothing for a read that is only part of a character, and flushes leftovers on close', () => {
    const r = recorder();
    r.w.output(new Uint8Array([0xe2, 0x9c]));
    expect(r.text().split('\n').filter(Boolean)).toHaveLength(1); // header only
    r.w.close();
    const cast = parseCast(r.text());
    expect(cast.events).toHaveLength(1);
    expect(cast.events[0]!.data).toBe('\uFFFD');
    expect(() => r.w.output('x')).toThrow();
  });

  it('records resizes as COLSxROWS and parses them back', () => {
    const r = recorder();
    r.w.resize(200, 50);
    const cast = parseCast(r.text());
    expect(cast.events[0]).toEqual({ time: 0, type: 'r', data: '200x50' });
    expect(parseResize(cast.events[0]!.data)).toEqual({ cols: 200, rows: 50 });
    expect(parseResize('200 x 50')).toBeUndefined();
  });

  it('never lets time go backwards and honours explicit times', () => {
    const r = recorder();
    r.w.output('a', 2);
    r.w.output('b', 1);
    r.w.output('c', 3.1234567);
    const times = parseCast(r.text()).events.map((e) => e.time);
    expect(times).toEqual([2, 2, 3.123457]);
  });
});

describe('asciicast v2 reader', () => {
  it('parses a file written by asciinema, ignoring blank lines and unknown header keys', () => {
    const text =
      '{"version": 2, "width": 100, "height": 30, "timestamp": 1, "idle_time_limit": 2, "env": {"SHELL": "/bin/bash", "TERM": "xterm"}}\n' +
      '[0.1, "o", "$ "]\n\n' +
      '[0.2, "o", "\\u001b[32mok\\u001b[0m"]\n';
    const cast = parseCast(text);
    expect(cast.header.idle_time_limit).toBe(2);
    expect(cast.header.env?.TERM).toBe('xterm');
    expect(outputChunks(cast).map((c) => c.time)).toEqual([0.1, 0.2]);
    expect(new TextDecoder().decode(outputBytes(cast))).toBe('$ \x1b[32mok\x1b[0m');
  });

  it('rejects a bad header or a bad event line', () => {
    expect(() => parseCast('')).toThrow(/empty/);
    expect(() => parseCast('{"version":1,"width":80,"height":24}')).toThrow(/version 2/);
    expect(() => parseCast('{"version":2,"width":0,"height":24}')).toThrow(/width/);
    expect(() => parseCast('{"version":2,"width":80,"height":24}\n[1,"o"]')).toThrow(/line 2/);
    expect(() => parseCast('{"version":2,"width":80,"height":24}\nnope')).toThrow(/line 2/);
  });

  it('formats events as compact JSON arrays', () => {
    expect(formatEvent({ time: 1.5, type: 'o', data: '\x1b[0m' })).toBe('[1.5,"o","\\u001b[0m"]');
  });
});
