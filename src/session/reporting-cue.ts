// When a session whose child runs first starts loading its reporting: at the output's first pause, not during it.
import type { ChildExit } from '../pty/exit-status.js';

/**
 * Reporting loads once the output has paused this long. Loading it keeps the relay's thread busy for tens
 * of ms (modules, the rule file), and output that streams meanwhile moves one read per turn of the event
 * loop: a 200 MB `cat` lost ~130 ms of its stream to it. Nothing of reporting could act before such a pause
 * anyway: the screen's first read waits for 30 ms of quiet too (screen-client.ts, QUIET_MS).
 */
export const OUTPUT_PAUSE_MS = 30;
/** A child that writes nothing: reporting loads this long after the terminal is raw. */
export const SILENCE_MS = 25;
/**
 * Output that never pauses this long after its first byte loads reporting anyway, so that a session that
 * streams without a break from its start (`yes`) is listed by `osf7501 ls` after at most this.
 */
export const LONGEST_STREAM_MS = 10_000;

/** Why reporting may load now; `exit`: the child ended first (with how, when the relay told it). */
export type ReportingCue = { reason: 'pause' | 'silence' | 'osc7501' | 'stream' } | { reason: 'exit'; exit?: ChildExit };

/** The early output as the cue watches it. */
interface WatchedOutput {
  readonly firstOutput: Promise<void>;
  readonly osc7501: Promise<void>;
  /** performance.now() of its last chunk. */
  readonly lastOutputAt: number;
}

interface CueTiming {
  pauseMs: number;
  silenceMs: number;
  longestMs: number;
}

const DEFAULT_TIMING: CueTiming = { pauseMs: OUTPUT_PAUSE_MS, silenceMs: SILENCE_MS, longestMs: LONGEST_STREAM_MS };

/**
 * Resolves at the first of: the child's exit; an OSC 7501 sequence in its output (output is held for
 * reporting from there); the output's first pause of `pauseMs`; `silenceMs` after raw mode without output;
 * `longestMs` after the first output. One timer at a time, re-armed from the last chunk's time (never one per
 * chunk), unref'd: it never keeps the shim alive.
 */
export function reportingCue(output: WatchedOutput, exited: Promise<ChildExit>, raw: Promise<unknown>, timing: CueTiming = DEFAULT_TIMING): Promise<ReportingCue> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let firstAt: number | undefined;
    let over = false;
    const finish = (cue: ReportingCue): void => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      resolve(cue);
    };
    const arm = (ms: number, check: () => void): void => {
      clearTimeout(timer);
      if (over) return;
      timer = setTimeout(check, Math.max(1, Math.ceil(ms)));
      timer.unref();
    };
    const checkPause = (): void => {
      const now = performance.now();
      const quiet = now - output.lastOutputAt;
      if (quiet >= timing.pauseMs) finish({ reason: 'pause' });
      else if (now - (firstAt as number) >= timing.longestMs) finish({ reason: 'stream' });
      else arm(Math.min(timing.pauseMs - quiet, timing.longestMs - (now - (firstAt as number))), checkPause);
    };
    exited.then(
      (exit) => finish({ reason: 'exit', exit }),
      () => finish({ reason: 'exit' }),
    );
    void output.osc7501.then(() => finish({ reason: 'osc7501' }));
    void output.firstOutput.then(() => {
      firstAt = performance.now();
      arm(Math.min(timing.pauseMs, timing.longestMs), checkPause);
    });
    const silent = (): void => {
      // The first output re-arms the one timer, so this fires only for a child still silent.
      if (firstAt === undefined) arm(timing.silenceMs, () => finish({ reason: 'silence' }));
    };
    raw.then(silent, silent);
  });
}
