// Pure: the agent's task list as its hooks tell it, one session long → progress (done/total) and the task in progress.
import { cutToUtf8Bytes } from '../protocol/cut.js';
import { MSG_MAX_BYTES, type HookEventName, type HookTasks } from './events.js';
import type { HookPayload } from './map-event.js';

type Status = 'pending' | 'in_progress' | 'completed';
interface Task {
  status: Status;
  subject?: string;
  active?: string;
}

/** One task of a list an agent sends whole (a todo tool's input, an event's list); `cancelled` is not counted. */
export interface TodoItem {
  status: Status | 'cancelled';
  /** What the task is (`Run the tests`). */
  subject?: string;
  /** The task in progress in the spinner's words (`Running the tests`), where the agent has them. */
  active?: string;
}

/** The statuses the agents' todo tools use that mean done, and those that drop a task from the count. */
const DONE_WORDS: ReadonlySet<string> = new Set(['completed', 'done']);
const DROPPED_WORDS: ReadonlySet<string> = new Set(['cancelled', 'canceled']);

/**
 * A todo list as an agent's tool or event carries it (`[{ <subjectKey>, status, … }]`) → its items, or undefined
 * when `list` is not a list. `completed`/`done` is done, `in_progress` in progress, `cancelled` not counted, any
 * other status (`pending`, Gemini CLI's `blocked`) open.
 */
export function todoItems(list: unknown, subjectKey: string, activeKey?: string): TodoItem[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const items: TodoItem[] = [];
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const todo = entry as Record<string, unknown>;
    const word = typeof todo['status'] === 'string' ? todo['status'] : '';
    const status: TodoItem['status'] = DONE_WORDS.has(word) ? 'completed' : DROPPED_WORDS.has(word) ? 'cancelled' : word === 'in_progress' ? 'in_progress' : 'pending';
    const subject = text(todo, subjectKey);
    const active = activeKey === undefined ? undefined : text(todo, activeKey);
    items.push({ status, ...(subject === undefined ? {} : { subject }), ...(active === undefined ? {} : { active }) });
  }
  return items;
}
type Json = Readonly<Record<string, unknown>> | undefined;

function text(obj: Json, key: string): string | undefined {
  const value = obj?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.replace(/\s+/g, ' ').trim() : undefined;
}

function object(obj: Json, key: string): Json {
  const value = obj?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const STATUSES: readonly string[] = ['pending', 'in_progress', 'completed'];

/**
 * Claude Code's task list, from (field names read in the 2.1.150 and 2.1.332 binaries):
 * - TaskCreated `{ task_id, task_subject }`: a task, open; TaskCompleted `{ task_id }`: done;
 * - PostToolUse of TaskUpdate, `tool_input: { taskId, status?, subject?, activeForm? }` (status `deleted` removes it);
 * - PostToolUse of TodoWrite, `tool_input: { todos: [{ content, status, activeForm }] }`: the whole list, replaced.
 * The task in progress is named by its `activeForm` (`Running the tests`), else its subject.
 */
export class TaskLedger {
  private readonly tasks = new Map<string, Task>();

  /** Takes one hook call; the list's progress when the call changed it, else undefined. */
  note(event: string, payload: HookPayload | undefined): HookTasks | undefined {
    const json = payload?.json;
    if (json === undefined) return undefined;
    if (event === 'TaskCreated' || event === 'TaskCompleted') {
      const id = text(json, 'task_id');
      if (id === undefined) return undefined;
      const known = this.tasks.get(id);
      const subject = text(json, 'task_subject') ?? known?.subject;
      const status: Status = event === 'TaskCompleted' ? 'completed' : (known?.status ?? 'pending');
      this.tasks.set(id, { ...known, status, ...(subject === undefined ? {} : { subject }) });
      return this.progress();
    }
    if (event !== 'PostToolUse') return undefined;
    const tool = text(json, 'tool_name');
    const input = object(json, 'tool_input');
    if (tool === 'TodoWrite') return this.todoWrite(input);
    if (tool === 'TaskUpdate') return this.taskUpdate(input);
    return undefined;
  }

  /** A list the agent sent whole replaces the one kept (another agent's todo tool or event: src/hooks/agents/). */
  replace(items: readonly TodoItem[]): HookTasks {
    this.tasks.clear();
    items.forEach((item, i) => {
      if (item.status === 'cancelled') return;
      this.tasks.set(`todo-${i}`, { status: item.status, ...(item.subject === undefined ? {} : { subject: item.subject }), ...(item.active === undefined ? {} : { active: item.active }) });
    });
    return this.progress() ?? { done: 0, total: 0 };
  }

  private todoWrite(input: Json): HookTasks | undefined {
    const items = todoItems(input?.['todos'], 'content', 'activeForm');
    return items === undefined ? undefined : this.replace(items);
  }

  private taskUpdate(input: Json): HookTasks | undefined {
    const id = text(input, 'taskId');
    if (id === undefined) return undefined;
    const status = text(input, 'status');
    if (status === 'deleted') {
      this.tasks.delete(id);
      return this.progress();
    }
    const known = this.tasks.get(id) ?? { status: 'pending' as Status };
    const subject = text(input, 'subject') ?? known.subject;
    const active = text(input, 'activeForm') ?? known.active;
    this.tasks.set(id, {
      status: status !== undefined && STATUSES.includes(status) ? (status as Status) : known.status,
      ...(subject === undefined ? {} : { subject }),
      ...(active === undefined ? {} : { active }),
    });
    return this.progress();
  }

  /** done/total and the first task in progress; undefined for an empty list (no list, no progress). */
  private progress(): HookTasks | undefined {
    const all = [...this.tasks.values()];
    if (all.length === 0) return { done: 0, total: 0 };
    const running = all.find((t) => t.status === 'in_progress');
    const current = running?.active ?? running?.subject;
    return { done: all.filter((t) => t.status === 'completed').length, total: all.length, ...(current === undefined ? {} : { current: cutToUtf8Bytes(current, MSG_MAX_BYTES) }) };
  }
}
