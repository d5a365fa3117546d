// What the two structural-dialog test files (structural-dialogs, structural-dialogs-generic) share: the bundled
// agents, whose recordings they check, and the blocked moments that are no dialog.
import { fileURLToPath } from 'node:url';
import { agentRecordings } from '../../tools/agent-recordings.js';
import { readCast, replay, type Frame } from './cast.js';
import { readLabels, type Label } from './recording-check.js';

/**
 * Blocked moments that are a line of text asking the user to sign in, with no choices and no key hint, so the
 * structural rule alone cannot know them: Claude Code's `Invalid API key · Please run /login` (an error line above
 * the prompt box; it reports it blocked:auth), Copilot CLI's `Please use /login to sign in to use Copilot` above
 * its composer, Pi's start-up `Warning: No models available. Use /login…`. The agents' rules and the generic
 * file's `sign-in-notice` rule read them by their words.
 */
export const SIGN_IN_LINES: Record<string, RegExp> = {
  'claude-code': /\/auth-error-/u,
  copilot: /\/sign-in-/u,
  pi: /\/no-model-/u,
};

/**
 * Dialogs whose kind only the agent's words give: Qwen Code's `Custom Provider · Step 1/7 · Protocol` (a sign-in
 * set-up, auth) offers protocols (`OpenAI-compatible`), no word of signing in; by its shape it is a question.
 */
export const KIND_BY_AGENT_WORDS: Record<string, RegExp> = { 'qwen-code': /\/provider-setup-/u };

/**
 * Blocked moments that are no dialog: the sign-in lines, and Continue's first-run prompt `Enter your Anthropic
 * API key:` with the cursor after it, which the generic file's credential prompt rule knows (not the structural
 * rule alone); and the dialogs whose kind only the agent's words give.
 */
export const NOT_DIALOGS: Record<string, RegExp> = { ...SIGN_IN_LINES, ...KIND_BY_AGENT_WORDS, continue: /\/first-run-/u };

export const AGENTS = [
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

/** The labelled recordings in `fixtures/<folder>/`, as [name, cast path], but those whose name `leaveOut` matches. */
export function recordingsExcept(folder: string, leaveOut: RegExp | undefined): [string, string][] {
  return agentRecordings(fileURLToPath(new URL(`../../../fixtures/${folder}`, import.meta.url))).filter(
    ([name]) => !(leaveOut?.test(`/${name}`) ?? false),
  );
}

/** A recording's screens and its labels without messages (see withoutMsg). */
export async function framesAndLabels(cast: string): Promise<{ frames: Frame[]; labels: Label[] }> {
  const frames = await replay(readCast(cast));
  return { frames, labels: withoutMsg(readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'))) };
}
