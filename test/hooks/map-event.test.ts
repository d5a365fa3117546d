// A hook call (event + stdin payload) maps to the state it implies, the msg capped but not sanitized.
import { describe, expect, test } from 'vitest';
import { MSG_MAX_BYTES, type HookEventName, type HookSignal } from '../../src/hooks/events.js';
import { describePermission, mapHookEvent, needsPayload, parsePayload } from '../../src/hooks/map-event.js';
import { utf8Length } from '../../src/protocol/utf8.js';

const json = (value: unknown): ReturnType<typeof parsePayload> => parsePayload(JSON.stringify(value));

describe('mapHookEvent', () => {
  test.each<[string, HookEventName, ReturnType<typeof parsePayload> | undefined, HookSignal | undefined]>([
    ['a prompt submitted → working', 'UserPromptSubmit', json({ prompt: 'hi' }), { event: 'UserPromptSubmit', state: 'working' }],
    ['a tool about to run → working, naming the tool', 'PreToolUse', json({ tool_name: 'Bash', tool_input: { command: 'ls' } }), { event: 'PreToolUse', state: 'working', tool: 'Bash' }],
    ['a tool that ran → working', 'PostToolUse', json({ tool_name: 'Edit' }), { event: 'PostToolUse', state: 'working', tool: 'Edit' }],
    ['the turn ended → done', 'Stop', json({ stop_hook_active: false }), { event: 'Stop', state: 'done' }],
    [
      'a permission notification before 2.1 → blocked(permission) naming the tool',
      'Notification',
      json({ message: 'Claude needs your permission to use Bash' }),
      { event: 'Notification', state: 'blocked', kind: 'permission', msg: 'approve Bash' },
    ],
    [
      'a permission notification naming an MCP tool → its MCP display name',
      'Notification',
      json({ message: 'Claude needs your permission to use mcp__tickets__lookup_ticket' }),
      { event: 'Notification', state: 'blocked', kind: 'permission', msg: 'approve tickets - lookup_ticket (MCP)' },
    ],
    [
      'a permission notification of 2.1 (notification_type, no tool) → blocked(permission) with its words',
      'Notification',
      json({ message: 'Claude needs your permission', notification_type: 'permission_prompt' }),
      { event: 'Notification', state: 'blocked', kind: 'permission', msg: 'Claude needs your permission', notification: 'permission_prompt' },
    ],
    [
      'a plan approval → blocked(permission) "approve plan"',
      'Notification',
      json({ message: 'Claude Code needs your approval for the plan', notification_type: 'permission_prompt' }),
      { event: 'Notification', state: 'blocked', kind: 'permission', msg: 'approve plan', notification: 'permission_prompt' },
    ],
    [
      'waiting for input (60 s idle) → idle',
      'Notification',
      json({ message: 'Claude is waiting for your input', notification_type: 'idle_prompt' }),
      { event: 'Notification', state: 'idle', notification: 'idle_prompt' },
    ],
    [
      'waiting for input, before notification_type existed → idle',
      'Notification',
      json({ message: 'Claude is waiting for your input' }),
      { event: 'Notification', state: 'idle' },
    ],
    [
      'an MCP elicitation → blocked(question)',
      'Notification',
      json({ message: 'Claude Code needs your input', notification_type: 'elicitation_dialog' }),
      { event: 'Notification', state: 'blocked', kind: 'question', msg: 'Claude Code needs your input', notification: 'elicitation_dialog' },
    ],
    ['the end of an elicitation → nothing (the turn goes on)', 'Notification', json({ message: 'x', notification_type: 'elicitation_complete' }), undefined],
    [
      'any other notification → idle',
      'Notification',
      json({ message: 'Claude Code login successful', notification_type: 'auth_success' }),
      { event: 'Notification', state: 'idle', notification: 'auth_success' },
    ],
    ['a notification whose payload is not JSON → nothing (it may have been a permission)', 'Notification', parsePayload('{"message": "Claude needs'), undefined],
    ['a notification with no payload → nothing', 'Notification', undefined, undefined],
    ['a tool event with no payload → still working', 'PreToolUse', undefined, { event: 'PreToolUse', state: 'working' }],
    ['a tool event with a garbage payload → still working', 'PreToolUse', parsePayload('not json'), { event: 'PreToolUse', state: 'working' }],
    ['a JSON payload that is not an object → the event alone', 'PostToolUse', parsePayload('[1,2]'), { event: 'PostToolUse', state: 'working' }],
    [
      'a permission request (2.0.45+) → blocked(permission) worded like Claude Code',
      'PermissionRequest',
      json({ tool_name: 'Bash', tool_input: { command: 'touch build.log' } }),
      { event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Bash: touch build.log', tool: 'Bash' },
    ],
    ['a permission request with no payload → blocked(permission) "approve"', 'PermissionRequest', undefined, { event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve' }],
  ])('%s', (_name, event, payload, expected) => {
    expect(mapHookEvent(event, payload)).toEqual(expected);
  });

  test('a PreToolUse payload cut at the size cap still names its tool (a Write of a big file)', () => {
    const text = `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"content":"${'x'.repeat(70_000)}`.slice(0, 65_536);
    expect(mapHookEvent('PreToolUse', parsePayload(text))).toEqual({ event: 'PreToolUse', state: 'working', tool: 'Write' });
  });

  test('a huge permission message is cut to 512 bytes on a character boundary', () => {
    const signal = mapHookEvent('Notification', json({ message: `Claude needs your permission to use ${'工具'.repeat(400)}` }));
    expect(signal?.msg).toBeDefined();
    expect(utf8Length(signal?.msg ?? '')).toBeLessThanOrEqual(MSG_MAX_BYTES);
    expect(signal?.msg?.endsWith('…')).toBe(true);
  });

  test('control characters pass through (the shim\'s encoder sanitizes); newlines become spaces', () => {
    const signal = mapHookEvent('PermissionRequest', json({ tool_name: 'Bash', tool_input: { command: 'echo a\necho \x1b[31mb' } }));
    expect(signal?.msg).toBe('approve Bash: echo a echo \x1b[31mb');
  });
});

describe('describePermission', () => {
  test.each([
    ['Bash', { command: 'npm test' }, 'approve Bash: npm test'],
    ['Edit', { file_path: '/p/a.ts' }, 'approve Update: /p/a.ts'],
    ['MultiEdit', { file_path: '/p/a.ts' }, 'approve Update: /p/a.ts'],
    ['NotebookEdit', { notebook_path: '/p/n.ipynb' }, 'approve Update: /p/n.ipynb'],
    ['Write', { file_path: '/p/new.txt' }, 'approve Write: /p/new.txt'],
    ['WebFetch', { url: 'https://example.com/' }, 'approve Fetch: https://example.com/'],
    ['ExitPlanMode', { plan: '…' }, 'approve plan'],
    ['mcp__tickets__lookup_ticket', { id: 1 }, 'approve tickets - lookup_ticket (MCP)'],
    ['Glob', { pattern: '*' }, 'approve Glob'],
    ['Bash', undefined, 'approve Bash'],
  ])('%s %j → %s', (tool, input, expected) => {
    expect(describePermission(tool, input)).toBe(expected);
  });
});

test('only the events whose report depends on it ship the payload (a tool\'s name is not reported)', () => {
  expect(needsPayload('UserPromptSubmit')).toBe(false);
  expect(needsPayload('Stop')).toBe(false);
  expect(needsPayload('PreToolUse')).toBe(false);
  expect(needsPayload('PostToolUse')).toBe(false);
  expect(needsPayload('PermissionRequest')).toBe(true);
  expect(needsPayload('Notification')).toBe(true);
});
