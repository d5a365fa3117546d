// The output-stream scanner: safe insertion points and the child's own OSC 7501 sequences.
export { StreamScanner, type StreamScannerOptions } from './scanner.js';
export type { Osc7501Event, Osc7501Listener, StringTerminator } from './osc7501-events.js';
export { OSC7501_BODY_LIMIT } from './osc7501-capture.js';
export { SYNC_UPDATE_MODE } from './csi-mode.js';
export { OSC_TITLE_LIMIT, type OscTitleListener } from './osc-title-capture.js';
export { OSC133_STATUS_DIGITS } from './osc133-capture.js';
export type { ShellMark, ShellMarkListener } from './shell-marks.js';
export type { ProgressMark, ProgressListener } from './progress-marks.js';
