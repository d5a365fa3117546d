// The structural dialog rule (`dialog = true`, rule `any-dialog` in every bundled file) on its own: every
// bundled agent's recorded dialogs, with the agent's specific dialog rules taken out, still read blocked with
// the recorded kind, and nothing else in those recordings does; and the same recordings under the generic
// rules alone, as a program without a rule set of its own.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { RuleSet } from '../../src/rules/rule-set.js';
import { agentRecordings, checkAgentRecording } from '../tools/agent-recordings.js';
import { readCast, replay } from './helpers/cast.js';
import { checkRecording, readLabels, type Label } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';

/** The bundled set without its specific dialog rules: every blocked rule but the structural one goes. */
function withoutSpecificDialogs(file: string): RuleSet {
  const full = bundledRules(file);
  return new RuleSet(full, full.rules.filter((rule) => rule.state !== 'blocked' || rule.dialog));
}

/**
 * Blocked moments that are a line of text asking the user to sign in, with no choices and no key hint, so only
 * the agent's own rules can know them: Claude Code's `Invalid API key · Please run /login` (an error line above
 * the prompt box; it reports it blocked:auth), Copilot CLI's `Please use /login to sign in to use Copilot` above
 * its composer, Pi's start-up `Warning: No models available. Use /login…`. Without the agent's words they read
 * as prose, the generic rules included.
 */
const SIGN_IN_LINES: Record<string, RegExp> = {
  'claude-code': /\/auth-error-/u,
  copilot: /\/sign-in-/u,
  pi: /\/no-model-/u,
};

/**
 * Blocked moments that are no dialog: the sign-in lines, and Continue's first-run prompt `Enter your Anthropic
 * API key:` with the cursor after it, which the generic file's credential prompt rule knows (not the structural
 * rule alone).
 */
const NOT_DIALOGS: Record<string, RegExp> = { ...SIGN_IN_LINES, continue: /\/first-run-/u };

const AGENTS = [
  ['claude-code', 'claude-code', 'claude-code.toml'],
  ['codex', 'codex', 'codex.toml'],
  ['gemini-cli', 'gemini-cli', 'gemini.toml'],
  ['opencode', 'opencode', 'opencode.toml'],
  ['kilo-code', 'kilo-code', 'kilo.toml'],
  ['copilot', 'copilot', 'copilot.toml'],
  ['qwen-code', 'qwen-code', 'qwen-code.toml'],
  ['pi', 'pi', 'pi.toml'],
  ['cline', 'cline', 'cline.toml'],
  ['droid', 'droid', 'droid.toml'],
  ['continue', 'continue', 'continue.toml'],
  ['grok-cli', 'grok-cli', 'grok-cli.toml'],
] as const;

// The structural title is not the agent's own phrasing (`Bash command`, not `approve Bash: touch build.log`):
// states and kinds are checked here, messages by each agent's own recordings test.
const withoutMsg = (labels: readonly Label[]): Label[] => labels.map(({ msg: _msg, ...label }) => label);

describe.each(AGENTS)('%s recordings with the specific dialog rules removed', (app, folder, file) => {
  const rules = withoutSpecificDialogs(file);
  const found = agentRecordings(fileURLToPath(new URL(`../../fixtures/${folder}`, import.meta.url))).filter(
    ([name]) => !(NOT_DIALOGS[app]?.test(`/${name}`) ?? false),
  );

  test('the structural rule is the only blocked rule left', () => {
    expect(rules.rules.filter((r) => r.state === 'blocked').map((r) => r.name)).toEqual(['any-dialog']);
  });

  test.skipIf(found.length === 0).each(found)('%s: every dialog still reads blocked, nothing else does', async (_name, cast) => {
    const frames = await replay(readCast(cast));
    const labels = withoutMsg(readLabels(cast.replace(/\.cast$/u, '.labels.jsonl')));
    const check = (set: RuleSet): string[] =>
      app === 'claude-code' ? checkRecording(set, frames, labels) : checkAgentRecording(set, frames, labels);
    // What the full rule set gets wrong on its own is not the structural rule's doing (Grok CLI answers a denied
    // command, so the driver's idle there is no cut turn): only new problems count.
    const problems = check(rules);
    const full = new Set(problems.length === 0 ? [] : check(bundledRules(file)));
    expect(problems.filter((problem) => !full.has(problem))).toEqual([]);
  });
});

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
