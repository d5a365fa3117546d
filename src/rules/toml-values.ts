// Type checks for values parsed from a rule file, failing with a RuleError that names the key.
import { RuleError, type RuleErrorCode, type RuleLocation } from './errors.js';

/** Where a value sits: the file and, inside a rule, the rule. */
export interface ValueContext {
  file: string;
  rule?: RuleLocation;
}

/** A parsed TOML table (smol-toml gives plain objects). */
export type TomlTable = Record<string, unknown>;

/** Throws the RuleError for a problem at `ctx`. */
export function fail(ctx: ValueContext, code: RuleErrorCode, problem: string, key?: string): never {
  throw new RuleError(code, ctx.file, problem, ctx.rule, key);
}

/** The TOML type of a value, for messages: "a string", "an integer", "a table"… */
export function describeType(value: unknown): string {
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a float';
  if (typeof value === 'bigint') return 'an integer';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (isTable(value)) return 'a table';
  return typeof value;
}

/** Whether a value is a TOML table. */
export function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Fails on the first key of `table` that is not in `allowed`, listing the valid keys. */
export function rejectUnknownKeys(ctx: ValueContext, table: TomlTable, allowed: readonly string[]): void {
  for (const key of Object.keys(table)) {
    if (!allowed.includes(key)) {
      fail(ctx, 'unknown-key', `unknown key "${key}" (valid keys: ${allowed.join(', ')})`, key);
    }
  }
}

/** A string value. */
export function expectString(ctx: ValueContext, value: unknown, key: string): string {
  if (typeof value !== 'string') fail(ctx, 'bad-value', `"${key}" must be a string, got ${describeType(value)}`, key);
  return value;
}

/** A list of strings; `undefined` (key absent) gives an empty list. */
export function expectStringList(ctx: ValueContext, value: unknown, key: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    fail(ctx, 'bad-value', `"${key}" must be a list of strings, got ${describeType(value)}`, key);
  }
  return value.map((item: unknown, i) => {
    if (typeof item !== 'string') {
      fail(ctx, 'bad-value', `${key}[${i}] must be a string, got ${describeType(item)}`, `${key}[${i}]`);
    }
    return item;
  });
}

/** An integer in [min, max]. */
export function expectInteger(ctx: ValueContext, value: unknown, key: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const got = typeof value === 'number' ? String(value) : describeType(value);
    fail(ctx, 'bad-value', `"${key}" must be an integer from ${min} to ${max}, got ${got}`, key);
  }
  return value;
}

/** A boolean. */
export function expectBoolean(ctx: ValueContext, value: unknown, key: string): boolean {
  if (typeof value !== 'boolean') fail(ctx, 'bad-value', `"${key}" must be true or false, got ${describeType(value)}`, key);
  return value;
}
