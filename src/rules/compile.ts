// Rule file text → validated, compiled RuleSet. Pure: the caller reads the file.
import { parse, TomlError } from 'smol-toml';
import { compileChildRows } from './children.js';
import { RuleError } from './errors.js';
import { RuleSet, type CompiledRule } from './rule-set.js';
import {
  describeType,
  expectString,
  expectStringList,
  fail,
  rejectUnknownKeys,
  type TomlTable,
  type ValueContext,
} from './toml-values.js';
import { validateRule } from './validate-rule.js';

/** Every top-level key a rule file may have. */
export const FILE_KEYS = ['app', 'commands', 'versions', 'description', 'lifecycle', 'children', 'rules'] as const;

/** What an `app` looks like (the OSC 7501 `app` value). */
export const APP_PATTERN = /^[A-Za-z0-9_.+-]{1,32}$/u;
/** What a command basename in `commands` looks like. */
export const COMMAND_PATTERN = /^[^/\\\s]+$/u;

/**
 * Parses, validates and compiles a rule file. `file` is the name errors show (e.g.
 * `rules/claude-code.toml`). Throws RuleError with a one-line message on the first problem.
 */
export function compileRuleFile(text: string, file: string): RuleSet {
  const ctx: ValueContext = { file };
  const table = parseToml(text, file);
  rejectUnknownKeys(ctx, table, FILE_KEYS);
  const { app, commands } = fileIdentity(ctx, table);
  const versions = expectStringList(ctx, table['versions'], 'versions');
  const description = table['description'] === undefined ? undefined : expectString(ctx, table['description'], 'description');
  const lifecycle = table['lifecycle'] === undefined ? 'agent' : expectString(ctx, table['lifecycle'], 'lifecycle');
  if (lifecycle !== 'agent' && lifecycle !== 'program') {
    throw new RuleError('bad-value', file, `lifecycle: expected "agent" or "program", got ${JSON.stringify(lifecycle)}`);
  }
  const children = table['children'] === undefined ? undefined : compileChildRows(ctx, table['children']);
  const rules = compileRules(ctx, table['rules']);
  return new RuleSet({ app, commands, versions, description, file, lifecycle, ...(children === undefined ? {} : { children }) }, rules);
}

/** A rule file's `app` and `commands`: what choosing a file needs, without its rules. */
export interface RuleFileHeader {
  app: string;
  commands: readonly string[];
}

/**
 * The `app` and `commands` of a rule file, from its top-level keys only (TOML puts them before the first
 * table, so only the text before the first `[` line is parsed); undefined when that text does not give both
 * (a full compile then says what is wrong). Choosing a file by command needs no more than this.
 */
export function readRuleFileHeader(text: string, file: string): RuleFileHeader | undefined {
  const firstTable = text.search(/^[ \t]*\[/mu);
  let table: TomlTable;
  try {
    table = parseToml(firstTable < 0 ? text : text.slice(0, firstTable), file);
  } catch {
    return undefined;
  }
  try {
    return fileIdentity({ file }, table);
  } catch (error) {
    if (error instanceof RuleError) return undefined;
    throw error;
  }
}

/** A rule file's `app` and `commands`, checked as compiling the file checks them; throws RuleError. */
function fileIdentity(ctx: ValueContext, table: TomlTable): RuleFileHeader {
  if (table['app'] === undefined) fail(ctx, 'missing-key', 'missing key "app"', 'app');
  const app = expectString(ctx, table['app'], 'app');
  if (!APP_PATTERN.test(app)) fail(ctx, 'bad-value', `app ${JSON.stringify(app)} must match ${APP_PATTERN.source}`, 'app');
  const commands = expectStringList(ctx, table['commands'], 'commands');
  commands.forEach((command, i) => {
    if (!COMMAND_PATTERN.test(command)) {
      fail(ctx, 'bad-value', `commands[${i}] ${JSON.stringify(command)} must be a command basename (no path, no spaces)`, `commands[${i}]`);
    }
  });
  return { app, commands };
}

function parseToml(text: string, file: string): TomlTable {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /u, '');
      throw new RuleError('toml', file, `invalid TOML at line ${error.line}, column ${error.column}: ${reason}`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new RuleError('toml', file, `invalid TOML: ${reason.split('\n')[0] ?? ''}`);
  }
}

function compileRules(ctx: ValueContext, value: unknown): CompiledRule[] {
  if (value === undefined) fail(ctx, 'missing-key', 'missing key "rules" (add [[rules]] tables)', 'rules');
  if (!Array.isArray(value)) fail(ctx, 'bad-value', `"rules" must be a list of tables ([[rules]]), got ${describeType(value)}`, 'rules');
  const seen = new Map<string, number>();
  return value.map((rule: unknown, i) => validateRule(ctx.file, rule, i + 1, seen));
}
