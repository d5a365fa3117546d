// The OSC 7501 vocabulary (protocol revision 0.2), shared by the whole codebase.

/** Every state a report can carry. */
export const STATES = ['idle', 'working', 'blocked', 'done', 'error', 'clear'] as const;
export type State = (typeof STATES)[number];

/** The states a classifier can find on a screen (`clear` is only ever sent on exit). */
export const SCREEN_STATES = ['idle', 'working', 'blocked', 'done', 'error'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];

/** What a `blocked` program waits for. */
export const BLOCKED_KINDS = ['permission', 'question', 'auth'] as const;
export type BlockedKind = (typeof BLOCKED_KINDS)[number];

/** One report, before encoding. Text fields are plain UTF-8 (the codec base64-encodes them). */
export interface Report {
  state: State;
  id?: string;
  kind?: BlockedKind;
  progress?: number;
  app?: string;
  title?: string;
  msg?: string;
}
