// What a shell says of its own prompt and commands: the OSC 133 marks (FinalTerm's semantic prompts).

/**
 * One OSC 133 mark in the child's output: `A` a prompt starts, `B` the user's input starts, `C` a command starts
 * (its output follows), `D` it ended, with its exit status when the shell gave one (`D;2`).
 */
export type ShellMark =
  | { mark: 'prompt' }
  | { mark: 'input' }
  | { mark: 'command' }
  | { mark: 'end'; status?: number };

/** Receives the marks while the scanner runs (synchronously, in stream order). */
export type ShellMarkListener = (mark: ShellMark) => void;
