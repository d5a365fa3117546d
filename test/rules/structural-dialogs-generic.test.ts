// The generic rules alone on every bundled agent's recordings: the second half of structural-dialogs.test.ts.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { agentRecordings } from '../tools/agent-recordings.js';
import { readCast, replay } from './helpers/cast.js';
import { checkRecording, readLabels } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';
import { AGENTS, SIGN_IN_LINES, withoutMsg } from './helpers/structural-recordings.js';

// The generic rules (rules/generic.toml: the password and [y/N] prompts, then the structural rule) on every
// bundled agent's recordings, as if the agent had no rule set: each recorded dialog reads blocked with its
// kind, and no other moment, no frame outside a labelled blocked moment, reads blocked (pickers the user
// opened, palettes, answers quoting a dialog, status rows). Only blocked is checked: the generic rules never say
// working. The exceptions are the sign-in lines (SIGN_IN_LINES).
describe.each(AGENTS)('%s recordings with the generic rules only', (app, folder) => {
  const generic = bundledRules('generic.toml');
  const found = agentRecordings(fileURLToPath(new URL(`../../fixtures/${folder}`, import.meta.url))).filter(
    ([name]) => !(SIGN_IN_LINES[app]?.test(`/${name}`) ?? false),
  );

  test.skipIf(found.length === 0).each(found)('%s: every dialog reads blocked, nothing else does', async (_name, cast) => {
    const frames = await replay(readCast(cast));
    const labels = withoutMsg(readLabels(cast.replace(/\.cast$/u, '.labels.jsonl')));
    // Claude Code's own reports are its ground truth where it made them; the others' the driver's labels.
    const truth = app === 'claude-code' ? labels : labels.filter((l) => l.source === 'driver');
    expect(checkRecording(generic, frames, truth, { blockedOnly: true })).toEqual([]);
  });
});
