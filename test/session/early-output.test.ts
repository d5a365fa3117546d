// The child's output while reporting loads (the child runs before reporting is built): written at once and
// kept (bounded), held from an OSC 7501 sequence on, handed over in order; what reaches the terminal and the taker.
import { describe, expect, test } from 'vitest';
import { EARLY_OUTPUT_LIMIT, EarlyOutput } from '../../src/session/early-output.js';
import { FLOOD_TAIL_BYTES, SCREEN_BACKLOG_BYTES } from '../../src/screen/output-backlog.js';

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/** An EarlyOutput whose terminal and throttle are lists the test reads. */
function early(): { out: EarlyOutput; terminal: string[]; throttle: string[] } {
  const terminal: string[] = [];
  const throttle: string[] = [];
  const out = new EarlyOutput({
    writeTerminal: (chunk) => terminal.push(text(chunk)),
    pause: () => throttle.push('pause'),
    resume: () => throttle.push('resume'),
  });
  return { out, terminal, throttle };
}

/** Hands `out` over to a taker that records what it learned, what was held and what came live. */
function handOver(out: EarlyOutput): { learned: string[]; held: string[]; live: string[] } {
  const seen = { learned: [] as string[], held: [] as string[], live: [] as string[] };
  out.handOver((written) => {
    seen.learned.push(...written.map(text));
    return { held: (chunk) => seen.held.push(text(chunk)), live: (chunk) => seen.live.push(text(chunk)) };
  });
  return seen;
}

describe('before reporting exists', () => {
  test('each chunk goes to the terminal at once; the taker learns copies of them in order, then takes the output', () => {
    const e = early();
    const reused = enc('one\r\n');
    e.out.write(reused);
    reused.set(enc('XXXX')); // the relay reuses its read buffer: the kept copy must not change
    e.out.write(enc('\x1b[1mtwo'));
    expect(e.terminal).toEqual(['one\r\n', '\x1b[1mtwo']);
    const seen = handOver(e.out);
    expect(seen.learned.join('')).toBe('one\r\n\x1b[1mtwo');
    e.out.write(enc('three'));
    expect(seen.held).toEqual([]);
    expect(seen.live).toEqual(['three']);
    expect(e.terminal).toEqual(['one\r\n', '\x1b[1mtwo']);
  });

  test('from the chunk that completes ESC ] 7501 (split across chunks) the output waits; the taker gets it as held', () => {
    const e = early();
    e.out.write(enc('ab\x1b]75'));
    e.out.write(enc('01;?\x07cd'));
    e.out.write(enc('ef'));
    expect(e.terminal).toEqual(['ab\x1b]75']);
    const seen = handOver(e.out);
    e.out.write(enc('gh'));
    expect(seen).toEqual({ learned: ['ab\x1b]75'], held: ['01;?\x07cd', 'ef'], live: ['gh'] });
  });

  test('ESC ] 7501 is found wherever it starts in a long stream of other escapes, split at every offset', () => {
    const before = '\x1b[32mok\x1b[0m text \x1b]0;t\x07 \x1b]75 \x1b]750 \x1b\x1b]'.repeat(50);
    const stream = `${before}\x1b]7501;?\x07tail`;
    const completes = before.length + 6; // the chunk holding this offset's byte completes the sequence
    for (let cut = 1; cut < stream.length; cut += 7) {
      const e = early();
      e.out.write(enc(stream.slice(0, cut)));
      e.out.write(enc(stream.slice(cut)));
      expect(e.terminal.join('')).toBe(cut >= completes ? '' : stream.slice(0, cut));
    }
    // One byte at a time: written up to the byte that completes the sequence, held from it on.
    const short = 'a]7501 \x1b[0m\x1b\x1b]750\x1b]7501;?\x07b';
    const e = early();
    for (const ch of short) e.out.write(enc(ch));
    expect(e.terminal.join('')).toBe(short.slice(0, short.indexOf('\x1b]7501') + 5));
    // `]7501` without its ESC is text.
    const plain = early();
    plain.out.write(enc(']7501;state=idle ]7501'));
    plain.out.write(enc(']7501'));
    expect(plain.terminal).toEqual([']7501;state=idle ]7501', ']7501']);
  });

  test('an ESC that breaks off a prefix may start the sequence itself; other OSCs pass', () => {
    const e = early();
    e.out.write(enc('\x1b]0;title\x07\x1b]7\x1b'));
    e.out.write(enc(']7501;state=idle\x07'));
    expect(e.terminal).toEqual(['\x1b]0;title\x07\x1b]7\x1b']);
    expect(handOver(e.out).held).toEqual([']7501;state=idle\x07']);
  });

  test('release (no reporting after all): held output goes to the terminal, and all output after it', () => {
    const e = early();
    e.out.write(enc('a'));
    e.out.write(enc('\x1b]7501;?\x07'));
    e.out.release();
    e.out.write(enc('b'));
    expect(e.terminal).toEqual(['a', '\x1b]7501;?\x07', 'b']);
    e.out.release();
    expect(handOver(e.out)).toEqual({ learned: [], held: [], live: [] });
  });

  test('a taker that fails to start: the held output reaches the terminal, the failure goes on to the caller', () => {
    const e = early();
    e.out.write(enc('\x1b]7501;?\x07'));
    expect(() =>
      e.out.handOver(() => {
        throw new Error('no rules');
      }),
    ).toThrow('no rules');
    e.out.write(enc('after'));
    expect(e.terminal).toEqual(['\x1b]7501;?\x07', 'after']);
  });

  test('past the limit of held bytes the child is not read until the handover', () => {
    const e = early();
    e.out.write(enc('\x1b]7501;?\x07'));
    const chunk = new Uint8Array(EARLY_OUTPUT_LIMIT / 4).fill(0x41);
    for (let i = 0; i < 3; i++) e.out.write(chunk);
    expect(e.throttle).toEqual([]);
    e.out.write(chunk);
    expect(e.throttle).toEqual(['pause']);
    const seen = handOver(e.out);
    expect(seen.held).toHaveLength(5);
    expect(e.throttle).toEqual(['pause', 'resume']);
  });

  test('written output is kept whole up to the screen\'s backlog, past it only its tail; reading never stops for it', () => {
    const e = early();
    const piece = (n: number): Uint8Array => enc(`${String(n).padStart(7, '0')}\r\n`); // 9 bytes
    let all = '';
    for (let n = 0; all.length <= SCREEN_BACKLOG_BYTES * 3; n++) {
      e.out.write(piece(n));
      all += text(piece(n));
    }
    expect(e.throttle).toEqual([]);
    expect(e.terminal.join('')).toBe(all);
    expect(handOver(e.out).learned).toEqual([all.slice(-FLOOD_TAIL_BYTES)]);
    const whole = early();
    whole.out.write(enc('a'.repeat(SCREEN_BACKLOG_BYTES - 1)));
    whole.out.write(enc('b'));
    expect(handOver(whole.out).learned).toEqual(['a'.repeat(SCREEN_BACKLOG_BYTES - 1) + 'b']);
  });

  test('lastOutputAt follows each chunk; osc7501 resolves with the chunk that completes the sequence', async () => {
    const e = early();
    expect(e.out.lastOutputAt).toBe(0);
    let asked = false;
    void e.out.osc7501.then(() => (asked = true));
    e.out.write(enc('plain \x1b]0;title\x07'));
    const first = e.out.lastOutputAt;
    expect(first).toBeGreaterThan(0);
    await Promise.resolve();
    expect(asked).toBe(false);
    e.out.write(enc('\x1b]7501;?\x07'));
    expect(e.out.lastOutputAt).toBeGreaterThanOrEqual(first);
    await e.out.osc7501;
    expect(asked).toBe(true);
  });

  test('firstOutput resolves with the first chunk, written or held, not before', async () => {
    const e = early();
    let first = false;
    void e.out.firstOutput.then(() => (first = true));
    await Promise.resolve();
    expect(first).toBe(false);
    e.out.write(enc('\x1b]7501;?\x07'));
    await e.out.firstOutput;
    expect(first).toBe(true);
    expect(e.terminal).toEqual([]);
  });
});
