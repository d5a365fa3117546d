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
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { agentById, readFixtureLabels, type Fixture } from '../../bench/compare/moments.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import { describeConformance, describeTimelines, describeXterm6003, loadAgent, timeline } from './conformance.js';

const CLAUDE = agentById('claude-code');
const { fixtures, rules: RULES, byName } = loadAgent(CLAUDE);

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

/** The entries with repeats of the one before left out. */
const steps = (entries: readonly string[]): string[] => entries.filter((e, i) => i === 0 || entries[i - 1] !== e);

describe.skipIf(fixtures.length === 0)('Claude Code timelines: its own reports', () => {
  // Start-up dialogs end as `done` in the tracker where Claude Code says clear → idle (see the top).
  const native = fixtures.filter(
    (f) => !/trust-dialog|fullscreen-upsell/u.test(f.scenario) && readFixtureLabels(f.labels).some((l) => l.source === 'native'),
  );
  test.each(native.map((f): [string, Fixture] => [f.name, f]))(
    '%s: the same sequence of states as Claude Code reported',
    async (_name, fixture) => {
      // Reports with an id are records of their own (a background agent's, a background shell's): the screen
      // speaks for the session. A state reported again (a msg change: `1 shell still running`) is one step.
      const labels = readFixtureLabels(fixture.labels).filter((l) => l.source === 'native' && l.state !== 'clear' && l.id === undefined);
      const theirs = steps(labels.map((l) => `${l.state}${l.kind === undefined ? '' : `:${l.kind}`}`));
      const result = await replay(loadRecording(fixture.cast), { rules: RULES, screenOnly: true });
      // A blocked report of Claude's with no kind (auto mode's notice, `dialog open`) has one on the screen's
      // side (a blocked report needs one): only the state is compared there.
      const ours = steps(timeline(result)).map((entry, i) => (theirs[i] === 'blocked' && entry.startsWith('blocked:') ? 'blocked' : entry));
      expect(ours).toEqual(theirs);
    },
  );
});

// Issue 16, the protocol's message limit: long-utf8-command's command (test/tools/scenarios.mjs
// LONG_UTF8_COMMAND) is 626 characters, 673 bytes of UTF-8, so `approve Bash: <command>` is over the 512-byte
// msg budget (src/protocol/limits.ts DEFAULT_MSG_BUDGET_BYTES, spec/osc7501.md). The screen rules read it
// whole from the wrapped dialog; what the terminal gets is the shim's report as its bytes parse back: the
// command's start, exactly, cut between characters, `…` within the 512 bytes.
const LONG_UTF8_DIR = 'build/rapports/nocturne/intégration/chromium-sans-tête/accessibilité-et-mise-en-page';
const LONG_UTF8_COMMAND =
  `mkdir -p "${LONG_UTF8_DIR}" && printf "%s\\n" "Résumé : 12 vérifications réussies ✓, 0 échec — données préparées à l’aube" ` +
  `"Überprüfung: größere Dateien übersprungen, Größe geprüft" > "${LONG_UTF8_DIR}/résumé-du-rapport.txt" && ` +
  `cp "${LONG_UTF8_DIR}/résumé-du-rapport.txt" "${LONG_UTF8_DIR}/dernière-exécution.txt" && echo "terminé ✓ — le rapport est prêt"`;
const MSG_BUDGET = 512;
const BIN = new URL('../../bin/osf7501', import.meta.url);

/** The checks on one msg as the terminal reads it. */
function expectCutAtTheLimit(msg: string | undefined): void {
  const whole = `approve Bash: ${LONG_UTF8_COMMAND}`;
  expect(msg).toBeDefined();
  const text = msg ?? '';
  const bytes = Buffer.from(text, 'utf8');
  expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(text); // valid UTF-8, no U+FFFD
  expect(text).not.toContain('\ufffd');
  expect(bytes.length).toBeLessThanOrEqual(MSG_BUDGET);
  expect(text.endsWith('…')).toBe(true);
  const prefix = text.slice(0, -1);
  expect(whole.startsWith(prefix)).toBe(true);
  // Cut at the limit, not before: the next character of the command would not have fitted with the `…`.
  const next = whole.slice(prefix.length).match(/^./su)?.[0] ?? '';
  expect(Buffer.byteLength(prefix) + Buffer.byteLength(next) + Buffer.byteLength('…')).toBeGreaterThan(MSG_BUDGET);
  expect(text).not.toMatch(/[│┃╌─╭╮╰╯]/u);
}

describe.skipIf(fixtures.length === 0)('Claude Code: a command over the 512-byte msg budget (issue 16)', () => {
  const sizes = ['2.1.332/long-utf8-command-80x24', '2.1.332/long-utf8-command-200x50'];
  test.each(sizes)('%s: the screen reads the whole command, the report is its start cut with …', async (name) => {
    const fixture = byName(name);
    const result = await replay(loadRecording(fixture.cast), { rules: RULES, screenOnly: true });
    const blocked = result.reports.filter((r) => r.report.state === 'blocked');
    expect(blocked.length).toBeGreaterThan(0);
    for (const r of blocked) {
      expect(r.report.msg).toBe(`approve Bash: ${LONG_UTF8_COMMAND}`);
      expect(r.report.kind).toBe('permission');
      expectCutAtTheLimit(r.sent?.msg);
    }
  });

  test.each(sizes)('%s: osf7501 classify --timeline prints the report as sent', (name) => {
    const fixture = byName(name);
    const out = spawnSync(process.execPath, [BIN.pathname, 'classify', '--timeline', '--screen-only', fixture.cast], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    const line = out.stdout.split('\n').find((l) => / blocked kind=permission msg=/u.test(l));
    expect(line).toBeDefined();
    expectCutAtTheLimit(JSON.parse(/msg=(".*")$/u.exec(line ?? '')?.[1] ?? '""') as string);
  });
});
