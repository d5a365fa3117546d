// The generic rules' `dialog-command` (rules/generic.toml): a dialog whose question stands over a `$ <command>` block
// (wrapped over rows or not) over its options gives the whole command as msg, not the question. On Codex 0.171.0's
// recordings, read with the generic rules alone (an agent without a rule set), at 80x24, 120x32, the narrow 40x20 and
// 30x16 (the question wraps) and 200x50; the commands are the mock's (test/tools/agent-turns.mjs), as the screens
// show them (`$ touch build.log`; `$ mkdir -p` over four rows at 80 columns, one word cut at the row's end). On every
// other agent's recordings the rule changes no frame's verdict: it decides none of their frames (first match wins,
// so a rule that decides no frame leaves every verdict as the rules without it give it).
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRecording } from '../../src/recording/recording.js';
import { replay as replayPolicy } from '../../src/recording/replay.js';
import { LONG_COMMAND } from '../tools/agent-turns.mjs';
import { AGENTS, recordingsExcept } from './helpers/structural-recordings.js';
import { readCast, replay } from './helpers/cast.js';
import { bundledRules } from './helpers/screens.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures', import.meta.url));
const generic = bundledRules('generic.toml');

const approve = (command: string): string => `approve shell: ${command}`;

/** Codex recordings: the blocked reports the generic rules alone make, in order. */
const CODEX: [string, string[]][] = [
  ...['80x24', '120x32', '40x20', '30x16'].map((size): [string, string[]] => [`shell-approve-${size}`, [approve('touch build.log')]]),
  ...['80x24', '120x32'].map((size): [string, string[]] => [`shell-deny-${size}`, [approve('npm test')]]),
  ...['80x24', '120x32'].map((size): [string, string[]] => [`approve-then-deny-${size}`, [approve('touch build.log'), approve('npm test')]]),
  ...['80x24', '200x50'].map((size): [string, string[]] => [`long-command-${size}`, [approve(LONG_COMMAND)]]),
];

describe('generic rules: a dialog over a `$ ` command block names the whole command', () => {
  test.each(CODEX)('codex/0.171.0/%s', async (name, want) => {
    const recording = loadRecording(join(FIXTURES, 'codex/0.171.0', `${name}.cast`));
    const { reports, screens } = await replayPolicy(recording, { rules: generic, screenOnly: true });
    const blocked = reports.filter((r) => r.report.state === 'blocked');
    expect(blocked.map((r) => r.report.msg)).toEqual(want);
    expect(blocked.every((r) => r.report.kind === 'permission')).toBe(true);
    expect(screens.filter((s) => s.classification.state === 'blocked').every((s) => s.classification.rule === 'dialog-command')).toBe(true);
  });

  const others = AGENTS.filter(([app]) => app !== 'codex').flatMap(([, folder]) => recordingsExcept(folder, undefined).map(([name, cast]) => [`${folder}/${name}`, cast] as const));
  test('the other agents have recordings', () => expect(others.length).toBeGreaterThan(400));
  test.each(others)('%s: the rule decides no frame', async (_name, cast) => {
    const decided: string[] = [];
    for (const f of await replay(readCast(cast))) {
      const c = generic.classify(f.lines, undefined, { width: f.cols, softWrapped: f.softWrapped });
      if (c.rule === 'dialog-command') decided.push(`at ${f.t}s: "${c.msg}"`);
    }
    expect(decided).toEqual([]);
  });
});
