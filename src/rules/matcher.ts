// One compiled pattern of a rule, and the checks a pattern must pass to get compiled.

/** Flags every pattern gets: `m` (^ and $ at each row) and `u` (code points, \p{…}). */
export const BASE_FLAGS = 'mu';
/** Flags a rule may add. */
export const EXTRA_FLAGS = ['i', 's'] as const;

/** A compiled pattern; `key` names it in the rule, e.g. `any[0]`. */
export interface Matcher {
  key: string;
  source: string;
  re: RegExp;
  /** The pattern has a named group `msg`. */
  hasMsg: boolean;
}

/** Why a pattern was refused; the caller turns it into a RuleError. */
export interface PatternProblem {
  code: 'bad-regex';
  problem: string;
}

// `(?<msg>` not preceded by an escaping backslash.
const MSG_GROUP = /(?<!\\)(?:\\\\)*\(\?<msg>/u;

/**
 * Compiles one pattern with BASE_FLAGS plus `extraFlags`. A pattern that decides a match (`any`,
 * `all`) or vetoes one (`none`) must not match an empty screen: it would match (or veto) always.
 */
export function compileMatcher(
  source: string,
  key: string,
  extraFlags: string,
  checkEmpty: boolean,
): Matcher | PatternProblem {
  const hasMsg = MSG_GROUP.test(source);
  // `d` gives group offsets, which multi-line messages need; only patterns with `msg` pay for it.
  const flags = BASE_FLAGS + extraFlags + (hasMsg ? 'd' : '');
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { code: 'bad-regex', problem: `bad regex in ${key} ${JSON.stringify(source)}: ${reason}` };
  }
  if (checkEmpty && re.test('')) {
    return {
      code: 'bad-regex',
      problem: `${key} ${JSON.stringify(source)} matches an empty screen, so it would decide every screen`,
    };
  }
  return { key, source, re, hasMsg };
}

/** Whether compileMatcher refused the pattern. */
export function isPatternProblem(value: Matcher | PatternProblem): value is PatternProblem {
  return 'problem' in value;
}
