// The report gate: child bytes in, reports submitted; what reaches the terminal, in which writes, and when.
// The gate runs for real (its scanner too); its clock is the `now` it is given, moved by the test.
import { describe, expect, test } from 'vitest';
import { GATE_RETRY_MS, ReportGate, SYNC_UPDATE_WAIT_MS } from '../../src/session/report-gate.js';
import type { Osc7501Event } from '../../src/stream/index.js';

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
const REPORT = '\x1b]7501;state=working:app=t\x1b\\';
const OTHER = '\x1b]7501;state=idle:app=t\x1b\\';

/** A gate on a clock the test moves; `writes` lists every write() as text. */
function gate(options: { onOsc7501?: (e: Osc7501Event) => void } = {}): { gate: ReportGate; writes: string[]; clock: { now: number } } {
  const writes: string[] = [];
  const clock = { now: 0 };
  return { gate: new ReportGate((bytes) => writes.push(text(bytes)), () => clock.now, options), writes, clock };
}

describe('between tokens', () => {
  test('a report submitted with nothing written yet goes out at once, in one write', () => {
    const g = gate();
    g.gate.submit(enc(REPORT));
    expect(g.writes).toEqual([REPORT]);
    expect(g.gate.nextRetry(10)).toBe(Infinity);
  });

  test('a report submitted after a complete chunk goes out at once, after it', () => {
    const g = gate();
    g.gate.passOutput(enc('hello \x1b[1mworld\x1b[0m\r\n'));
    g.gate.submit(enc(REPORT));
    expect(g.writes).toEqual(['hello \x1b[1mworld\x1b[0m\r\n', REPORT]);
  });
});

describe('inside an escape sequence', () => {
  test('a report waits while the stream stands inside a CSI, and goes at the first safe point of the next chunk', () => {
    const g = gate();
    g.gate.passOutput(enc('ab\x1b[3'));
    g.gate.submit(enc(REPORT));
    expect(g.writes).toEqual(['ab\x1b[3']);
    expect(g.gate.nextRetry(100)).toBe(100 + GATE_RETRY_MS);
    // The chunk ends inside another sequence: the report goes at the last safe point inside it.
    g.gate.passOutput(enc('1mcd\x1b]0;tit'));
    expect(g.writes).toEqual(['ab\x1b[3', '1mcd', REPORT, '\x1b]0;tit']);
    expect(g.gate.nextRetry(100)).toBe(Infinity);
  });

  test('a report waiting for a split UTF-8 character goes after its last byte', () => {
    const g = gate();
    const euro = enc('€'); // e2 82 ac
    g.gate.passOutput(euro.subarray(0, 1));
    g.gate.submit(enc(REPORT));
    expect(g.writes).toHaveLength(1);
    g.gate.passOutput(euro.subarray(1));
    expect(g.writes.slice(1)).toEqual([text(euro.subarray(1)), REPORT]);
  });

  test('retry() writes waiting reports once the stream is safe, and not before', () => {
    const g = gate();
    g.gate.passOutput(enc('\x1b[3'));
    g.gate.submit(enc(REPORT));
    g.gate.retry();
    expect(g.writes).toEqual(['\x1b[3']);
    g.gate.passOutput(enc('1m'));
    expect(g.writes).toEqual(['\x1b[3', '1m', REPORT]);
  });
});

describe('inside a synchronized update', () => {
  const BEGIN = '\x1b[?2026h';
  const END = '\x1b[?2026l';

  test('a report waits for the update to end, then goes right after it', () => {
    const g = gate();
    g.gate.passOutput(enc(`${BEGIN}frame`));
    g.gate.submit(enc(REPORT));
    g.gate.passOutput(enc('more'));
    expect(g.writes).toEqual([`${BEGIN}frame`, 'more']);
    g.gate.passOutput(enc(`rest${END}after`));
    expect(g.writes.slice(2)).toEqual([`rest${END}after`, REPORT]);
  });

  test(`after ${SYNC_UPDATE_WAIT_MS} ms the report goes at the next token boundary, even inside the update`, () => {
    const g = gate();
    g.gate.passOutput(enc(`${BEGIN}frame`));
    g.clock.now = 0;
    g.gate.submit(enc(REPORT));
    g.clock.now = SYNC_UPDATE_WAIT_MS - 1;
    g.gate.retry();
    expect(g.writes).toEqual([`${BEGIN}frame`]);
    g.clock.now = SYNC_UPDATE_WAIT_MS;
    g.gate.retry();
    expect(g.writes).toEqual([`${BEGIN}frame`, REPORT]);
  });
});

describe('order and limits', () => {
  test('reports waiting together go out in the order submitted, each in its own write', () => {
    const g = gate();
    g.gate.passOutput(enc('\x1b['));
    g.gate.submit(enc(REPORT));
    g.gate.submit(enc(OTHER));
    g.gate.passOutput(enc('m'));
    expect(g.writes).toEqual(['\x1b[', 'm', REPORT, OTHER]);
  });

  test('forceFlush() writes waiting reports wherever the stream stands (the child has exited)', () => {
    const g = gate();
    g.gate.passOutput(enc('\x1b]0;half a title'));
    g.gate.submit(enc(REPORT));
    g.gate.forceFlush();
    expect(g.writes).toEqual(['\x1b]0;half a title', REPORT]);
  });

  test('at most 16 reports wait: the oldest are dropped first', () => {
    const g = gate();
    g.gate.passOutput(enc('\x1b['));
    for (let i = 0; i < 20; i++) g.gate.submit(enc(`\x1b]7501;state=working:app=t${i}\x1b\\`));
    g.gate.forceFlush();
    expect(g.writes.slice(1)).toEqual(Array.from({ length: 16 }, (_, k) => `\x1b]7501;state=working:app=t${k + 4}\x1b\\`));
  });

  test("the child's bytes reach the terminal unchanged and in order around the reports", () => {
    const g = gate();
    const child = ['plain ', '\x1b[3', '1mred', '\x1b[0m \x1b]8;;http://x\x1b', '\\link\x1b]8;;\x1b\\', ' €'.slice(0, 2)];
    for (const [i, chunk] of child.entries()) {
      if (i % 2 === 1) g.gate.submit(enc(REPORT));
      g.gate.passOutput(enc(chunk));
    }
    g.gate.forceFlush();
    expect(g.writes.filter((w) => w !== REPORT).join('')).toBe(text(enc(child.join(''))));
    expect(g.writes.filter((w) => w === REPORT)).toHaveLength(3);
  });
});

test("the child's own OSC 7501 sequences reach onOsc7501 whether or not a report waits", () => {
  const events: Osc7501Event[] = [];
  const g = gate({ onOsc7501: (e) => events.push(e) });
  g.gate.passOutput(enc(`x${OTHER}y`));
  g.gate.passOutput(enc('\x1b['));
  g.gate.submit(enc(REPORT));
  g.gate.passOutput(enc('m\x1b]7501;?\x07'));
  expect(events.map((e) => [e.type, e.body])).toEqual([
    ['report', 'state=idle:app=t'],
    ['query', '?'],
  ]);
});

describe('output that went out before the gate existed (learn)', () => {
  test('writes nothing, and a report waits while the learned output left the stream inside a CSI', () => {
    const g = gate();
    g.gate.learn(enc('ab\x1b[3'));
    g.gate.submit(enc(REPORT));
    expect(g.writes).toEqual([]);
    g.gate.passOutput(enc('1mcd'));
    expect(g.writes).toEqual(['1mcd', REPORT]); // after the CSI's end, at the chunk's last safe point, as for output it wrote
  });

  test('a report submitted after learned complete output goes out at once', () => {
    const g = gate();
    g.gate.learn(enc('hello \x1b[1mworld\x1b[0m\r\n'));
    g.gate.submit(enc(REPORT));
    expect(g.writes).toEqual([REPORT]);
  });
});
