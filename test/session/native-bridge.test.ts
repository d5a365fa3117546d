// The native bridge: the child's own OSC 7501 bytes in (through the real output scanner), the user's input in;
// what the child is sent, what it reads, and which of its reports count. The clock is the `now` it is given.
import { afterEach, describe, expect, test } from 'vitest';
import { NativeBridge, REPLY_WINDOW_MS } from '../../src/session/native-bridge.js';
import type { Report } from '../../src/protocol/index.js';
import { StreamScanner } from '../../src/stream/index.js';

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

let bridges: NativeBridge[] = [];
afterEach(() => {
  for (const b of bridges) b.dispose();
  bridges = [];
});

/** A bridge fed by a real scanner of the child's output; `toChild` lists what it typed into the child. */
function bridge(answerQueries = true): { output: (s: string) => void; input: (s: string) => string; toChild: string[]; reports: Report[]; clock: { now: number }; bridge: NativeBridge } {
  const toChild: string[] = [];
  const reports: Report[] = [];
  const clock = { now: 0 };
  const b = new NativeBridge({ answerQueries, now: () => clock.now, writeToChild: (bytes) => toChild.push(text(bytes)), onReport: (r) => reports.push(r) });
  bridges.push(b);
  const scanner = new StreamScanner({ onOsc7501: (e) => b.onOsc7501(e) });
  return {
    output: (s) => scanner.feed(enc(s)),
    input: (s) => text(b.filterInput(enc(s))),
    toChild,
    reports,
    clock,
    bridge: b,
  };
}

describe("the child's query", () => {
  test('is answered with its own bytes and terminator (ST)', () => {
    const b = bridge();
    b.output('before\x1b]7501;?\x1b\\after');
    expect(b.toChild).toEqual(['\x1b]7501;?\x1b\\']);
  });

  test('is answered with BEL when it ended with BEL, extra pairs kept', () => {
    const b = bridge();
    b.output('\x1b]7501;?:v=1\x07');
    expect(b.toChild).toEqual(['\x1b]7501;?:v=1\x07']);
  });

  test('is left to the outer terminal with --no-native: nothing is typed into the child', () => {
    const b = bridge(false);
    b.output('\x1b]7501;?\x1b\\');
    expect(b.toChild).toEqual([]);
    expect(b.input('\x1b]7501;?\x1b\\')).toBe('\x1b]7501;?\x1b\\');
  });
});

describe("the outer terminal's duplicate reply", () => {
  test('is cut from the user input once, within the reply window; the keys around it pass', () => {
    const b = bridge();
    b.output('\x1b]7501;?\x1b\\');
    b.clock.now = REPLY_WINDOW_MS - 1;
    expect(b.input('a\x1b]7501;?:ok=1\x1b\\b')).toBe('ab');
    expect(b.input('\x1b]7501;?\x1b\\')).toBe('\x1b]7501;?\x1b\\');
  });

  test('passes through after the reply window', () => {
    const b = bridge();
    b.output('\x1b]7501;?\x1b\\');
    b.clock.now = REPLY_WINDOW_MS + 1;
    expect(b.input('\x1b]7501;?\x1b\\')).toBe('\x1b]7501;?\x1b\\');
  });

  test('split across reads is held, then cut when it completes', () => {
    const b = bridge();
    b.output('\x1b]7501;?\x1b\\');
    expect(b.input('x\x1b]75')).toBe('x');
    expect(b.input('01;?\x1b\\y')).toBe('y');
    expect(b.toChild).toEqual(['\x1b]7501;?\x1b\\']);
  });

  test('held input that never completes a reply reaches the child (an Esc key press)', async () => {
    const b = bridge();
    b.output('\x1b]7501;?\x1b\\');
    expect(b.input('\x1b')).toBe('');
    for (const start = Date.now(); b.toChild.length < 2 && Date.now() - start < 5000; ) await new Promise((r) => setTimeout(r, 5));
    expect(b.toChild).toEqual(['\x1b]7501;?\x1b\\', '\x1b']);
  });

  test('held input goes to the child on dispose(), once', () => {
    const b = bridge();
    b.output('\x1b]7501;?\x1b\\');
    b.input('\x1b]7501');
    b.bridge.dispose();
    b.bridge.dispose();
    expect(b.toChild).toEqual(['\x1b]7501;?\x1b\\', '\x1b]7501']);
  });
});

describe("the child's reports", () => {
  test('a valid report is passed on, parsed; an invalid one is not', () => {
    const b = bridge();
    b.output('\x1b]7501;state=blocked:kind=permission:app=codex\x1b\\');
    b.output('\x1b]7501;state=nonsense\x1b\\');
    expect(b.reports).toEqual([{ state: 'blocked', kind: 'permission', app: 'codex' }]);
  });

  test('after dispose() nothing is answered or passed on', () => {
    const b = bridge();
    b.bridge.dispose();
    b.output('\x1b]7501;?\x1b\\\x1b]7501;state=idle:app=codex\x1b\\');
    expect(b.toChild).toEqual([]);
    expect(b.reports).toEqual([]);
  });
});
