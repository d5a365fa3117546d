// A rule's `checklist`: an agent's plan or todo list drawn on screen, counted row by row. Pure.
//
// `list` finds the whole list (its header and rows); the last match on the screen is the list that counts (an
// agent redraws its plan below the older ones as it updates it). Each row of that match is tested against
// `done`, then `current`, then `open`: done rows count as done, current and open rows as still to do, and a
// row that matches none (the header, a cancelled task, a wrapped row's rest) is not counted. A row that stands for
// several tasks the list folds away (`… +4 tasks (1 in progress, 1 open, 2 done)`) matches `folded`: its group `n`
// is how many, its group `done` how many of them are done (a number at its start; without one, all n: `(done)`). The task in progress is the first `current` row's `task` group (or that row, trimmed). A list that states its own count
// (a collapsed todo tray: `Todo 1/3 completed`) gives it by `count`, a pattern with groups `done` and `total`,
// in place of the rows.
import { compileMatcher, isPatternProblem, type Matcher } from './matcher.js';
import { fail, isTable, rejectUnknownKeys, expectString, describeType, type ValueContext } from './toml-values.js';

/** The keys of a rule's `checklist` table. */
export const CHECKLIST_KEYS = ['list', 'done', 'open', 'current', 'count', 'folded'] as const;

/** A compiled checklist: the list's pattern (global, to find its last match) and the three row patterns. */
export interface Checklist {
  list: RegExp;
  done: RegExp | undefined;
  open: RegExp | undefined;
  current: RegExp | undefined;
  /** The list's own count: groups `done` and `total`. */
  count: RegExp | undefined;
  /** A row standing for `n` folded tasks (group `n`), of which group `done` are done (its number, else all). */
  folded: RegExp | undefined;
}

/** What a checklist found: done of total tasks, and the task in progress if one is marked. */
export interface ChecklistCount {
  done: number;
  total: number;
  current?: string;
}

/** Validates and compiles `checklist = { list, done, open, current?, count? }`; throws RuleError. */
export function compileChecklist(ctx: ValueContext, value: unknown, flags: string): Checklist {
  if (!isTable(value)) fail(ctx, 'bad-value', `checklist must be a table { list, done and open (or count), current? }, got ${describeType(value)}`, 'checklist');
  rejectUnknownKeys(ctx, value, CHECKLIST_KEYS.map((k) => k));
  const pattern = (key: (typeof CHECKLIST_KEYS)[number], required: boolean): Matcher | undefined => {
    const at = `checklist.${key}`;
    if (value[key] === undefined) {
      if (required) fail(ctx, 'missing-key', `checklist needs "${key}" (a pattern)`, at);
      return undefined;
    }
    const compiled = compileMatcher(expectString(ctx, value[key], at), at, flags, true);
    if (isPatternProblem(compiled)) fail(ctx, compiled.code, compiled.problem, at);
    return compiled;
  };
  const list = pattern('list', true)!;
  const count = pattern('count', false);
  if (count !== undefined && !(/\(\?<done>/u.test(count.source) && /\(\?<total>/u.test(count.source))) {
    fail(ctx, 'bad-value', 'checklist.count needs the groups (?<done>…) and (?<total>…)', 'checklist.count');
  }
  const done = pattern('done', count === undefined);
  const open = pattern('open', count === undefined);
  const current = pattern('current', false);
  const folded = pattern('folded', false);
  if (folded !== undefined && !/\(\?<n>/u.test(folded.source)) fail(ctx, 'bad-value', 'checklist.folded needs the group (?<n>…)', 'checklist.folded');
  return { list: new RegExp(list.re.source, `${list.re.flags.replace('d', '')}g`), done: done?.re, open: open?.re, current: current?.re, count: count?.re, folded: folded?.re };
}

/** Counts the last list on `text`; undefined when there is no list, or it has no task rows. */
export function countChecklist(checklist: Checklist, text: string): ChecklistCount | undefined {
  let last: RegExpExecArray | undefined;
  checklist.list.lastIndex = 0;
  for (let match = checklist.list.exec(text); match !== null; match = checklist.list.exec(text)) {
    last = match;
    if (match[0] === '') checklist.list.lastIndex++;
  }
  if (last === undefined) return undefined;
  let done = 0;
  let total = 0;
  let current: string | undefined;
  if (checklist.count !== undefined) {
    const stated = checklist.count.exec(last[0])?.groups;
    done = Number.parseInt(stated?.['done'] ?? '', 10);
    total = Number.parseInt(stated?.['total'] ?? '', 10);
    if (!(Number.isFinite(done) && Number.isFinite(total) && total > 0 && done <= total)) return undefined;
    const inProgress = checklist.current?.exec(last[0]); // not global: always from the list's start
    if (inProgress !== undefined && inProgress !== null) current = (inProgress.groups?.['task'] ?? inProgress[0]).replace(/\s+/gu, ' ').trim();
    return current ? { done, total, current } : { done, total };
  }
  for (const row of last[0].split('\n')) {
    const fold = checklist.folded?.exec(row)?.groups;
    const n = Number.parseInt(fold?.['n'] ?? '', 10);
    if (fold !== undefined && Number.isFinite(n) && n > 0) {
      total += n;
      const foldedDone = fold['done'];
      if (foldedDone !== undefined) done += Math.min(n, Number.parseInt(foldedDone, 10) || n);
      continue;
    }
    if (checklist.done?.test(row)) {
      done++;
      total++;
      continue;
    }
    const inProgress = checklist.current?.exec(row);
    if (inProgress) {
      total++;
      current ??= (inProgress.groups?.['task'] ?? row).replace(/\s+/gu, ' ').trim();
      continue;
    }
    if (checklist.open?.test(row)) total++;
  }
  if (total === 0) return undefined;
  return current ? { done, total, current } : { done, total };
}

/** The count as a percentage, rounded down (100 only when all is done). */
export function checklistProgress(count: ChecklistCount): number {
  return Math.floor((count.done / count.total) * 100);
}

/** The count as a working message: `3/7 · Running the tests`, or `3/7` when no task is marked in progress. */
export function checklistMessage(count: ChecklistCount): string {
  return count.current ? `${count.done}/${count.total} · ${count.current}` : `${count.done}/${count.total}`;
}
