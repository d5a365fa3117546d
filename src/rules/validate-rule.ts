// Validates and compiles one `[[rules]]` table.
import { BLOCKED_KINDS, SCREEN_STATES, type BlockedKind, type ScreenState } from '../protocol/types.js';
import { compileChecklist } from './checklist.js';
import { compileMatcher, EXTRA_FLAGS, isPatternProblem, type Matcher } from './matcher.js';
import { MAX_MSG_LINES, MSG_PLACEHOLDER, unknownPlaceholders } from './message.js';
import { parseRegion } from './region-parse.js';
import type { CompiledRule } from './rule-set.js';
import {
  describeType,
  expectBoolean,
  expectInteger,
  expectString,
  expectStringList,
  fail,
  isTable,
  rejectUnknownKeys,
  type ValueContext,
} from './toml-values.js';

/** Every key a rule may have. */
export const RULE_KEYS = [
  'name',
  'description',
  'state',
  'kind',
  'interrupted',
  'region',
  'dialog',
  'flags',
  'any',
  'all',
  'none',
  'msg_from',
  'msg_template',
  'msg_lines',
  'checklist',
] as const;

/** What a rule name looks like: it appears in reports, `--explain` and error messages. */
export const RULE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/u;

/**
 * Validates the rule at 1-based `index` and compiles its patterns. `seen` maps names already used
 * in this file to their index (the rule's own name is added).
 */
export function validateRule(file: string, value: unknown, index: number, seen: Map<string, number>): CompiledRule {
  const ctx: ValueContext = { file, rule: { index } };
  if (!isTable(value)) fail(ctx, 'bad-value', `must be a table ([[rules]]), got ${describeType(value)}`);
  const rawName = value['name'];
  if (typeof rawName === 'string' && rawName !== '') ctx.rule = { index, name: rawName };
  rejectUnknownKeys(ctx, value, RULE_KEYS);
  const name = validateName(ctx, rawName, seen);
  seen.set(name, index);
  const state = validateState(ctx, value['state']);
  const dialog = value['dialog'] === undefined ? false : expectBoolean(ctx, value['dialog'], 'dialog');
  if (dialog && state !== 'blocked') {
    fail(ctx, 'bad-value', `"dialog" is only allowed with state "blocked" (state is "${state}")`, 'dialog');
  }
  const kind = validateKind(ctx, value['kind'], state, dialog);
  const interrupted = value['interrupted'] === undefined ? false : expectBoolean(ctx, value['interrupted'], 'interrupted');
  if (interrupted && state !== 'idle') {
    fail(ctx, 'bad-value', `"interrupted" is only allowed with state "idle" (state is "${state}")`, 'interrupted');
  }
  if (value['description'] !== undefined) expectString(ctx, value['description'], 'description');
  const region = parseRegion(ctx, value['region']);
  const flags = validateFlags(ctx, value['flags']);
  const any = compileList(ctx, value, 'any', flags);
  const all = compileList(ctx, value, 'all', flags);
  const none = compileList(ctx, value, 'none', flags);
  const msgFrom = compileList(ctx, value, 'msg_from', flags);
  if (any.length === 0 && all.length === 0 && !dialog) {
    fail(ctx, 'no-matchers', 'no matchers: give "any" or "all" (a list of patterns), or dialog = true', 'any');
  }
  const lines = value['msg_lines'] === undefined ? undefined : expectInteger(ctx, value['msg_lines'], 'msg_lines', 1, MAX_MSG_LINES);
  const template = validateTemplate(ctx, value['msg_template'], [...any, ...all, ...msgFrom], lines, dialog);
  const checklist = value['checklist'] === undefined ? undefined : compileChecklist(ctx, value['checklist'], flags);
  if (checklist !== undefined && state !== 'working' && state !== 'blocked') {
    fail(ctx, 'bad-value', `"checklist" is only allowed with state "working" or "blocked" (state is "${state}")`, 'checklist');
  }
  return { index, name, state, kind, interrupted, region, dialog, any, all, none, msgFrom, message: { template, lines }, checklist };
}

function validateName(ctx: ValueContext, value: unknown, seen: Map<string, number>): string {
  if (value === undefined) fail(ctx, 'missing-key', 'missing key "name"', 'name');
  const name = expectString(ctx, value, 'name');
  if (!RULE_NAME_PATTERN.test(name)) {
    fail(ctx, 'bad-value', `name ${JSON.stringify(name)} must match ${RULE_NAME_PATTERN.source}`, 'name');
  }
  const first = seen.get(name);
  if (first !== undefined) fail(ctx, 'duplicate-name', `duplicate name "${name}" (also rule #${first})`, 'name');
  return name;
}

function validateState(ctx: ValueContext, value: unknown): ScreenState {
  if (value === undefined) fail(ctx, 'missing-key', `missing key "state" (valid: ${SCREEN_STATES.join(', ')})`, 'state');
  const state = expectString(ctx, value, 'state');
  if (!(SCREEN_STATES as readonly string[]).includes(state)) {
    fail(ctx, 'bad-state', `unknown state "${state}" (valid: ${SCREEN_STATES.join(', ')})`, 'state');
  }
  return state as ScreenState;
}

function validateKind(ctx: ValueContext, value: unknown, state: ScreenState, dialog: boolean): BlockedKind | undefined {
  if (value === undefined) {
    if (state === 'blocked' && !dialog) {
      fail(ctx, 'kind-missing', `state "blocked" needs a kind (valid: ${BLOCKED_KINDS.join(', ')})`, 'kind');
    }
    return undefined;
  }
  const kind = expectString(ctx, value, 'kind');
  if (!(BLOCKED_KINDS as readonly string[]).includes(kind)) {
    fail(ctx, 'bad-kind', `unknown kind "${kind}" (valid: ${BLOCKED_KINDS.join(', ')})`, 'kind');
  }
  if (state !== 'blocked') {
    fail(ctx, 'kind-not-blocked', `kind "${kind}" is only allowed with state "blocked" (state is "${state}")`, 'kind');
  }
  return kind as BlockedKind;
}

function validateFlags(ctx: ValueContext, value: unknown): string {
  if (value === undefined) return '';
  const flags = expectString(ctx, value, 'flags');
  const chars = [...flags];
  const allowed: readonly string[] = EXTRA_FLAGS;
  if (chars.some((c) => !allowed.includes(c)) || new Set(chars).size !== chars.length) {
    fail(ctx, 'bad-value', `bad flags "${flags}" (allowed: ${EXTRA_FLAGS.join(', ')}; m and u are always on)`, 'flags');
  }
  return flags;
}

function compileList(
  ctx: ValueContext,
  table: Record<string, unknown>,
  key: 'any' | 'all' | 'none' | 'msg_from',
  flags: string,
): Matcher[] {
  return expectStringList(ctx, table[key], key).map((source, i) => {
    const at = `${key}[${i}]`;
    const compiled = compileMatcher(source, at, flags, key !== 'msg_from');
    if (isPatternProblem(compiled)) fail(ctx, compiled.code, compiled.problem, at);
    if (key === 'msg_from' && !compiled.hasMsg) {
      fail(ctx, 'bad-value', `${at} ${JSON.stringify(source)} has no (?<msg>…) group (msg_from is only for messages)`, at);
    }
    return compiled;
  });
}

function validateTemplate(
  ctx: ValueContext,
  value: unknown,
  patterns: readonly Matcher[],
  lines: number | undefined,
  dialog: boolean,
): string | undefined {
  if (value === undefined) return undefined;
  const template = expectString(ctx, value, 'msg_template');
  const [unknown] = unknownPlaceholders(template);
  if (unknown !== undefined) {
    fail(ctx, 'bad-value', `msg_template has unknown placeholder ${unknown} (only ${MSG_PLACEHOLDER})`, 'msg_template');
  }
  if (template.includes(MSG_PLACEHOLDER) && lines === undefined && !dialog && !patterns.some((p) => p.hasMsg)) {
    fail(
      ctx,
      'bad-value',
      `msg_template uses ${MSG_PLACEHOLDER} but no pattern has a (?<msg>…) group and msg_lines is not set`,
      'msg_template',
    );
  }
  return template;
}
