// What a program says of its own progress: ConEmu's OSC 9;4 (drawn as a bar by Windows Terminal, Ghostty, iTerm2, kitty).

/**
 * One OSC 9;4 in the child's output, `9;4;ST[;PR]`: ST 0 removes the bar, 1 sets its value, 2 error, 3
 * indeterminate (no value), 4 paused; PR the percentage 0–100 (clamped), absent when not given or not a number.
 */
export interface ProgressMark {
  state: 'removed' | 'value' | 'error' | 'indeterminate' | 'paused';
  value?: number;
}

/** Receives the marks while the scanner runs (synchronously, in stream order). */
export type ProgressListener = (mark: ProgressMark) => void;
