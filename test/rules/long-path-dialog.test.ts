// Issue 31: a permission dialog whose path wraps at 80 columns reads the path the program drew. Real Claude Code
// 2.1.332 sessions (fixtures/claude-code/2.1.332/long-path-*): a Write to
// `data/exports/anon/2026/december/customer-feedback/anonymised-survey-responses-summary.txt`, drawn at 80 columns
// from the start, or drawn wider (100, 120 columns) and redrawn when the terminal is narrowed to 80 while the
// dialog is up; and a Bash command with a long `…/anon/…` path. The truth is Claude Code's own report (the
// absolute path): the screen's msg must be that path as drawn (Claude Code shortens it to `…/anon/…` at 80
// columns), never a torn one (`…/anos/…`, which @xterm/headless 5.5 drew on a real session), and the same
// dialog drawn by the same cursor moves must read the same message however the bytes are cut.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ShadowScreen } from '../../src/screen/shadow-screen.js';
import { frameAt, readCast, replayScreens, type Cast, type Frame } from './helpers/cast.js';
import { readLabels } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/claude-code/2.1.332', import.meta.url));
const claude = bundledRules('claude-code.toml');

/** The path as Claude Code draws it in an 80-column dialog, and the command of the Bash dialog. */
const SHORTENED = '…/anon/2026/december/customer-feedback/anonymised-survey-responses-summary.txt';
const COMMAND = 'wc -l /srv/research/customer-feedback/exports/anon/2026-12/anonymised-survey-responses-batch-07.csv';

/** The msg the rules read at Claude Code's own last blocked report (the dialog as it stands then), and that report's msg. */
async function blockedMsg(name: string, cutEvery?: number): Promise<{ ours: string | undefined; theirs: string | undefined }> {
  const file = join(FIXTURES, `${name}.cast`);
  const cast = readCast(file);
  const labels = readLabels(file.replace(/\.cast$/u, '.labels.jsonl'));
  const native = labels.filter((l) => l.source === 'native' && l.state === 'blocked').at(-1);
  const driver = labels.filter((l) => l.source === 'driver' && l.state === 'blocked').at(-1);
  if (native === undefined || driver === undefined) throw new Error(`${name}: no blocked report or label`);
  const frames = cutEvery === undefined ? await replayScreens(cast) : await replayCut(cast, cutEvery);
  const frame = frameAt(frames, driver.t);
  if (frame === undefined) throw new Error(`${name}: no screen at ${driver.t}`);
  const verdict = claude.classify(frame.lines, undefined, { width: frame.cols, softWrapped: frame.softWrapped });
  expect(verdict.state).toBe('blocked');
  return { ours: verdict.msg, theirs: native.msg };
}

/**
 * Every screen of the recording, each output event written in pieces of `size` characters (escape sequences and
 * UTF-8 characters split across writes, as PTY reads split them) and read once it is all written.
 */
async function replayCut(cast: Cast, size: number): Promise<Frame[]> {
  const screen = new ShadowScreen({ cols: cast.cols, rows: cast.rows });
  const encoder = new TextEncoder();
  const frames: Frame[] = [];
  let cols = cast.cols;
  try {
    for (const event of cast.events) {
      if (event.kind === 'r') {
        screen.resize(event.cols, event.rows);
        cols = event.cols;
        continue;
      }
      const bytes = encoder.encode(event.data);
      for (let i = 0; i < bytes.length; i += size) screen.write(bytes.subarray(i, i + size));
      await screen.flush();
      frames.push({ t: event.t, lines: screen.visibleLines(), cols, softWrapped: screen.softWrappedRows() });
    }
  } finally {
    screen.dispose();
  }
  return frames;
}

describe('a long path in a permission dialog at 80 columns (Claude Code 2.1.332)', () => {
  test.each(['long-path-write-80x24', 'long-path-resize-100x30', 'long-path-resize-120x32'])(
    '%s reads the path Claude Code drew, the tail of its own report',
    async (name) => {
      const { ours, theirs } = await blockedMsg(name);
      expect(ours).toBe(`approve Write: ${SHORTENED}`);
      expect(theirs?.endsWith(SHORTENED.slice(1))).toBe(true);
    },
  );

  test('at 60 columns Claude Code shortens the path further: the msg is what it drew', async () => {
    const { ours, theirs } = await blockedMsg('long-path-write-60x15');
    expect(ours).toBe('approve Write: …customer-feedback/anonymised-survey-responses-summary.txt');
    expect(theirs?.endsWith('/customer-feedback/anonymised-survey-responses-summary.txt')).toBe(true);
  });

  // At 60x15 the dialog's title has scrolled off and the command wraps inside its box: the rows are joined.
  test.each(['long-path-bash-80x24', 'long-path-bash-60x15'])('%s: the Bash dialog reads the whole command, as Claude Code reports it', async (name) => {
    const { ours, theirs } = await blockedMsg(name);
    expect(ours).toBe(`approve Bash: ${COMMAND}`);
    expect(theirs).toBe(`approve Bash: ${COMMAND}`);
  });

  test.each([1, 3, 7])('the same bytes written %i at a time read the same messages', async (size) => {
    for (const name of ['long-path-write-80x24', 'long-path-resize-100x30']) {
      expect((await blockedMsg(name, size)).ours).toBe(`approve Write: ${SHORTENED}`);
    }
  });
});
