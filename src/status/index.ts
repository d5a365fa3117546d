// The status tracker: from classified screens (and the child's exit) to the reports to write.
export { StatusTracker } from './tracker.js';
export { DEFAULT_MIN_INTERVAL_MS, DEFAULT_SETTLE_MS } from './defaults.js';
export type { ExitPolicy, StatusInput, TrackerConfig } from './types.js';
