// Issue 28 on real recordings of the agents other than Claude Code: a plan or todo list the agent keeps on screen
// gives working reports with progress (done/total) and the msg `done/total[ · task in progress]`; a failure that
// stops a turn reads error with what happened (and when a usage limit resets, where the screen says it); a retry
// in progress stays working and says so. The expected reports are what each screen shows, read by eye from the
// recordings' .screens.txt and `test/tools/cast-screens.mjs`; the replay is the screen rules alone (--screen-only:
// the rules' own reading; Codex's own reports, completed with it, in test/recording/native-completion-recordings.test.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rulesForRecording } from '../../src/cli/classify-rules.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Seen {
  state: string;
  kind?: string;
  /** The msg exactly, or a pattern (a mock's port in a URL). */
  msg?: string | RegExp;
  progress?: number;
}

/** Reports expected in this order (others may come between: a msg redrawn, a screen between two states). */
const CASES: [string, Seen[]][] = [
  // Codex 0.171.0: `• Updated Plan · 1/3 complete` over `└ □ …` / `✔ …` rows; the step in progress has no glyph of its own.
  ...['80x24', '120x32'].map((size): [string, Seen[]] => [
    `codex/0.171.0/plan-progress-${size}`,
    [
      { state: 'working' },
      { state: 'working', progress: 0, msg: '0/3' },
      { state: 'working', progress: 33, msg: '1/3' },
      { state: 'working', progress: 66, msg: '2/3' },
      { state: 'working', progress: 100, msg: '3/3' },
      { state: 'done' },
    ],
  ]),
  ...['80x24', '120x32'].flatMap((size): [string, Seen[]][] => [
    [`codex/0.171.0/usage-limit-${size}`, [{ state: 'working' }, { state: 'error', msg: /^usage limit · resets Dec 7th, 2026 12:\d\d AM$/u }]],
    [`codex/0.171.0/quota-error-${size}`, [{ state: 'working' }, { state: 'error', msg: 'Quota exceeded. Check your plan and billing details.' }]],
    [
      `codex/0.171.0/context-error-${size}`,
      [{ state: 'working' }, { state: 'error', msg: "Codex ran out of room in the model's context window. Start a new thread or clear earlier history before retrying." }],
    ],
    [
      `codex/0.171.0/server-error-${size}`,
      [
        { state: 'working' },
        { state: 'working', msg: 'Reconnecting... 1/3' },
        { state: 'working', msg: 'Reconnecting... 2/3' },
        { state: 'working', msg: 'Reconnecting... 3/3' },
        { state: 'error', msg: /^unexpected status 503 Service Unavailable: The server is overloaded \(mock 503\)\., url: http:\/\/127\.0\.0\.1:\d+\/v1\/responses$/u },
      ],
    ],
    [
      `codex/0.171.0/dropped-connection-${size}`,
      [
        { state: 'working' },
        { state: 'working', msg: 'Reconnecting... 1/3' },
        { state: 'working', msg: 'Reconnecting... 2/3' },
        { state: 'working', msg: 'Reconnecting... 3/3' },
        { state: 'error', msg: 'stream disconnected before completion: Transport error: network error: error decoding response body' },
      ],
    ],
    // Two 503s then the answer: Codex retries the request itself without a word on screen (no Reconnecting row).
    [`codex/0.171.0/flaky-server-${size}`, [{ state: 'working' }, { state: 'done' }]],
  ]),
  // Gemini CLI 0.61.0 (gemini-2.5-pro: write_todos): its first WriteTodos asks (allowed for the session), then the
  // tray ` Todo  1/3 completed (Ctrl+T to toggle) » Split the tokenizer out`; with nothing left open the tray goes.
  ...['80x24', '120x32'].map((size): [string, Seen[]] => [
    `gemini-cli/0.61.0/plan-progress-${size}`,
    [
      { state: 'working' },
      { state: 'blocked' },
      { state: 'working', progress: 0, msg: '0/3 · Read the parser' },
      { state: 'working', progress: 33, msg: '1/3 · Split the tokenizer out' },
      { state: 'working', progress: 66, msg: '2/3 · Run the tests' },
      { state: 'done' },
    ],
  ]),
  ...['80x24', '120x32'].flatMap((size): [string, Seen[]][] => [
    // A per-day quota: the box `Usage limit reached for all Pro models.` over `1. Keep trying` / `2. Stop`.
    [`gemini-cli/0.61.0/usage-limit-${size}`, [{ state: 'working' }, { state: 'error', msg: 'Usage limit reached for all Pro models' }]],
    [
      `gemini-cli/0.61.0/context-error-${size}`,
      [{ state: 'working' }, { state: 'error', msg: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576). (mock 400)' }],
    ],
    [`gemini-cli/0.61.0/dropped-connection-${size}`, [{ state: 'working' }, { state: 'error', msg: '[API Error: terminated]' }]],
  ]),
  // Two 503s, retried with nothing on screen but `Thinking... (esc to cancel, 12s)`: working all along, then done.
  ['gemini-cli/0.61.0/flaky-server-80x24', [{ state: 'working' }, { state: 'done' }]],
  // Qwen Code 0.24.4 (tools.todoWrite.enabled): `✓ TodoList Update todos` over `●︎` done, `◐︎` in progress, `○︎` rows.
  ...['80x24', '120x32'].map((size): [string, Seen[]] => [
    `qwen-code/0.24.4/plan-progress-${size}`,
    [
      { state: 'working' },
      { state: 'working', progress: 0, msg: '0/3 · Read the parser' },
      { state: 'working', progress: 33, msg: '1/3 · Split the tokenizer out' },
      { state: 'working', progress: 66, msg: '2/3 · Run the tests' },
      { state: 'working', progress: 100, msg: '3/3' },
      { state: 'done' },
    ],
  ]),
  ...['80x24', '120x32'].map((size): [string, Seen[]] => [
    `qwen-code/0.24.4/context-error-${size}`,
    [{ state: 'working' }, { state: 'error', msg: "API Error: 400 This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens. Please reduce the length of the messages. (mock 400)" }],
  ]),
  ...['80x24', '120x32'].flatMap((size): [string, Seen[]][] => [
    // A 429 whose message says when the quota resets: `✕ Quota exhausted: …` once the API client's retries are spent.
    [
      `qwen-code/0.24.4/quota-reset-${size}`,
      [{ state: 'working' }, { state: 'error', msg: 'Quota exhausted: Free allocated quota exceeded: the daily quota is exhausted and will reset at 00:00 UTC. (mock 429)' }],
    ],
    // A rate limit inside the stream, once: Qwen's countdown `↻ Retrying in 2 seconds… (attempt 1/2)`, then the answer.
    [
      `qwen-code/0.24.4/stream-rate-limit-${size}`,
      [
        { state: 'working' },
        { state: 'working', msg: 'Retrying in 2 seconds… (attempt 1/2)' },
        { state: 'working', msg: 'Retrying in 1 seconds… (attempt 1/2)' },
        { state: 'done' },
      ],
    ],
    // The same at every attempt: the countdown for attempt 1/2 and 2/2, then the error once the retries are spent.
    [
      `qwen-code/0.24.4/stream-rate-limit-spent-${size}`,
      [
        { state: 'working' },
        { state: 'working', msg: 'Retrying in 2 seconds… (attempt 1/2)' },
        { state: 'working', msg: 'Retrying in 4 seconds… (attempt 2/2)' },
        { state: 'working', msg: 'Retrying in 1 seconds… (attempt 2/2)' },
        { state: 'error', msg: 'API Error: Rate limit reached for requests per min. Please try again in 5s. (mock stream error)' },
      ],
    ],
    // A 429 rate limit (Retry-After: 5) answered to every request: retried with only the spinner on screen, no error.
    [`qwen-code/0.24.4/rate-limit-${size}`, [{ state: 'working' }]],
  ]),
  // OpenCode 1.18.33 (todowrite): `┃  # Todos` over `[✓]`, `[•]`, `[ ]` rows.
  ...['80x24', '120x32'].map((size): [string, Seen[]] => [
    `opencode/1.18.33/plan-progress-${size}`,
    [
      { state: 'working' },
      { state: 'working', progress: 0, msg: '0/3 · Read the parser' },
      { state: 'working', progress: 33, msg: '1/3 · Split the tokenizer out' },
      { state: 'working', progress: 66, msg: '2/3 · Run the tests' },
      { state: 'working', progress: 100, msg: '3/3' },
      { state: 'done' },
    ],
  ]),
  // Copilot CLI 1.0.102: a 429 quota, retried 5 times over 106 s with nothing but `◉ Working` on screen, then
  // `✗ Failed to get response from the AI model; retried 5 times (…) Last error: 429 You exceeded your current quota, plea`
  // (Copilot's own wrap drops the `se` of `please`).
  [
    'copilot/1.0.102/quota-error-80x24',
    [
      { state: 'working' },
      { state: 'error', msg: /^Failed to get response from the AI model; retried 5 times \(total retry wait time: [\d.]+ seconds\) Last error: 429 You exceeded your current quota, plea check your plan and billing details\. \(mock 429\)$/u },
    ],
  ],
];

/**
 * Known flaw, asserted as it is so that a fix shows: Qwen Code draws each TodoList in two frames, its first rows
 * and then the last one 0.25–0.33 s later, every frame whole (status row and input box drawn); the rules read the
 * list as the screen shows it, so a report of the shorter list goes out between (`0/2 · Read the parser` before
 * `0/3 · …`, and `2/2` between `1/3` and `2/3`).
 */
const KNOWN_SHORT_LISTS: [string, Seen[]][] = ['80x24', '120x32'].map((size) => [
  `qwen-code/0.24.4/plan-progress-${size}`,
  [
    { state: 'working', progress: 0, msg: '0/2 · Read the parser' },
    { state: 'working', progress: 0, msg: '0/3 · Read the parser' },
    { state: 'working', progress: 100, msg: '2/2' },
    { state: 'working', progress: 66, msg: '2/3 · Run the tests' },
  ],
]);

const msgIs = (got: string | RegExp | undefined, want: string | RegExp | undefined): boolean =>
  want === undefined || (typeof want === 'string' ? got === want : typeof got === 'string' && want.test(got));

function subsequence(reports: readonly Seen[], wanted: readonly Seen[]): number {
  let i = 0;
  for (const r of reports) {
    const w = wanted[i];
    if (w === undefined) break;
    const same = r.state === w.state && (w.kind === undefined || r.kind === w.kind) && msgIs(r.msg, w.msg) && (w.progress === undefined || r.progress === w.progress);
    if (same) i++;
  }
  return i;
}

async function reportsOf(name: string): Promise<Seen[]> {
  const path = join(ROOT, 'fixtures', `${name}.cast`);
  expect(existsSync(path), path).toBe(true);
  const recording = loadRecording(path);
  const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
  const result = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle, screenOnly: true });
  return result.reports.map(({ report }) => ({
    state: report.state,
    ...(report.kind === undefined ? {} : { kind: report.kind }),
    ...(report.msg === undefined ? {} : { msg: report.msg }),
    ...(report.progress === undefined ? {} : { progress: report.progress }),
  }));
}

describe('plans and failures on the agents’ recordings', () => {
  test.each(KNOWN_SHORT_LISTS)('%s: the known flaw (a list drawn in two frames)', async (name, wanted) => {
    const reports = await reportsOf(name);
    expect(subsequence(reports, wanted), JSON.stringify(reports)).toBe(wanted.length);
  });

  // A retry that is still going is no failure: Qwen Code retrying a rate limit without a word reads no error.
  test.each(['80x24', '120x32'])('qwen-code/0.24.4/rate-limit-%s: no error while it retries', async (size) => {
    const reports = await reportsOf(`qwen-code/0.24.4/rate-limit-${size}`);
    expect(reports.filter((r) => r.state === 'error'), JSON.stringify(reports)).toEqual([]);
  });

  test.each(CASES)('%s', async (name, wanted) => {
    const reports = await reportsOf(name);
    const matched = subsequence(reports, wanted);
    expect(matched, `${name}: got ${JSON.stringify(reports)}; the first not seen: ${JSON.stringify(wanted[matched])}`).toBe(wanted.length);
  });
});
