import { describe, expect, test } from 'vitest';
import { encodeReport, SCREEN_STRING_MAX_BYTES, wrapForScreen, wrapForTmux } from '../../src/protocol/index.js';
import { bytesOf, ESC, latin1, osc } from './helpers.js';

const seq = bytesOf(osc('state=idle:app=x'));

describe('wrapForTmux', () => {
  test('wraps once with every ESC doubled', () => {
    expect(latin1(wrapForTmux(seq))).toBe(`${ESC}Ptmux;${ESC}${ESC}]7501;state=idle:app=x${ESC}${ESC}\\${ESC}\\`);
  });

  test('wraps twice for nested tmux, doubling the inner wrap again', () => {
    const inner = `${ESC}${ESC}${ESC}${ESC}]7501;state=idle:app=x${ESC}${ESC}${ESC}${ESC}\\`;
    expect(latin1(wrapForTmux(seq, 2))).toBe(`${ESC}Ptmux;${ESC}${ESC}Ptmux;${inner}${ESC}${ESC}\\${ESC}\\`);
  });

  test('zero levels returns an unwrapped copy', () => {
    const out = wrapForTmux(seq, 0);
    expect(out).toEqual(seq);
    expect(out).not.toBe(seq);
  });

  test.each([-1, 1.5, Number.NaN])('refuses %s levels', (levels) => {
    expect(() => wrapForTmux(seq, levels)).toThrow(RangeError);
  });
});

describe('wrapForScreen', () => {
  test('wraps in one DCS and ends the inner OSC with BEL (screen ends its DCS at the first ST)', () => {
    expect(latin1(wrapForScreen(seq))).toBe(`${ESC}P${ESC}]7501;state=idle:app=x\u0007${ESC}\\`);
  });

  test('keeps a BEL terminator as it is', () => {
    const bel = bytesOf(osc('state=idle:app=x', 'bel'));
    expect(latin1(wrapForScreen(bel))).toBe(`${ESC}P${latin1(bel)}${ESC}\\`);
  });

  test('splits a long sequence into DCS strings screen can hold', () => {
    const long = encodeReport({ state: 'idle', app: 'x', msg: 'm'.repeat(2048) }, { msgBudgetBytes: 2048 });
    if (!long.ok) throw new Error(long.reason.message);
    const wrapped = latin1(wrapForScreen(long.bytes));
    const chunks = wrapped.split(`${ESC}\\`).filter((chunk) => chunk !== '');
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.startsWith(`${ESC}P`)).toBe(true);
      expect(chunk.length - 2).toBeLessThanOrEqual(SCREEN_STRING_MAX_BYTES);
    }
    const joined = chunks.map((chunk) => chunk.slice(2)).join('');
    expect(joined).toBe(`${latin1(long.bytes).slice(0, -2)}\u0007`);
  });
});
