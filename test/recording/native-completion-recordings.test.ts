// Codex 0.171.0's own reports completed from its screen, on the real recordings (spec/signals.md, "Completing the
// agent's own report"): Codex reports `working`, `error` and `blocked` with no msg and no progress (its own reports are
// the recordings' native labels, checked here), while its screen shows the plan's count, the retry, the failure and
// the command. The expected completions are what each screen shows, read by eye (test/tools/cast-screens.mjs):
// `• Updated Plan · 1/3 complete`, `• Reconnecting... 2/3 (2s • esc to interrupt)`, `■ You’ve hit your usage limit. …
// try again at Dec 7th, 2026 12:52 AM.`, `$ touch build.log`. The replay is the live shim's policy on the recording's clock.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rulesForRecording } from '../../src/cli/classify-rules.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import { readLabels } from '../rules/helpers/recording-check.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = 'fixtures/codex/0.171.0';

interface Seen {
  state: string;
  kind?: string;
  msg?: string;
  progress?: number;
}

const plan = (done: number): Seen => ({ state: 'working', progress: Math.floor((done * 100) / 3), msg: `${done}/3` });
const retry = (n: number): Seen => ({ state: 'working', msg: `Reconnecting... ${n}/3` });

/** Per recording (80x24 and 120x32 alike): the completions the record gets, in order. */
const CASES: [string, Seen[]][] = [
  ['plan-progress', [plan(0), plan(1), plan(2), plan(3)]],
  ['usage-limit', [{ state: 'error', msg: 'usage limit · resets Dec 7th, 2026 12:52 AM' }]],
  ['quota-error', [{ state: 'error', msg: 'Quota exceeded. Check your plan and billing details.' }]],
  [
    'dropped-connection',
    [retry(1), retry(2), retry(3), { state: 'error', msg: 'stream disconnected before completion: Transport error: network error: error decoding response body' }],
  ],
  // Two 503s, then the answer: Codex retries the request without a word on screen; nothing to add.
  ['flaky-server', []],
  ['context-error', [{ state: 'error', msg: "Codex ran out of room in the model's context window. Start a new thread or clear earlier history before retrying." }]],
  ['shell-approve', [{ state: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log' }]],
];

const seen = (r: { state: string; kind?: string; msg?: string; progress?: number }): Seen => ({
  state: r.state,
  ...(r.kind === undefined ? {} : { kind: r.kind }),
  ...(r.msg === undefined ? {} : { msg: r.msg }),
  ...(r.progress === undefined ? {} : { progress: r.progress }),
});

describe("Codex 0.171.0's own reports completed from its screen", () => {
  test.each(CASES.flatMap(([name, want]) => ['80x24', '120x32'].map((size) => [`${name}-${size}`, want] as const)))('%s', async (name, want) => {
    const path = join(ROOT, DIR, `${name}.cast`);
    const recording = loadRecording(path);
    const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
    const { reports } = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle });
    const native = reports.filter((r) => r.source === 'native');
    // Codex's own reports pass as it made them: every one a label of the recording, none with a msg or progress.
    const own = native.filter((r) => r.completes !== true).map((r) => seen(r.report));
    const labels = readLabels(join(ROOT, DIR, `${name}.labels.jsonl`)).filter((l) => l.source === 'native');
    expect(own).toEqual(labels.map((l) => seen(l as never)));
    expect(own.every((r) => r.msg === undefined && r.progress === undefined)).toBe(true);
    // The completions: the agent's state (and kind) each time, never another; only msg and progress added.
    const completions: Seen[] = [];
    let last: Seen | undefined;
    for (const r of native) {
      if (r.completes !== true) {
        last = seen(r.report);
        continue;
      }
      expect(last, 'a completion follows a report of the agent’s own').toBeDefined();
      expect({ state: r.report.state, kind: r.report.kind }).toEqual({ state: last!.state, kind: last!.kind });
      completions.push(seen(r.report));
    }
    expect(completions).toEqual(want);
  });
});
