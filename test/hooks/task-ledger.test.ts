// Claude Code's task list from its hooks (TaskCreated, TaskCompleted, PostToolUse of TaskUpdate and TodoWrite) → done/total and the task in progress.
import { describe, expect, test } from 'vitest';
import { parsePayload } from '../../src/hooks/map-event.js';
import { TaskLedger, todoItems } from '../../src/hooks/task-ledger.js';
import type { HookEventName, HookTasks } from '../../src/hooks/events.js';

type Call = [HookEventName, Record<string, unknown>];
const created = (id: string, subject: string): Call => ['TaskCreated', { task_id: id, task_subject: subject }];
const completed = (id: string): Call => ['TaskCompleted', { task_id: id }];
const update = (input: Record<string, unknown>): Call => ['PostToolUse', { tool_name: 'TaskUpdate', tool_input: input }];
const todos = (...items: Array<[string, string]>): Call => ['PostToolUse', { tool_name: 'TodoWrite', tool_input: { todos: items.map(([content, status]) => ({ content, status, activeForm: `${content}…ing` })) } }];

function run(calls: Call[]): Array<HookTasks | undefined> {
  const ledger = new TaskLedger();
  return calls.map(([event, json]) => ledger.note(event, parsePayload(JSON.stringify(json))));
}

describe('TaskLedger', () => {
  test('tasks created, one in progress (its activeForm), completed', () => {
    expect(
      run([created('1', 'Bump the version'), created('2', 'Run the tests'), created('3', 'Write the changelog'), update({ taskId: '1', status: 'completed' }), update({ taskId: '2', status: 'in_progress', activeForm: 'Running the tests' }), completed('2'), update({ taskId: '3', status: 'deleted' })]),
    ).toEqual([
      { done: 0, total: 1 },
      { done: 0, total: 2 },
      { done: 0, total: 3 },
      { done: 1, total: 3 },
      { done: 1, total: 3, current: 'Running the tests' },
      { done: 2, total: 3 },
      { done: 2, total: 2 },
    ]);
  });

  test('a task in progress without an activeForm is named by its subject', () => {
    expect(run([created('7', 'Run the tests'), update({ taskId: '7', status: 'in_progress' })]).at(-1)).toEqual({ done: 0, total: 1, current: 'Run the tests' });
  });

  test('TodoWrite replaces the whole list', () => {
    expect(run([created('1', 'old'), todos(['Bump', 'completed'], ['Test', 'in_progress'], ['Ship', 'pending'])]).at(-1)).toEqual({ done: 1, total: 3, current: 'Test…ing' });
  });

  test.each([
    ['completed', 'completed'],
    ['done', 'completed'],
    ['in_progress', 'in_progress'],
    ['pending', 'pending'],
    ['blocked', 'pending'],
    ['cancelled', 'cancelled'],
    ['canceled', 'cancelled'],
    [undefined, 'pending'],
  ])('another agent’s todo status %s counts as %s', (status, want) => {
    expect(todoItems([{ text: 'Run the tests', status }], 'text')).toEqual([{ status: want, subject: 'Run the tests' }]);
  });

  test('a list sent whole replaces the kept one; cancelled tasks are not counted; not a list: nothing', () => {
    const ledger = new TaskLedger();
    ledger.note('TaskCreated', parsePayload(JSON.stringify({ task_id: '1', task_subject: 'old' })));
    expect(ledger.replace([{ status: 'completed', subject: 'a' }, { status: 'cancelled', subject: 'b' }, { status: 'in_progress', subject: 'c', active: 'Doing c' }])).toEqual({ done: 1, total: 2, current: 'Doing c' });
    expect(todoItems('not a list', 'content')).toBeUndefined();
    expect(todoItems([null, 3, ['x']], 'content')).toEqual([]);
  });

  test('other tools, other events and unreadable payloads say nothing of the list', () => {
    const ledger = new TaskLedger();
    expect(ledger.note('PostToolUse', parsePayload(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } })))).toBeUndefined();
    expect(ledger.note('Stop', parsePayload('{}'))).toBeUndefined();
    expect(ledger.note('TaskCreated', parsePayload('not json'))).toBeUndefined();
    expect(ledger.note('TaskCreated', undefined)).toBeUndefined();
    expect(ledger.note('PostToolUse', parsePayload(JSON.stringify({ tool_name: 'TaskUpdate', tool_input: {} })))).toBeUndefined();
  });
});
