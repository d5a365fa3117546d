// Default timings of the status tracker, and the config with every default filled in.
import type { ExitPolicy, TrackerConfig } from './types.js';

/** Confirmation window (ms) before idle/done: longer than a TUI's gap between frames, short enough to feel prompt. */
export const DEFAULT_SETTLE_MS = 300;

/** Least spacing (ms) of rate-limited reports: at most 4 a second, as the protocol suggests for progress updates. */
export const DEFAULT_MIN_INTERVAL_MS = 250;

/** A config with every optional field resolved. */
export interface ResolvedConfig {
  app: string;
  id: string | undefined;
  settleMs: number;
  minIntervalMs: number;
  onExit: ExitPolicy;
}

/** Fill in the defaults of `config`. */
export function resolveConfig(config: TrackerConfig): ResolvedConfig {
  return {
    app: config.app,
    id: config.id,
    settleMs: config.settleMs ?? DEFAULT_SETTLE_MS,
    minIntervalMs: config.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS,
    onExit: config.onExit ?? 'result',
  };
}
