// The drift events of the signal policy on real recordings that carry the agent's own OSC 7501 reports
// (Claude Code 2.1.332 with its query answered, Codex 0.171.0 unasked): the truth is the agent's reports
// (the .labels.jsonl native labels) and the screens (.screens.txt), not the classifier.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadRecording } from '../../src/recording/recording.js';
import { scoreAgainstNative } from '../../src/recording/native-score.js';
import { replay, reportBefore, type ReplayDrift } from '../../src/recording/replay.js';
import { RuleSet } from '../../src/rules/rule-set.js';
import { bundledRules } from '../rules/helpers/screens.js';
import { readLabels } from '../rules/helpers/recording-check.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures', import.meta.url));
const SETS = [
  ['claude-code/2.1.332', 'claude-code.toml'],
  ['codex/0.171.0', 'codex.toml'],
] as const;

/** Every recording of the folder with at least one report of the agent's own in it. */
function withNativeReports(folder: string): string[] {
  const dir = join(FIXTURES, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cast') && /\\u001b\]7501;[^?]/u.test(readFileSync(join(dir, name), 'utf8')))
    .map((name) => `${folder}/${name}`);
}

const ALL = SETS.flatMap(([folder, file]) => withNativeReports(folder).map((cast) => [cast, file] as const));

/** The agent's own label at `t` (seconds): the one the recorder wrote for that report. */
function nativeLabel(cast: string, t: number): Record<string, unknown> | undefined {
  const labels = readLabels(join(FIXTURES, cast.replace(/\.cast$/u, '.labels.jsonl')));
  return labels.find((l) => l.source === 'native' && Math.abs(l.t - t) < 0.002) as Record<string, unknown> | undefined;
}

/** What a drift's native side should be, from the label. */
function fromLabel(label: Record<string, unknown> | undefined): Record<string, unknown> {
  if (label === undefined) return {};
  const { state, kind, msg } = label;
  return { state, ...(kind === undefined ? {} : { kind }), ...(msg === undefined ? {} : { msg }) };
}

function withoutRules(file: string, drop: (rule: { state: string; dialog?: boolean }) => boolean): RuleSet {
  const full = bundledRules(file);
  return new RuleSet(full, full.rules.filter((rule) => !drop(rule)));
}

describe('drift with the bundled rules on every recording with the agent\'s own reports', () => {
  test('there are such recordings: Claude Code 2.1.332 (query answered) and Codex 0.171.0', () => {
    expect(withNativeReports('claude-code/2.1.332').length).toBeGreaterThan(40);
    expect(withNativeReports('codex/0.171.0').length).toBeGreaterThan(20);
    // Claude Code with its query left unanswered reports nothing: no such recording counts.
    expect(withNativeReports('claude-code/2.1.332').some((name) => name.includes('noanswer'))).toBe(false);
  });

  test.each(ALL)('%s: each drift names the agent\'s own report as it made it, and the screen rules\' report at that time', async (cast, file) => {
    const rules = bundledRules(file);
    const recording = loadRecording(join(FIXTURES, cast));
    const result = await replay(recording, { rules });
    const screenOnly = await replay(recording, { rules, screenOnly: true });
    for (const d of result.drift) {
      expect(d.native).toEqual(fromLabel(nativeLabel(cast, d.nativeSince)));
      const { rule: _rule, ...screen } = d.screen;
      expect(screen).toEqual(expect.objectContaining({ state: reportBefore(screenOnly, d.since + 0.001)?.report.state }));
    }
    // Only one disagreement of state or kind in all of them (the next test): Codex's plan-implement chooser.
    const broken = result.drift.filter((d) => d.on.includes('state') || d.on.includes('kind'));
    expect(broken.length === 0 || /codex\/0\.171\.0\/plan-implement-/u.test(cast)).toBe(true);
  });

  test.each(['80x24', '120x32'])('Codex plan-implement-%s: Codex says done while its screen shows `Implement this plan?` (the rules say blocked): one drift', async (size) => {
    const cast = `codex/0.171.0/plan-implement-${size}.cast`;
    const screens = readFileSync(join(FIXTURES, cast.replace(/\.cast$/u, '.screens.txt')), 'utf8');
    expect(screens).toContain('Implement this plan?');
    const result = await replay(loadRecording(join(FIXTURES, cast)), { rules: bundledRules('codex.toml') });
    expect(result.drift.map((d) => [d.on, d.native, d.screen])).toEqual([
      [['state'], { state: 'done' }, { state: 'blocked', kind: 'permission', msg: 'approve plan', rule: 'implement-plan' }],
    ]);
    expect(fromLabel(nativeLabel(cast, result.drift[0]?.nativeSince ?? -1))).toEqual({ state: 'done' });
  });
});

describe('a rule broken on purpose shows in the drift, as it would on a new agent version', () => {
  test.each([
    ['claude-code/2.1.332/bash-approve-80x24.cast', 'claude-code.toml'],
    ['claude-code/2.1.332/plan-approval-80x24.cast', 'claude-code.toml'],
    ['codex/0.171.0/shell-approve-80x24.cast', 'codex.toml'],
  ] as const)('%s without any blocked rule: the dialog the agent reported (answered within a second) is one state drift', async (cast, file) => {
    const result = await replay(loadRecording(join(FIXTURES, cast)), { rules: withoutRules(file, (r) => r.state === 'blocked') });
    const blocked = readLabels(join(FIXTURES, cast.replace(/\.cast$/u, '.labels.jsonl'))).filter((l) => l.source === 'native' && l.state === 'blocked');
    expect(blocked).toHaveLength(1);
    expect(result.drift).toHaveLength(1);
    const drift = result.drift[0] as ReplayDrift;
    expect(drift.on).toEqual(['state']);
    expect(drift.nativeSince).toBeCloseTo(blocked[0]?.t ?? -1, 2);
    expect(drift.native).toEqual(fromLabel(blocked[0] as unknown as Record<string, unknown>));
    expect(drift.screen.state).not.toBe('blocked');
    // The score says the same: the blocked moment disagreed, every other one agreed.
    const score = scoreAgainstNative(result);
    expect(score.states.find((s) => s.state === 'blocked')).toEqual({ state: 'blocked', agreed: 0, disagreed: 1 });
    expect(score.states.filter((s) => s.state !== 'blocked').every((s) => s.disagreed === 0)).toBe(true);
  });

  test('Claude Code bash-approve with only the structural dialog rule: still blocked, but the message is the dialog\'s title, not the agent\'s', async () => {
    const cast = 'claude-code/2.1.332/bash-approve-80x24.cast';
    const rules = withoutRules('claude-code.toml', (r) => r.state === 'blocked' && r.dialog !== true);
    const result = await replay(loadRecording(join(FIXTURES, cast)), { rules });
    expect(result.drift.map((d) => [d.on, d.native.msg, d.screen.rule])).toEqual([[['msg'], 'approve Bash: touch build.log', 'any-dialog']]);
  });
});
