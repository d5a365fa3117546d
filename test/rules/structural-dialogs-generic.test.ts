// The generic rules alone on every bundled agent's recordings: the second half of structural-dialogs.test.ts.
import { describe, expect, test } from 'vitest';
import { checkRecording } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';
import { AGENTS, framesAndLabels, KIND_BY_AGENT_WORDS, recordingsExcept } from './helpers/structural-recordings.js';

// The generic rules (rules/generic.toml: the password and [y/N] prompts, then the structural rule) on every
// bundled agent's recordings, as if the agent had no rule set: each recorded dialog reads blocked with its
// kind, and no other moment, no frame outside a labelled blocked moment, reads blocked (pickers the user
// opened, palettes, answers quoting a dialog, status rows). Only blocked is checked: the generic rules never say
// working. The sign-in lines (SIGN_IN_LINES) read blocked:auth too (the generic `sign-in-notice` rule); the
// exceptions are the dialogs whose kind only the agent's words give (KIND_BY_AGENT_WORDS).
describe.each(AGENTS)('%s recordings with the generic rules only', (app, folder) => {
  const generic = bundledRules('generic.toml');
  const found = recordingsExcept(folder, KIND_BY_AGENT_WORDS[app]);

  test.skipIf(found.length === 0).each(found)('%s: every dialog reads blocked, nothing else does', async (_name, cast) => {
    const { frames, labels } = await framesAndLabels(cast);
    // Claude Code's own reports are its ground truth where it made them; the others' the driver's labels.
    const truth = app === 'claude-code' ? labels : labels.filter((l) => l.source === 'driver');
    expect(checkRecording(generic, frames, truth, { blockedOnly: true })).toEqual([]);
  });
});
