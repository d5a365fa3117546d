// The rows the fake agent shows, worded as Claude Code words them (see fixtures/claude-code/).

/** Spinner glyphs in Claude Code's order. */
const SPINNER_GLYPHS = ['·', '✢', '✳', '✶', '✻', '✽', '✻', '✶', '✳', '✢'] as const;

/** A horizontal rule across the screen. */
export const rule = (cols: number): string => '─'.repeat(cols);

/** The prompt box with what the user has typed, and its footer. Idle: `? for shortcuts`. */
export function promptBox(cols: number, typed: string, busy: boolean): string[] {
  return [rule(cols), `❯ ${typed}`, rule(cols), busy ? '  esc to interrupt' : '  ? for shortcuts'];
}

/** The spinner row: `✻ Pondering… (3s · esc to interrupt)`. */
export function spinnerRow(frame: number, verb: string, seconds: number): string {
  const glyph = SPINNER_GLYPHS[frame % SPINNER_GLYPHS.length] ?? '✻';
  return `${glyph} ${verb}… (${seconds}s · esc to interrupt)`;
}

/** Rows from the bottom of the working region up to its spinner row (spinner, blank, prompt box). */
export const SPINNER_ROWS_FROM_BOTTOM = 5;
/** Rows from the bottom of an idle or working region up to the prompt row. */
export const PROMPT_ROWS_FROM_BOTTOM = 2;

/** The working region: the spinner above the prompt box (with an optional tool call above both). */
export function workingRegion(cols: number, spinner: string, above: readonly string[] = []): string[] {
  return [...above, spinner, '', ...promptBox(cols, '', true)];
}

/** A tool call's header rows: `● Bash(cmd)` and its status under `⎿`. */
export function toolRows(command: string, status: string): string[] {
  return [`● Bash(${command})`, `  ⎿  ${status}`];
}

/** Claude Code's Bash permission dialog, under a rule, replacing the prompt box. */
export function permissionDialog(cols: number, command: string, description: string): string[] {
  return [
    rule(cols),
    ' Bash command',
    '',
    `   ${command}`,
    `   ${description}`,
    '',
    ' Do you want to proceed?',
    ' ❯ 1. Yes',
    '   2. No',
    '',
    ' Esc to cancel · Tab to amend',
  ];
}

/** Shown under a denied tool call: the turn stops and the prompt box comes back. */
export const INTERRUPTED = '  ⎿  Interrupted · What should Claude do instead?';
