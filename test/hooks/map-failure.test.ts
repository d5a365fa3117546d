// StopFailure's error types and SubagentStart/SubagentStop payloads (field names read in Claude Code 2.1.332's binary) → HookSignal.
import { describe, expect, test } from 'vitest';
import { mapHookEvent, parsePayload } from '../../src/hooks/map-event.js';
import { resetsIn } from '../../src/hooks/map-failure.js';

const failure = (fields: Record<string, unknown>) => mapHookEvent('StopFailure', parsePayload(JSON.stringify({ hook_event_name: 'StopFailure', ...fields })));

describe('StopFailure', () => {
  test.each<[string, Record<string, unknown>, object]>([
    ['a rate limit with its reset time', { error: 'rate_limit', error_details: "You've hit your session limit · resets 3:45pm" }, { state: 'error', msg: 'usage limit · resets 3:45pm', resets: '3:45pm' }],
    ['a rate limit without one', { error: 'rate_limit' }, { state: 'error', msg: 'rate limit' }],
    ['overloaded, its own detail', { error: 'overloaded', error_details: 'API Error: Repeated 529 Overloaded errors' }, { state: 'error', msg: 'API Error: Repeated 529 Overloaded errors' }],
    ['billing_error', { error: 'billing_error' }, { state: 'error', msg: 'billing error' }],
    ['invalid_request from the last assistant message', { error: 'invalid_request', last_assistant_message: 'API Error: 400 prompt is too long' }, { state: 'error', msg: 'API Error: 400 prompt is too long' }],
    ['authentication_failed → blocked:auth', { error: 'authentication_failed', error_details: 'Invalid API key · Please run /login' }, { state: 'blocked', kind: 'auth', msg: 'Invalid API key · Please run /login' }],
    ['a type this version does not know', { error: 'quota_melted' }, { state: 'error', msg: 'API error (quota_melted)' }],
    ['no payload at all', {}, { state: 'error', msg: 'API error' }],
  ])('%s', (_name, fields, expected) => {
    expect(failure(fields)).toEqual({ event: 'StopFailure', ...expected });
  });

  test('an unreadable payload still says error', () => {
    expect(mapHookEvent('StopFailure', parsePayload('{"cut'))).toEqual({ event: 'StopFailure', state: 'error', msg: 'API error' });
  });

  test.each([
    ["You've hit your session limit · resets 3:45pm", '3:45pm'],
    ['Limit reached · resets at 9am (Europe/Paris) · /upgrade', '9am (Europe/Paris)'],
    ['5-hour limit reached ∙ resets Dec 7, 9am', 'Dec 7, 9am'],
    ['API Error: 500', undefined],
  ])('resetsIn(%j) = %j', (text, expected) => {
    expect(resetsIn(text)).toBe(expected);
  });
});

describe('SubagentStart / SubagentStop', () => {
  test('the agent id and type name the child record', () => {
    expect(mapHookEvent('SubagentStart', parsePayload(JSON.stringify({ agent_id: 'a31bf86884dfd3ebc', agent_type: 'Explore' })))).toEqual({
      event: 'SubagentStart',
      state: 'working',
      subagent: { id: 'a31bf86884dfd3ebc', phase: 'start', title: 'Explore' },
    });
    expect(mapHookEvent('SubagentStop', parsePayload(JSON.stringify({ agent_id: 'a31bf86884dfd3ebc' })))).toEqual({ event: 'SubagentStop', state: 'done', subagent: { id: 'a31bf86884dfd3ebc', phase: 'stop' } });
  });

  test('without an agent id: no child, the turn works', () => {
    expect(mapHookEvent('SubagentStop', parsePayload('nope'))).toEqual({ event: 'SubagentStop', state: 'working' });
  });
});
