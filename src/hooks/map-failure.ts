// Pure: Claude Code's StopFailure (a turn ended on an API error) and SubagentStart/SubagentStop payloads → a HookSignal.
import { cutToUtf8Bytes } from '../protocol/cut.js';
import { MSG_MAX_BYTES, NAME_MAX_BYTES, type HookSignal } from './events.js';

type Payload = Readonly<Record<string, unknown>> | undefined;

function text(obj: Payload, key: string): string | undefined {
  const value = obj?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.replace(/\s+/g, ' ').trim() : undefined;
}

/** StopFailure's `error` types that a sign-in fixes: blocked, kind auth. */
const AUTH_ERRORS: ReadonlySet<string> = new Set(['authentication_failed', 'oauth_org_not_allowed', 'verification_required', 'cloud_credential_error']);

/** What each StopFailure `error` type says, when the payload carries no detail of its own. */
const ERROR_WORDS: Readonly<Record<string, string>> = {
  rate_limit: 'rate limit',
  overloaded: 'API overloaded',
  billing_error: 'billing error',
  invalid_request: 'invalid request',
  server_error: 'API server error',
  model_not_found: 'model not found',
  max_output_tokens: 'output token limit',
  account_on_hold: 'account on hold',
  authentication_failed: 'authentication failed',
  oauth_org_not_allowed: 'organization not allowed',
  verification_required: 'verification required',
  cloud_credential_error: 'cloud credentials failed',
  unknown: 'API error',
  loop_detected: 'loop detected',
};

/** `resets 3:45pm`, `resets at 3pm (Europe/Paris)`, `resets Dec 7, 9am`: the words after `resets`, up to a separator. */
const RESETS = /\bresets?\s+(?:at\s+)?([^·|\n]{1,48}?)\s*(?:[·|.]\s|[·|]|\.?$)/i;

/** When a usage limit resets, as the text says it, or undefined. */
export function resetsIn(message: string): string | undefined {
  const found = RESETS.exec(message)?.[1]?.trim();
  return found === undefined || found === '' ? undefined : found;
}

/**
 * A StopFailure: `error` (its type) decides error or blocked:auth; the message is the payload's own detail
 * (`error_details`, else the last assistant message, which holds Claude Code's `API Error: …` line), else the
 * type's words; a reset time found in it is `resets`, and a rate limit with one reads `usage limit · resets …`.
 */
export function mapStopFailure(json: Payload): HookSignal {
  const type = text(json, 'error') ?? 'unknown';
  const detail = text(json, 'error_details') ?? text(json, 'last_assistant_message');
  const words = ERROR_WORDS[type] ?? `API error (${cutToUtf8Bytes(type, NAME_MAX_BYTES)})`;
  const resets = detail === undefined ? undefined : resetsIn(detail);
  const msg = resets !== undefined && type === 'rate_limit' ? `usage limit · resets ${resets}` : (detail ?? words);
  const signal: HookSignal = AUTH_ERRORS.has(type)
    ? { event: 'StopFailure', state: 'blocked', kind: 'auth', msg: cutToUtf8Bytes(msg, MSG_MAX_BYTES) }
    : { event: 'StopFailure', state: 'error', msg: cutToUtf8Bytes(msg, MSG_MAX_BYTES) };
  if (resets !== undefined) signal.resets = cutToUtf8Bytes(resets, NAME_MAX_BYTES);
  return signal;
}

/**
 * SubagentStart/SubagentStop: the subagent (`agent_id`), titled by its `agent_type` (`general-purpose`, the hook
 * carries no description). The signal's state is the child's: working at its start, done at its stop. Without an
 * id (a payload not read) there is no child to name: the session's turn is at work.
 */
export function mapSubagent(event: 'SubagentStart' | 'SubagentStop', json: Payload): HookSignal {
  const id = text(json, 'agent_id');
  if (id === undefined) return { event, state: 'working' };
  const title = text(json, 'agent_type');
  const phase = event === 'SubagentStart' ? 'start' : 'stop';
  return {
    event,
    state: phase === 'start' ? 'working' : 'done',
    subagent: { id: cutToUtf8Bytes(id, NAME_MAX_BYTES), phase, ...(title === undefined ? {} : { title: cutToUtf8Bytes(title, MSG_MAX_BYTES) }) },
  };
}
