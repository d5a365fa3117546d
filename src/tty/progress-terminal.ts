// Pure: whether the outer terminal draws ConEmu's OSC 9;4 progress bar, from the environment the shim starts in.
// Elsewhere `ESC ] 9 ; 4 ; 3` is OSC 9, a desktop notification whose text is "4;3": the bar is written only
// where the terminal is known to draw it (spec/signals.md, "The progress bar").

/** `--progress-bar` / `progress-bar` in config.toml. */
export type ProgressBarMode = 'auto' | 'always' | 'never';
export const PROGRESS_BAR_MODES: readonly ProgressBarMode[] = ['auto', 'always', 'never'];

/** What the shim does with the bar: none, or write it bare (the terminal, or a tmux that forwards it) or through the multiplexer's passthrough. */
export type ProgressBarRoute = { draws: false; why: string } | { draws: true; terminal: string; via: 'bare' | 'passthrough' };

/** The version in `text` as numbers (`1.2.0-dev+abc` → [1, 2, 0]; `next-3.7` → [3, 7]; `3.6a` → [3, 6]); undefined when none. */
export function versionNumbers(text: string | undefined): number[] | undefined {
  const match = /([0-9]+(?:\.[0-9]+)*)/u.exec(text ?? '');
  return match?.[1] === undefined ? undefined : match[1].split('.').map(Number);
}

/** True when `text`'s version is at least `least`. */
export function atLeast(text: string | undefined, least: readonly number[]): boolean {
  const have = versionNumbers(text);
  if (have === undefined) return false;
  for (let i = 0; i < least.length; i++) {
    const a = have[i] ?? 0;
    const b = least[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** The first version of each terminal whose bar the shim writes to. */
const GHOSTTY = [1, 2];
const ITERM = [3, 6, 6];
const KITTY = [0, 47];
/** tmux reads a pane's OSC 9;4 and passes it to each client whose terminal draws it from 3.7 on. */
const TMUX = [3, 7];

/** Facts the edge may add to the environment: kitty's version (`kitty --version`), which kitty does not export. */
export interface TerminalFacts {
  kittyVersion?: string;
}

/**
 * Where the bar goes for `mode` in `env`. Inside tmux (`TMUX`), a tmux of 3.7 or later (its own
 * TERM_PROGRAM_VERSION) takes the bare sequence as the pane's bar and passes it only to clients whose terminal
 * draws it; an older tmux would need passthrough to a terminal nobody can name here (any client may attach):
 * none, unless `always`. GNU screen: none, unless `always`.
 */
export function progressBarRoute(mode: ProgressBarMode, env: Readonly<Record<string, string | undefined>>, facts: TerminalFacts = {}): ProgressBarRoute {
  if (mode === 'never') return { draws: false, why: '--progress-bar never' };
  const multiplexed = Boolean(env['TMUX']) || Boolean(env['STY']);
  if (env['TMUX']) {
    const tmuxForwards = env['TERM_PROGRAM'] === 'tmux' && atLeast(env['TERM_PROGRAM_VERSION'], TMUX);
    if (tmuxForwards) return { draws: true, terminal: `tmux ${env['TERM_PROGRAM_VERSION'] ?? ''}`.trim(), via: 'bare' };
  }
  if (mode === 'always') return { draws: true, terminal: 'any (always)', via: multiplexed ? 'passthrough' : 'bare' };
  // Under a multiplexer the variables below are the terminal's of whoever started it, not of whoever looks now.
  if (multiplexed) return { draws: false, why: env['TMUX'] ? 'tmux before 3.7 does not pass OSC 9;4 on' : 'GNU screen does not pass OSC 9;4 on' };
  const terminal = outerTerminal(env, facts);
  return terminal === undefined ? { draws: false, why: 'no terminal known to draw OSC 9;4' } : { draws: true, terminal, via: 'bare' };
}

/** The terminal that draws the bar, named with its version, or undefined. */
function outerTerminal(env: Readonly<Record<string, string | undefined>>, facts: TerminalFacts): string | undefined {
  const program = env['TERM_PROGRAM'];
  const version = env['TERM_PROGRAM_VERSION'];
  if (program === 'ghostty' && (version === undefined || atLeast(version, GHOSTTY))) return `Ghostty ${version ?? ''}`.trim();
  if (program === 'iTerm.app' && atLeast(version, ITERM)) return `iTerm2 ${version}`;
  // WezTerm parses OSC 9;4 only in nightly builds and draws nothing itself (a Lua config may): none.
  if (env['WT_SESSION']) return 'Windows Terminal';
  if (env['ConEmuANSI'] === 'ON') return 'ConEmu';
  if (env['KITTY_WINDOW_ID'] && env['TERM'] === 'xterm-kitty' && atLeast(facts.kittyVersion, KITTY)) return `kitty ${versionNumbers(facts.kittyVersion)?.join('.')}`;
  return undefined;
}

/** True when `env` looks like kitty's, so its version is worth asking (`kitty --version`). */
export function looksLikeKitty(env: Readonly<Record<string, string | undefined>>): boolean {
  return Boolean(env['KITTY_WINDOW_ID']) && env['TERM'] === 'xterm-kitty' && !env['TMUX'] && !env['STY'];
}
