// The terminal's state as TerminalStateReader reads it from a real program in a real PTY (/proc and the real stty),
// and when it spawns stty: for a new foreground group, a change of its reading, output while the foreground reads (a
// `Password: ` after a `Username: `, asked by the same process that reads all along), output that moved the cursor to
// another row, and otherwise (output while nothing reads, the row kept) at most once per back-off step (1 s, doubling
// to 8 s), so a program that prints a line now and then spawns no stty per pause. The back-off runs on a clock the
// test steps; the program, the PTY and stty are real. Linux only (/proc, `stty -F`).
import { afterEach, describe, expect, test } from 'vitest';
import pty from 'node-pty';
import { STTY_BACKOFF_MAX_MS, STTY_BACKOFF_MIN_MS, TerminalStateReader } from '../../src/pty/terminal-state-reader.js';
import type { TerminalState } from '../../src/signals/terminal-state.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let running: pty.IPty | undefined;
afterEach(() => {
  running?.kill('SIGKILL');
  running = undefined;
});

interface Program {
  term: pty.IPty;
  output: () => string;
  reader: TerminalStateReader;
  /** The reader's clock (ms), stepped by the test. */
  clock: { now: number };
}

function start(script: string): Program {
  const term = pty.spawn('sh', ['-c', script], { cols: 80, rows: 24, env: { ...process.env } });
  running = term;
  let out = '';
  term.onData((d) => (out += d));
  const pts = (term as unknown as { _pty: string })._pty;
  const clock = { now: 0 };
  const reader = new TerminalStateReader({ childPid: () => term.pid, ptsPath: () => pts, now: () => clock.now });
  return { term, output: () => out, reader, clock };
}

/** Waits (a hang guard of 10 s, not a bound) until the program's output holds `text`. */
async function printed(p: Program, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!p.output().includes(text) && Date.now() < deadline) await sleep(20);
  expect(p.output()).toContain(text);
}

/** Reads (with the cursor's row `row`) until the program is seen reading the terminal; the last state. */
async function readingState(p: Program, row: string): Promise<TerminalState | undefined> {
  const deadline = Date.now() + 10_000;
  let state: TerminalState | undefined;
  while (Date.now() < deadline) {
    state = await p.reader.read(row);
    if (state?.reading === true) return state;
    await sleep(50);
  }
  return state;
}

describe.runIf(process.platform === 'linux')('TerminalStateReader on a real PTY (/proc, stty)', () => {
  test('one process asks a name, then a password with echo off: output while it reads is read with stty, echo off seen', async () => {
    const p = start('printf "Username: "; read u; stty -echo; printf "Password: "; read pw; stty echo; printf "\\nbye\\n"');
    await printed(p, 'Username: ');
    expect(await readingState(p, 'Username: ')).toEqual({ mode: 'canonical', echo: true, reading: true });
    const runs = p.reader.sttyRuns;
    // Polls while nothing happens spawn nothing.
    await p.reader.read('Username: ');
    await p.reader.read('Username: ');
    expect(p.reader.sttyRuns).toBe(runs);
    p.term.write('bob\r');
    await printed(p, 'Password: ');
    p.reader.stale(); // the output: `bob`, the newline, the new prompt
    // The same process, reading all along (it is hardly ever seen between the two reads), and the same row would not
    // do either: terraform asks `Enter a value:` for a plain and a sensitive variable alike.
    const state = await readingState(p, 'Username: ');
    expect(state).toEqual({ mode: 'canonical', echo: false, reading: true });
    expect(p.reader.sttyRuns).toBeGreaterThan(runs);
    p.term.write('secret\r');
    await printed(p, 'bye');
    expect(p.output()).not.toContain('secret');
  });

  test('output on the same row, the same group and reading: stty at most once per back-off step, which doubles to 8 s', async () => {
    // A build that prints a line now and then: the cursor on an empty row after each, reading nothing.
    const p = start('printf "ready\\n"; sleep 60');
    await printed(p, 'ready');
    await sleep(200); // sh has started sleep (its group's leader waits for it)
    const first = await p.reader.read('');
    expect(first).toMatchObject({ mode: 'canonical', echo: true });
    const spawnedAt: number[] = [];
    let runs = p.reader.sttyRuns;
    // Output every 250 ms for 40 s of the reader's clock, each followed by a read (the watch's poll after a pause).
    for (let t = 250; t <= 40_000; t += 250) {
      p.clock.now = t;
      p.reader.stale();
      expect(await p.reader.read('')).toEqual(first);
      if (p.reader.sttyRuns > runs) spawnedAt.push(t);
      runs = p.reader.sttyRuns;
    }
    const gaps = spawnedAt.map((t, i) => t - (spawnedAt[i - 1] ?? 0));
    expect(gaps.slice(0, 4)).toEqual([STTY_BACKOFF_MIN_MS, 2 * STTY_BACKOFF_MIN_MS, 4 * STTY_BACKOFF_MIN_MS, STTY_BACKOFF_MAX_MS]);
    expect(gaps.slice(4).every((gap) => gap === STTY_BACKOFF_MAX_MS)).toBe(true);
    // Without the back-off: one stty per pause, 160 of them.
    expect(spawnedAt.length).toBeLessThan(10);
    // A new row after output is read at once, and the back-off starts again.
    p.clock.now += 250;
    p.reader.stale();
    const before = p.reader.sttyRuns;
    await p.reader.read('Continue? ');
    expect(p.reader.sttyRuns).toBe(before + 1);
  });

  test('a change of the reading is read with stty at once, whatever the row and the back-off', async () => {
    const p = start('printf "go\\n"; read a; sleep 1; stty -echo; read b');
    await printed(p, 'go');
    expect(await readingState(p, '')).toEqual({ mode: 'canonical', echo: true, reading: true });
    p.term.write('x\r');
    p.reader.stale(); // the echo of `x`, then nothing more: the row stays empty and the clock does not move
    const deadline = Date.now() + 10_000;
    let state: TerminalState | undefined;
    let sawRunning = false;
    while (Date.now() < deadline && state?.echo !== false) {
      state = await p.reader.read('');
      if (state?.reading === false) sawRunning = true;
      await sleep(50);
    }
    expect(sawRunning).toBe(true);
    expect(state).toEqual({ mode: 'canonical', echo: false, reading: true });
  });
});
