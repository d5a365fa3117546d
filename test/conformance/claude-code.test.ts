// Conformance of the replay path on every Claude Code recording in fixtures/claude-code: every labelled moment
// fed whole and in random chunks (test/conformance/conformance.ts describes the checks and the moments), the
// shim's timelines, and xterm.js #6003.
//
// Known judgement calls, as the fixtures README describes them:
//   - 2.1.150 auth-error: the driver labels `blocked:auth` for the `Invalid API key` line above the idle
//     prompt (the turn is over; Claude Code 2.1.332 reports exactly that as blocked:auth, msg
//     `Invalid API key · Fix external API key`), so the screen must say blocked:auth until the user types.
//   - the fullscreen upsell: Claude Code reports `blocked` with no kind; the rules call it question.
//   - start-up dialogs (trust, upsell): Claude Code reports `clear`/`idle` when they close; the status
//     tracker counts a blocked state as a turn and reports `done` there. Idle after such a dialog is
//     checked on the screen (idle), and those recordings are left out of the native-sequence check below.
//
// xterm.js #6003 (fixed upstream by #6004, not in @xterm/headless 5.5.0): a write that ends inside a
// UTF-8 character whose held-back bytes include a 0x80 continuation byte (`…` E2 80 A6, `—` E2 80 94,
// curly quotes, `•`) loses the character. ShadowScreen carries partial characters itself; the test
// below cuts a real recording at exactly those places (conformance.ts `splitAtXterm6003`).
import { describe, expect, test } from 'vitest';
import { agentById, readFixtureLabels, type Fixture } from '../../bench/compare/moments.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import { describeConformance, describeTimelines, describeXterm6003, loadAgent, timeline } from './conformance.js';

const CLAUDE = agentById('claude-code');
const { fixtures, rules: RULES } = loadAgent(CLAUDE);

describeConformance(CLAUDE);

// A read that ends inside `…` after its 0x80 byte still shows the `…`.
describeXterm6003(CLAUDE, '2.1.332/slow-answer-80x24');

describeTimelines(CLAUDE, [
  [
    '2.1.332/bash-approve-80x24',
    ['idle', 'working', 'blocked:permission approve Bash: touch build.log', 'working', 'done'],
  ],
  ['2.1.332/bash-deny-80x24', ['idle', 'working', 'blocked:permission approve Bash: npm test', 'idle']],
  ['2.1.332/interrupt-120x40', ['idle', 'working', 'idle']],
  [
    '2.1.332/question-80x24-noanswer',
    ['idle', 'working', 'blocked:question answer: Which database should the service use?', 'working', 'done'],
  ],
  ['2.1.332/api-error-80x24', ['idle', 'working', 'error API Error: 400 messages: mock says this request is invalid']],
  ['2.1.332/resize-80x24', ['idle', 'working', 'done']],
  [
    '2.1.150/bash-approve-80x24',
    ['idle', 'working', 'blocked:permission approve Bash: touch build.log', 'working', 'done'],
  ],
]);

describe.skipIf(fixtures.length === 0)('Claude Code timelines: its own reports', () => {
  // Start-up dialogs end as `done` in the tracker where Claude Code says clear → idle (see the top).
  const native = fixtures.filter(
    (f) => !/trust-dialog|fullscreen-upsell/u.test(f.scenario) && readFixtureLabels(f.labels).some((l) => l.source === 'native'),
  );
  test.each(native.map((f): [string, Fixture] => [f.name, f]))(
    '%s: the same sequence of states as Claude Code reported',
    async (_name, fixture) => {
      const labels = readFixtureLabels(fixture.labels).filter((l) => l.source === 'native' && l.state !== 'clear');
      const theirs = labels.map((l) => `${l.state}${l.kind === undefined ? '' : `:${l.kind}`}`);
      const result = await replay(loadRecording(fixture.cast), { rules: RULES, screenOnly: true });
      expect(timeline(result)).toEqual(theirs);
    },
  );
});
