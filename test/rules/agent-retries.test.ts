// Issue 28 on hand-made screens of Qwen Code 0.24.4 and Gemini CLI 0.61.0 (drawn through the real ShadowScreen
// at 80×24 and 200×50, laid out as the recordings lay them out): a retry in progress stays working with the retry
// as msg, and what is left of it once the turn goes on or ends is not read as a retry. Qwen's countdown is
// recorded too (fixtures/qwen-code/0.24.4/stream-rate-limit-*, in agent-plans-and-failures.test.ts); Gemini's
// retry phrases are the binary's words (its LoadingIndicator), which the mock's 503s never brought on screen.
import { describe, expect, test } from 'vitest';
import { bundledRules, renderLines, SIZES, type Size } from './helpers/screens.js';

const qwen = bundledRules('qwen-code.toml');
const gemini = bundledRules('gemini.toml');

async function verdict(rules: typeof qwen, lines: string[], size: Size): Promise<string> {
  const c = rules.classify(await renderLines(lines, size));
  return `${c.state} ${c.rule ?? '-'}${c.msg === undefined ? '' : ` "${c.msg}"`}`;
}

const rule = (cols: number): string => '─'.repeat(cols);

/** Qwen Code's transcript, a turn's blocks (`blocks`), the status row (`status`) and the input box. */
function qwenScreen(blocks: readonly string[], status: string | null, cols: number): string[] {
  return [
    '  ●︎ Read context files: ~/.qwen/output-language.md',
    '',
    '  > trigger a limit mid-answer',
    ...blocks,
    '',
    ...(status === null ? [] : [`  ${status}`]),
    rule(cols),
    '>   Type your message or @path/to/file',
    rule(cols),
    '  ➜ project · qwen3-coder-plus',
    status === null ? '  ⏸ Ask permissions (shift + tab to cycle)' : '  Enter to steer · Ctrl+Q to queue · ⏸ Ask permissions (shift + tab to cycle)',
  ];
}

const SPINNER = '⠧ Following the white rabbit... (3s · esc to cancel)';

describe.each(SIZES)('qwen code retrying at $cols×$rows', (size) => {
  test('the countdown row over the spinner: working, msg the countdown', async () => {
    const blocks = ['  ✕ [API Error: Rate limit reached for requests per min.] (Retrying in 9s… (attempt 3/10))', '  ↻ Retrying in 9 seconds… (attempt 3/10)'];
    expect(await verdict(qwen, qwenScreen(blocks, SPINNER, size.cols), size)).toBe('working retrying "Retrying in 9 seconds… (attempt 3/10)"');
  });

  test('the error\'s own hint alone (the countdown row not drawn yet): working, msg the hint', async () => {
    // Wrapped at a word boundary as Qwen wraps it at 80 columns (the recordings' `✕` row).
    const blocks = ['  ✕ [API Error: The server is overloaded and cannot take this request now (mock', '    503).] (Retrying in 12s… (attempt 1/10))'];
    expect(await verdict(qwen, qwenScreen(blocks, SPINNER, size.cols), size)).toBe('working retrying "Retrying in 12s… (attempt 1/10)"');
  });

  test('`/quit` typed while a turn runs (the command menu under the input, the spinner above it): still working', async () => {
    const lines = qwenScreen([], SPINNER, size.cols).map((l) => (l.startsWith('>   Type') ? '> /quit' : l));
    lines.splice(lines.indexOf('> /quit') + 2, 0, '  > quit  exit the cli');
    expect(await verdict(qwen, lines, size)).toBe('working spinner');
  });

  test('a countdown left in the transcript once the spinner is gone is no retry', async () => {
    const blocks = ['  ↻ Retrying in 1 seconds… (attempt 2/2)', '', '  ✕ [API Error: Rate limit reached for requests per min. (mock)]'];
    expect(await verdict(qwen, qwenScreen(blocks, null, size.cols), size)).toBe('error api-error "API Error: Rate limit reached for requests per min. (mock)"');
  });
});

/** Gemini CLI's screen while a turn runs: the prompt, the spinner's row (its phrase `phrase`), the input box. */
function geminiScreen(phrase: string, cols: number): string[] {
  const top = '▄'.repeat(cols);
  const bottom = '▀'.repeat(cols);
  return [
    ' ▝▜▄     Gemini CLI v0.61.0',
    '',
    top,
    ' > trigger a slow server',
    bottom,
    '',
    ` ⠋ ${phrase} (esc to cancel, 45s)`,
    rule(cols),
    ' Shift+Tab to accept edits',
    top,
    ' >   Type your message or @path/to/file',
    bottom,
    ' workspace (/directory)                          sandbox                 /model',
  ];
}

describe.each(SIZES)('gemini cli retrying at $cols×$rows', (size) => {
  test.each([
    ['errorVerbosity full: the attempt', 'Trying to reach gemini-2.5-pro (Attempt 3/10)'],
    ['errorVerbosity low (the default), from the third attempt', "This is taking a bit longer, we're still on it."],
  ])('%s: working, msg the phrase', async (_name, phrase) => {
    expect(await verdict(gemini, geminiScreen(phrase, size.cols), size)).toBe(`working retrying "${phrase}"`);
  });

  test('a witty phrase is no retry', async () => {
    expect(await verdict(gemini, geminiScreen('Thinking...', size.cols), size)).toBe('working spinner');
  });
});

// Qwen Code's exhausted quota (a 429 whose message says when the quota resets): `✕ Quota exhausted: …`, first
// alone, then with Qwen's advice under it (the two frames of fixtures/qwen-code/0.24.4/quota-reset-80x24).
describe.each(SIZES)('qwen code quota exhausted at $cols×$rows', (size) => {
  const first = ['  ✕ Quota exhausted: Free allocated quota exceeded: the daily quota is', '    exhausted and will reset at 00:00 UTC. (mock 429)'];
  const advice = ['', '    Please retry after the reset time, or switch to another API key / auth', '    method. (Press Ctrl+Y to retry)'];
  const msg = 'Quota exhausted: Free allocated quota exceeded: the daily quota is exhausted and will reset at 00:00 UTC. (mock 429)';
  test.each([
    ['the message alone', first],
    ['with the advice under it', [...first, ...advice]],
  ])('%s: error, msg the message with its reset time', async (_name, blocks) => {
    expect(await verdict(qwen, qwenScreen(blocks, null, size.cols), size)).toBe(`error quota-exhausted "${msg}"`);
  });

  test('an older turn\'s quota error above a newer prompt is not this turn\'s', async () => {
    const lines = qwenScreen([...first, '', '  > try again later', '', '  ◆︎ Done.'], null, size.cols);
    expect(await verdict(qwen, lines, size)).toBe('idle prompt');
  });
});
