// The lifecycle-hooks signal: inject Claude Code hooks through --settings, receive them on a private FIFO.
export { HookServer, HOOK_FIFO_ENV, HOOK_TOKEN_ENV, type ReceivedSignal, type RefusedMessage } from './channel.js';
export { ChannelPlace, type HookServerOptions } from './channel-place.js';
export { HookChannelError, SettingsError, type ChannelErrorCode, type SettingsErrorCode } from '../hooks/errors.js';
export { DEFAULT_HOOK_EVENTS, HOOK_EVENTS, type HookBlockedKind, type HookEventName, type HookSignal, type HookState } from '../hooks/events.js';
export { argvHookCommand, defaultHookCommand, fifoHookCommand, type HookCommand } from '../hooks/settings.js';
export { injectClaudeHooks, type InjectOptions, type InjectResult } from './inject.js';
export { mapHookEvent } from '../hooks/map-event.js';
export { claudeVersionAt } from './claude-version.js';
export { hookEventsFor, PERMISSION_REQUEST_SINCE } from '../hooks/versions.js';
