// The live screen client with its real shadow screen and rules: output waits for a sweep; a flood is read
// from its tail, once it is over — even when nothing follows the flood's last byte; a rule that backtracks
// past the time limit is cut off and dropped.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SweepResult } from '../../src/screen/screen-classifier.js';
// The screen module the client loads at its first read, loaded here already: under fake timers the test
// runner's own module loading would wait for a timer that never fires.
import '../../src/screen/screen-classifier.js';
import { SCREEN_BACKLOG_BYTES } from '../../src/screen/output-backlog.js';
import { ScreenClient, SWEEP_TIME_LIMIT_MS, VOLATILE_SWEEP_MS } from '../../src/session/screen-client.js';
import { loadRuleFile } from '../../src/rule-files/load.js';
import { compileRuleFile } from '../../src/rules/compile.js';
import { slowRuleFile } from '../rules/helpers/slow-rules.js';

const GENERIC = fileURLToPath(new URL('../../rules/generic.toml', import.meta.url));
const encoder = new TextEncoder();

const clients: ScreenClient[] = [];
function open(): { client: ScreenClient; faults: string[] } {
  const faults: string[] = [];
  const client = new ScreenClient({ cols: 80, rows: 24, rules: loadRuleFile(GENERIC), onFault: (m) => faults.push(m) });
  clients.push(client);
  return { client, faults };
}
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

/**
 * The sweep's answer once it came, while the event loop runs and the timers due now fire (the shadow
 * screen parses in zero-delay timeouts), or undefined: the fake clock never moves, so no timer that
 * waits for a time (the spinner's wait) can have fired.
 */
const answerNow = async (pending: Promise<SweepResult>): Promise<SweepResult | undefined> => {
  let result: SweepResult | undefined;
  void pending.then((r) => (result = r));
  for (let i = 0; i < 500 && result === undefined; i++) {
    vi.advanceTimersByTime(0);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return result;
};

describe('ScreenClient', () => {
  test('output fed before a sweep is read by it', async () => {
    const { client, faults } = open();
    client.feed(encoder.encode('some output\r\nPassword: '));
    const result = await client.sweep();
    expect(result.changed && result.classification).toMatchObject({ state: 'blocked', kind: 'auth', msg: 'Password:' });
    expect(faults).toEqual([]);
  });

  test('a sweep asked for in the middle of a flood reads the flood’s end, though no output follows it', async () => {
    const { client, faults } = open();
    const line = encoder.encode(`${'flood '.repeat(12)}\r\n`);
    for (let sent = 0; sent < 4 * SCREEN_BACKLOG_BYTES; sent += line.length) client.feed(line);
    client.feed(encoder.encode('Password: '));
    // Asked at once: the flood has not been quiet yet. The answer waits for it, and is not "unchanged".
    const result = await client.sweep();
    expect(result.changed).toBe(true);
    expect(result.changed && result.classification).toMatchObject({ state: 'blocked', kind: 'auth' });
    expect(result.changed && result.lines.at(-1)).toBe('Password:');
    expect(faults).toEqual([]);
  });

  test('the first sweep reads once output pauses: output that never pauses does not wait while the screen loads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { client, faults } = open();
      client.feed(encoder.encode('some output\r\n'));
      const pending = client.sweep();
      vi.advanceTimersByTime(20);
      client.feed(encoder.encode('Password: '));
      vi.advanceTimersByTime(20);
      expect(await answerNow(pending)).toBeUndefined(); // 20 ms since the last output
      vi.advanceTimersByTime(10);
      expect(await answerNow(pending)).toMatchObject({ changed: true, classification: { state: 'blocked', kind: 'auth' } });
      expect(faults).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('dispose answers a sweep still waiting for a flood to end', async () => {
    const { client } = open();
    const line = encoder.encode(`${'flood '.repeat(12)}\r\n`);
    for (let sent = 0; sent < 2 * SCREEN_BACKLOG_BYTES; sent += line.length) client.feed(line);
    const pending = client.sweep();
    client.dispose();
    await expect(pending).resolves.toEqual({ changed: false });
  });
});

describe('ScreenClient: a spinner-only sweep waits, a dialog never does', () => {
  const CLAUDE = fileURLToPath(new URL('../../rules/claude-code.toml', import.meta.url));
  const RULE = '─'.repeat(60);
  const frame = (i: number): Uint8Array =>
    encoder.encode(`\x1b7\x1b[18;1H${['·', '✢', '✳', '✶'][i % 4]} Pondering… (${i}s · esc to interrupt)\x1b[K\x1b8`);
  const dialog = encoder.encode(
    // Claude Code puts the dialog in place of its input box: everything from row 5 down is redrawn.
    `\x1b[5;1H\x1b[J${RULE}\x1b[6;1H Bash command\x1b[8;4Hrm -rf build\x1b[9;4HRemove the build folder` +
      `\x1b[11;2HDo you want to proceed?\x1b[12;2H❯ 1. Yes\x1b[13;4H2. No\x1b[15;2HEsc to cancel · Tab to amend`,
  );

  /** A client whose last sweep saw the spinner's row change while the screen stayed `working`. */
  async function spinning(): Promise<ScreenClient> {
    const client = new ScreenClient({ cols: 100, rows: 30, rules: loadRuleFile(CLAUDE), onFault: () => {} });
    clients.push(client);
    client.feed(encoder.encode(`\x1b[2J\x1b[H● Working on it\x1b[20;1H${RULE}\r\n❯ \r\n${RULE}\r\n  ? for shortcuts\x1b[21;3H`));
    client.feed(frame(0));
    expect(await client.sweep()).toMatchObject({ changed: true, classification: { state: 'working' } });
    client.feed(frame(1));
    expect(await client.sweep()).toMatchObject({ changed: true, classification: { state: 'working' } });
    return client;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  test('a sweep after a spinner frame waits for its time; a dialog drawn meanwhile is read at once', async () => {
    const client = await spinning();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.feed(frame(2));
    const pending = client.sweep();
    expect(await answerNow(pending)).toBeUndefined(); // waiting: only the spinner's row changed
    client.feed(dialog);
    // The dialog's rows ended the wait.
    expect(await answerNow(pending)).toMatchObject({ changed: true, classification: { state: 'blocked', kind: 'permission' } });
  });

  test(`a sweep that waits reads within ${VOLATILE_SWEEP_MS} ms, with every frame that came meanwhile`, async () => {
    const client = await spinning();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.feed(frame(2));
    const pending = client.sweep();
    client.feed(frame(3));
    expect(await answerNow(pending)).toBeUndefined();
    vi.advanceTimersByTime(VOLATILE_SWEEP_MS);
    const result = await answerNow(pending);
    expect(result).toMatchObject({ changed: true, classification: { state: 'working' } });
    expect(result?.changed && result.lines[17]).toBe('✶ Pondering… (3s · esc to interrupt)');
  });

  test('a 10 Hz spinner, asked for a sweep 40 ms after every frame as the policy does, is read once a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const client = new ScreenClient({ cols: 100, rows: 30, rules: loadRuleFile(CLAUDE), onFault: () => {} });
    clients.push(client);
    client.feed(encoder.encode(`\x1b[2J\x1b[H● Working on it\x1b[20;1H${RULE}\r\n❯ \r\n${RULE}\r\n  ? for shortcuts\x1b[21;3H`));
    const reads: Array<{ at: number; row: string | undefined }> = [];
    let pending: Promise<SweepResult> | undefined;
    /** Lets a read that started finish (the screen parses in zero-delay timeouts); notes it if it read. */
    const settle = async (): Promise<void> => {
      if (pending === undefined) return;
      const answer = await answerNow(pending);
      if (answer === undefined) return;
      if (answer.changed) reads.push({ at: performance.now(), row: answer.lines[17] });
      pending = undefined;
    };
    for (let i = 0; i < 45; i++) {
      client.feed(frame(i));
      vi.advanceTimersByTime(40);
      pending ??= client.sweep(); // one sweep at a time, as the policy asks
      await settle();
      // A waiting sweep's time may come before the next frame: its read finishes first, as it does live.
      for (let ms = 0; ms < 60; ms += 10) {
        vi.advanceTimersByTime(10);
        await settle();
      }
    }
    // The first two reads learn which row is the spinner's; from then on one read a second, each with the latest frame.
    const steady = reads.slice(2);
    expect(steady.length).toBe(4);
    expect(steady.slice(1).map((r, i) => r.at - (steady[i]?.at ?? 0))).toEqual([1000, 1000, 1000]);
    expect(steady.map((r) => r.row?.match(/\((\d+)s/u)?.[1])).toEqual(['11', '21', '31', '41']);
  });

  test('a frame that touches another row than the spinner is read at once', async () => {
    const client = await spinning();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.feed(encoder.encode('\x1b7\x1b[19;1Ha new row\x1b8'));
    expect(await answerNow(client.sweep())).toMatchObject({ changed: true, classification: { state: 'working' } });
  });

  test('output the client cannot follow (a mode, a scroll) is read at once', async () => {
    const client = await spinning();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.feed(frame(2));
    client.feed(encoder.encode('\x1b[?25l'));
    expect(await answerNow(client.sweep())).toMatchObject({ changed: true });
  });

  test('dispose answers a waiting sweep', async () => {
    const client = await spinning();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.feed(frame(2));
    const pending = client.sweep();
    client.dispose();
    await expect(pending).resolves.toEqual({ changed: false });
  });
});

describe('ScreenClient: a rule that cannot finish', () => {

  test('is dropped once; the sweep it stalled is answered by the rules after it, and later sweeps run without it', async () => {
    const faults: string[] = [];
    const dropped: unknown[] = [];
    const client = new ScreenClient({
      cols: 80,
      rows: 24,
      rules: compileRuleFile(slowRuleFile('^Proceed\\?'), 'slow.toml'),
      onFault: (m) => faults.push(m),
      onRuleDropped: (d) => dropped.push(d),
    });
    clients.push(client);
    client.feed(encoder.encode(`${'a'.repeat(40)}b\r\nProceed? `));
    const first = await client.sweep();
    expect(first.changed && first.classification).toMatchObject({ state: 'blocked', rule: 'proceed' });
    client.feed(encoder.encode(`\x1b[2J\x1b[H${'a'.repeat(40)}b\r\n`));
    const second = await client.sweep();
    expect(second.changed && second.classification).toMatchObject({ state: 'idle' });
    expect(dropped).toEqual([{ rule: 'catastrophic', file: 'slow.toml', limitMs: SWEEP_TIME_LIMIT_MS }]);
    expect(faults).toEqual([]);
  });
});
