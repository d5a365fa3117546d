// The agents' own reports completed from their screens, on the real recordings (spec/signals.md, "Completing the
// agent's own report"). Codex 0.171.0 reports `working`, `error` and `blocked` with no msg and no progress, while its
// screen shows the plan's count, the retry, the failure and the command; Claude Code 2.1.332 reports its task list's
// progress without the count or the task, and a retry as bare `working`. The agents' own reports are the recordings'
// native labels (checked here). The expected completions are what each screen shows, read by eye
// (test/tools/cast-screens.mjs): `• Updated Plan · 1/3 complete`, `• Reconnecting... 2/3 (2s • esc to interrupt)`,
// `■ You’ve hit your usage limit. … try again at Dec 7th, 2026 12:52 AM.`, `$ touch build.log`; Claude Code's
// `✔ Read the parser` / `✔ Split the tokenizer out` / `◼ Run the tests`. The replay is the live shim's policy on the
// recording's clock.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rulesForRecording } from '../../src/cli/classify-rules.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import { readLabels } from '../rules/helpers/recording-check.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODEX = 'codex/0.171.0';
const CLAUDE = 'claude-code/2.1.332';

interface Seen {
  state: string;
  kind?: string;
  msg?: string;
  progress?: number;
}

const plan = (done: number): Seen => ({ state: 'working', progress: Math.floor((done * 100) / 3), msg: `${done}/3` });
const retry = (n: number): Seen => ({ state: 'working', msg: `Reconnecting... ${n}/3` });

/** Claude Code's own progress (rounded: 67) with the screen's count and the task in progress. */
const tasks = (progress: number, msg: string): Seen => ({ state: 'working', progress, msg });
const apiRetry = (wait: number, attempt: number): Seen => ({ state: 'working', msg: `API error · retrying in ${wait}s · attempt ${attempt}/10` });

/** Per recording (both sizes alike): the completions the record gets, in order. */
const CODEX_CASES: [string, Seen[]][] = [
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

const CLAUDE_CASES: [string, Seen[]][] = [
  [
    'task-list',
    [
      tasks(0, '0/1'),
      tasks(0, '0/2'),
      tasks(0, '0/3'),
      tasks(0, '0/3 · Read the parser'),
      tasks(33, '1/3'),
      tasks(33, '1/3 · Split the tokenizer out'),
      tasks(67, '2/3'),
      tasks(67, '2/3 · Run the tests'),
      tasks(100, '3/3'),
    ],
  ],
  // The retry's row, then (the answer streaming, the row gone) Claude Code's own bare `working` back.
  ['retry-server-error', [apiRetry(1, 1), apiRetry(2, 2), apiRetry(1, 2), { state: 'working' }]],
  // Claude Code says `1 shell still running`, then bare `working` when the shell ends: the screen, a sweep behind,
  // still shows the row, and adds nothing (the agent has just dropped that msg).
  ['background-bash', []],
];

const ALL = [
  ...CODEX_CASES.flatMap(([name, want]) => ['80x24', '120x32'].map((size) => [`${CODEX}/${name}-${size}`, want] as const)),
  ...CLAUDE_CASES.flatMap(([name, want]) => ['80x24', name === 'background-bash' ? '200x50' : '120x40'].map((size) => [`${CLAUDE}/${name}-${size}`, want] as const)),
];

const seen = (r: { state: string; kind?: string; msg?: string; progress?: number }): Seen => ({
  state: r.state,
  ...(r.kind === undefined ? {} : { kind: r.kind }),
  ...(r.msg === undefined ? {} : { msg: r.msg }),
  ...(r.progress === undefined ? {} : { progress: r.progress }),
});

describe("the agents' own reports completed from their screens", () => {
  test.each(ALL)('%s', async (name, want) => {
    const path = join(ROOT, 'fixtures', `${name}.cast`);
    const recording = loadRecording(path);
    const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
    const { reports } = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle });
    const native = reports.filter((r) => r.source === 'native');
    // The agent's own reports pass as it made them: every one a label of the recording (Codex's: none with a msg or progress).
    const own = native.filter((r) => r.completes !== true).map((r) => seen(r.report));
    const labels = readLabels(join(ROOT, 'fixtures', `${name}.labels.jsonl`)).filter((l) => l.source === 'native' && l.id === undefined);
    expect(own).toEqual(labels.map((l) => seen(l as never)));
    if (name.startsWith(CODEX)) expect(own.every((r) => r.msg === undefined && r.progress === undefined)).toBe(true);
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
