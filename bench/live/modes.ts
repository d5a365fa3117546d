// The two ways to run the live benchmark: the full session and the time-compressed quick one.

/** A closed range of seconds. */
export interface Range {
  min: number;
  max: number;
}

/** How the session is run. Times are in seconds of wall clock (already scaled). */
export interface LiveMode {
  name: 'full' | 'quick';
  /** Tasks the simulated user submits before `/exit`. */
  tasks: number;
  /** Passed to the fake agent: multiplies its thinking and tool durations. */
  timeScale: number;
  /** How long after a prompt appears the user answers it. */
  answerDelay: Range;
  /** How long after a turn ends (or the agent starts) the user submits the next task (Enter). */
  nextTaskDelay: Range;
  /** Typing speed: seconds between two keystrokes. */
  keystroke: number;
  cols: number;
  rows: number;
  /** Hang guard: the session is killed and the run fails after this long. */
  timeout: number;
}

/** About 10 minutes with seed 7: 30 tasks, prompts answered 3–8 s after they appear. */
export const FULL_MODE: LiveMode = {
  name: 'full',
  tasks: 30,
  timeScale: 1,
  answerDelay: { min: 3, max: 8 },
  nextTaskDelay: { min: 3, max: 10 },
  keystroke: 0.04,
  cols: 120,
  rows: 40,
  timeout: 30 * 60,
};

/** About 25 s: 3 tasks, the agent's durations and the user's answers at 0.3×. The user still waits at
 * least 1 s before typing the next task (a turn end counts only if reported before the user is back). */
export const QUICK_MODE: LiveMode = {
  name: 'quick',
  tasks: 3,
  timeScale: 0.3,
  answerDelay: { min: 0.9, max: 2.4 },
  nextTaskDelay: { min: 1.5, max: 3 },
  keystroke: 0.01,
  cols: 120,
  rows: 40,
  timeout: 3 * 60,
};
