// How report messages are built from the classifier's msg and the configured templates.
import { describe, expect, test } from 'vitest';
import { buildMessage } from '../../src/status/message.js';
import type { MessageTemplates, StatusInput } from '../../src/status/types.js';

const templates: MessageTemplates = {
  byRule: { 'codex-approval': 'run {msg}?', 'claude-plan': 'review the plan' },
  byKind: { permission: 'approve {msg}' },
};

describe('buildMessage', () => {
  test.each<[string, StatusInput, MessageTemplates, string | undefined]>([
    ['the raw msg without templates', { state: 'working', msg: 'Reading file' }, {}, 'Reading file'],
    ['whitespace collapsed', { state: 'working', msg: '  Reading\n  file \t' }, {}, 'Reading file'],
    ['no msg at all', { state: 'working' }, {}, undefined],
    ['an empty msg', { state: 'working', msg: '   ' }, {}, undefined],
    ['the kind template', { state: 'blocked', kind: 'permission', msg: 'Bash: rm -rf build' }, templates, 'approve Bash: rm -rf build'],
    ['the rule template over the kind template', { state: 'blocked', kind: 'permission', msg: 'ls', rule: 'codex-approval' }, templates, 'run ls?'],
    ['a rule template without {msg}', { state: 'blocked', kind: 'question', rule: 'claude-plan' }, templates, 'review the plan'],
    ['a kind template only for blocked screens', { state: 'working', kind: 'permission', msg: 'x' }, templates, 'x'],
    ['a template whose {msg} is missing', { state: 'blocked', kind: 'permission' }, templates, 'approve'],
  ])('%s', (_name, input, t, expected) => {
    expect(buildMessage(input, t)).toBe(expected);
  });
});
