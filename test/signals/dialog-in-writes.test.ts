// A dialog drawn in several writes, replayed through the live shim's policy (SignalPolicy, ScreenClassifier,
// the bundled Claude Code rules) on a recording's clock: the report follows the dialog's text while the
// state stays blocked, under the rate limit, and ends on the message of the finished screen.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { replay } from '../../src/recording/replay.js';
import type { Recording } from '../../src/recording/recording.js';
import { bundledRules } from '../rules/helpers/screens.js';

const encoder = new TextEncoder();

/** The screen Claude Code 2.1.332 showed at the driver's blocked label of long-command-80x24 (checked by eye). */
function recordedDialog(): string[] {
  const text = readFileSync(new URL('../../fixtures/claude-code/2.1.332/long-command-80x24.screens.txt', import.meta.url), 'utf8');
  const section = text.split(/^=== /mu).find((s) => s.includes(' driver blocked'));
  if (section === undefined) throw new Error('no blocked screen in long-command-80x24.screens.txt');
  return section.split('\n').slice(1, 25).map((row) => row.trimEnd());
}

/** A full redraw of `rows` from the top left, as Ink draws a frame. */
const frame = (rows: readonly string[]): Uint8Array => encoder.encode(`\x1b[H\x1b[2J${rows.join('\r\n')}`);

const COMMAND =
  'mkdir -p build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks && touch build/reports/nightly/integration-suite/chromium-headless-shell/accessibility-and-layout-checks/summary.log';

describe('a dialog drawn in several writes', () => {
  test('the first blocked report goes at once, the finished message follows under the rate limit, the half-drawn one in between is never sent', async () => {
    const dialog = recordedDialog();
    const commandRows = dialog.flatMap((row, i) => (row.startsWith(' │ ') ? [i] : []));
    expect(commandRows).toHaveLength(3);
    const [second, third] = [commandRows[1] ?? 0, commandRows[2] ?? 0];
    // First the command's first row only, then two rows with a misread letter, then the finished frame.
    const firstDraw = dialog.filter((_, i) => i !== second && i !== third);
    const secondDraw = dialog.filter((_, i) => i !== third).map((row) => row.replace('integration-suit', 'integratoin-suit'));
    const recording: Recording = {
      cols: 80,
      rows: 24,
      timed: true,
      events: [
        { t: 1.0, type: 'output', bytes: frame(firstDraw) },
        { t: 1.1, type: 'output', bytes: frame(secondDraw) },
        { t: 1.2, type: 'output', bytes: frame(dialog) },
        { t: 3.0, type: 'output', bytes: encoder.encode('\x1b[24;1H') },
      ],
    };
    const result = await replay(recording, { rules: bundledRules('claude-code.toml') });
    const blocked = result.reports.filter((r) => r.report.state === 'blocked');
    expect(blocked.map((r) => r.report.msg)).toEqual([
      'approve Bash: mkdir -p build/reports/nightly/integration-suite/chromium-headless-shell/acc',
      `approve Bash: ${COMMAND}`,
    ]);
    // Reports on the recording's clock: the second waits for the rate limit (250 ms after the first).
    const [first, last] = blocked.map((r) => r.t);
    expect((last ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(0.25);
    expect(result.reports.at(-1)?.report).toMatchObject({ state: 'blocked', msg: `approve Bash: ${COMMAND}` });
  });

  test('the finished screen alone reads the whole command, as Claude Code reported it itself', async () => {
    const labels = readFileSync(new URL('../../fixtures/claude-code/2.1.332/long-command-80x24.labels.jsonl', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { state?: string; msg?: string; source: string });
    const native = labels.find((l) => l.source === 'native' && l.state === 'blocked');
    const recording: Recording = { cols: 80, rows: 24, timed: true, events: [{ t: 1, type: 'output', bytes: frame(recordedDialog()) }] };
    const result = await replay(recording, { rules: bundledRules('claude-code.toml') });
    expect(native?.msg).toBe(`approve Bash: ${COMMAND}`);
    expect(result.reports.map((r) => r.report.msg)).toEqual([native?.msg]);
  });
});
