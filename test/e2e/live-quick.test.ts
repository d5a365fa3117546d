// End to end: the quick live benchmark runs the fake agent through the real shim in a real PTY with a
// simulated user; the shim's own reports must catch every prompt and every turn end, and never say
// blocked while the agent works. Timing goals are the full benchmark's business (bench/live).
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { SHIM_DETECTOR } from '../../bench/live/detectors.js';
import { runLiveBenchmark, type LiveResult } from '../../bench/live/live.js';
import { QUICK_MODE } from '../../bench/live/modes.js';
import { formatReport } from '../../bench/live/table.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** The seed whose first turns hold permission prompts (seed 7: two in the third turn). */
const SEED = 7;
/** Hang guard for the session (it takes about 25 s); the session itself also has one. */
const SESSION_LIMIT_MS = 180_000;

let session: Promise<LiveResult> | undefined;
/** One session shared by the tests of this file. */
const quickSession = (): Promise<LiveResult> => (session ??= runLiveBenchmark(REPO, SEED, QUICK_MODE));

describe.skipIf(process.platform === 'win32')('live benchmark, quick mode (fake agent → osf7501 → supervisor)', () => {
  test(
    'osf7501 reports every permission prompt and every turn end, and never blocked while the agent works',
    async () => {
      const result = await quickSession();
      const report = formatReport(result).join('\n');
      const shim = result.scores.find((s) => s.name === SHIM_DETECTOR);
      const { truth, record } = result;
      expect(record.exitCode, report).toBe(0);
      expect(truth.prompts.length, report).toBeGreaterThan(0);
      expect(truth.turnEnds.length, report).toBe(QUICK_MODE.tasks);
      expect(record.tap.reports.length, `the shim sent no OSC 7501 report\n${report}`).toBeGreaterThan(0);
      expect(record.tap.rejected, report).toBe(0);
      expect(
        {
          promptsDetected: shim?.promptsDetected,
          turnEndsDetected: shim?.turnEndsDetected,
          falseBlockedSeconds: shim?.falseBlockedSeconds,
        },
        report,
      ).toEqual({ promptsDetected: truth.prompts.length, turnEndsDetected: truth.turnEnds.length, falseBlockedSeconds: 0 });
    },
    SESSION_LIMIT_MS,
  );

  test(
    'while a prompt is open, the blocked report is kind=permission and names the command',
    async () => {
      const { record, truth } = await quickSession();
      const shown = record.truth.filter((e) => e.state === 'blocked');
      const named = truth.prompts.map((p, i) => {
        const command = shown[i]?.command ?? '';
        const during = record.tap.reports.filter((r) => r.t >= p.shown && r.t <= p.answered && r.state === 'blocked');
        return { command, named: during.some((r) => r.kind === 'permission' && r.msg?.includes(command) === true) };
      });
      expect(named).toEqual(named.map(({ command }) => ({ command, named: true })));
    },
    SESSION_LIMIT_MS,
  );
});
