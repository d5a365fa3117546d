// The one error type of rule loading and validation: names the file, the rule and the problem.
import { EXIT } from '../exit/codes.js';

/** Stable codes for rule problems, for tests and tooling (the message is for people). */
export const RULE_ERROR_CODES = [
  'toml',
  'unknown-key',
  'missing-key',
  'bad-value',
  'bad-regex',
  'bad-state',
  'bad-kind',
  'kind-not-blocked',
  'kind-missing',
  'duplicate-name',
  'duplicate-app',
  'no-matchers',
  'not-found',
  'io',
] as const;
export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

/** Where in a rule file a problem is: the rule's 1-based index and, when it has one, its name. */
export interface RuleLocation {
  index: number;
  name?: string;
}

/** Exit status the CLI uses for any rule problem. */
export const RULE_ERROR_EXIT_CODE = EXIT.usage;

/** A rule file problem. `message` is one line: `FILE: rule "NAME" (#N): PROBLEM`. */
export class RuleError extends Error {
  override readonly name = 'RuleError';
  readonly code: RuleErrorCode;
  readonly exitCode = RULE_ERROR_EXIT_CODE;
  /** The file as shown to the user (or the option, e.g. `--rules`). */
  readonly file: string;
  readonly rule: RuleLocation | undefined;
  /** The key at fault, e.g. `any[2]` or `region`, when there is one. */
  readonly key: string | undefined;
  /** The problem alone, without the file and rule prefix. */
  readonly problem: string;

  constructor(code: RuleErrorCode, file: string, problem: string, rule?: RuleLocation, key?: string) {
    super(`${file}: ${describeRule(rule)}${problem}`);
    this.code = code;
    this.file = file;
    this.rule = rule;
    this.key = key;
    this.problem = problem;
  }
}

function describeRule(rule: RuleLocation | undefined): string {
  if (rule === undefined) return '';
  return rule.name === undefined ? `rule #${rule.index}: ` : `rule "${rule.name}" (#${rule.index}): `;
}
