// Typed errors of the hooks signal, each with a stable code.

/** Why the user's `--settings` could not take the shim's hooks (the command line is then left as it was). */
export type SettingsErrorCode =
  | 'settings-missing-value'
  | 'settings-unreadable'
  | 'settings-invalid-json'
  | 'settings-not-object'
  | 'hooks-not-object'
  | 'settings-too-large';

/** The user's `--settings` value cannot be merged with the shim's hooks. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(
    readonly code: SettingsErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Why the private channel could not be opened. */
export type ChannelErrorCode = 'channel-directory' | 'channel-token' | 'channel-fifo';

/** The per-session FIFO or its directory could not be made safe (the session then runs without hooks). */
export class HookChannelError extends Error {
  override readonly name = 'HookChannelError';
  constructor(
    readonly code: ChannelErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
