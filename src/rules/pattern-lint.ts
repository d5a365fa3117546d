// Warnings about patterns that can backtrack catastrophically: a group repeated without bound whose body
// is itself only repetition (`(a+)+`, `(?:\s*\w*)*`, `(?:a|b+)+`). Such a group can split the same text into
// iterations in exponentially many ways, and a screen that almost matches (a row of `a`s ending in `b`)
// keeps the regex engine busy for seconds to years. Pure: source text in, warnings out.
//
// The check reads the pattern's source with a small scanner (escapes, character classes, groups,
// alternatives, quantifiers). A group is flagged when it is quantified by `*`, `+` or `{n,}` and one of its
// alternatives has nothing mandatory: every atom in it carries a quantifier that allows zero or more than one
// (`?`, `*`, `+`, `{n,}`, `{n,m}` with m > 1), and at least one of those is unbounded (or is such a group
// itself). `(?:[^\n]*\n)*` is not flagged: each iteration must end at a newline, so there is one way to
// split. It is a heuristic: it finds the classic shape, not every slow pattern (test/rules/pattern-speed
// measures the bundled ones on hostile screens).

interface Atom {
  /** The atom is optional or repeats (its quantifier allows a count other than exactly one). */
  loose: boolean;
  /** Its quantifier has no upper bound, or it is a group with an unbounded loose alternative. */
  unbounded: boolean;
}

interface GroupFrame {
  start: number;
  /** A lookahead or lookbehind: an assertion, no atom for the group around it. */
  lookaround: boolean;
  alternatives: Atom[][];
}

/** Reads a quantifier at `at`: its length and bounds, or undefined when there is none. */
function readQuantifier(source: string, at: number): { length: number; loose: boolean; unbounded: boolean } | undefined {
  const c = source[at];
  let length: number;
  let loose: boolean;
  let unbounded: boolean;
  if (c === '*' || c === '+') {
    length = 1;
    loose = true;
    unbounded = true;
  } else if (c === '?') {
    length = 1;
    loose = true;
    unbounded = false;
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/u.exec(source.slice(at));
    if (m === null) return undefined; // a literal `{`
    length = m[0].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
    unbounded = max === Number.POSITIVE_INFINITY;
    loose = !(min === 1 && max === 1);
  } else return undefined;
  if (source[at + length] === '?' || source[at + length] === '+') length += 1; // lazy (or possessive-looking)
  return { length, loose, unbounded };
}

/** The groups of `source` that are repeated without bound around a body of nothing but repetition. */
export function nestedQuantifierGroups(source: string): string[] {
  const found: string[] = [];
  const stack: GroupFrame[] = [{ start: -1, lookaround: false, alternatives: [[]] }];
  const current = (): Atom[] => {
    const frame = stack[stack.length - 1]!;
    return frame.alternatives[frame.alternatives.length - 1]!;
  };
  /** Adds an atom ending before `at`, with the quantifier that may follow it; returns where scanning goes on. */
  const addAtom = (at: number, base: { looseInside?: boolean; start?: number }): number => {
    const q = readQuantifier(source, at);
    const atom: Atom = { loose: q?.loose ?? false, unbounded: q?.unbounded ?? false };
    if (base.looseInside === true && q !== undefined && q.unbounded && base.start !== undefined) {
      found.push(source.slice(base.start, at + q.length));
    }
    if (base.looseInside === true && q === undefined) {
      // An unquantified group whose body is only repetition is itself repetition to the group around it.
      atom.loose = true;
      atom.unbounded = true;
    }
    current().push(atom);
    return at + (q?.length ?? 0);
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      // An escape is one atom (\d, \n, \u{…}, \p{…}, a backreference).
      let end = i + 2;
      const next = source[i + 1];
      if ((next === 'u' || next === 'p' || next === 'P') && source[i + 2] === '{') end = source.indexOf('}', i) + 1 || source.length;
      else if (next === 'u') end = i + 6;
      else if (next === 'x') end = i + 4;
      else if (next === 'k' && source[i + 2] === '<') end = source.indexOf('>', i) + 1 || source.length;
      else if (next === 'b' || next === 'B') {
        i = end; // an assertion: no atom
        continue;
      }
      i = addAtom(end, {});
    } else if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j += 1;
      if (source[j] === ']') j += 1;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      i = addAtom(j + 1, {});
    } else if (c === '(') {
      const look = /^\(\?(?:<[=!]|[=!])/u.exec(source.slice(i));
      const named = /^\(\?<[A-Za-z_$][\w$]*>|^\(\?:/u.exec(source.slice(i));
      stack.push({ start: i, lookaround: look !== null, alternatives: [[]] });
      i += look?.[0].length ?? named?.[0].length ?? 1;
    } else if (c === ')') {
      const frame = stack.length > 1 ? stack.pop()! : undefined;
      if (frame === undefined) {
        i += 1;
        continue;
      }
      const looseInside = frame.alternatives.some(
        (alt) => alt.length > 0 && alt.every((a) => a.loose) && alt.some((a) => a.unbounded),
      );
      if (frame.lookaround) {
        i += 1; // an assertion: no atom for the group around it
        continue;
      }
      i = addAtom(i + 1, { looseInside, start: frame.start });
    } else if (c === '|') {
      stack[stack.length - 1]!.alternatives.push([]);
      i += 1;
    } else if (c === '^' || c === '$') {
      i += 1;
    } else {
      // A literal character (a whole code point) or `.`.
      const cp = source.codePointAt(i) ?? 0;
      i = addAtom(i + (cp > 0xffff ? 2 : 1), {});
    }
  }
  return found;
}

/** A rule's patterns as the lint reads them. */
export interface LintableRule {
  name: string;
  any: readonly { key: string; source: string }[];
  all: readonly { key: string; source: string }[];
  none: readonly { key: string; source: string }[];
  msgFrom: readonly { key: string; source: string }[];
  /** `{ above = 'PATTERN' }` is a pattern too. */
  region?: { type: string; source?: string };
}

function regionPatterns(rule: LintableRule): { key: string; source: string }[] {
  const source = rule.region?.type === 'above' ? rule.region.source : undefined;
  return source === undefined ? [] : [{ key: 'region.above', source }];
}

/** One line per flagged group: `<file>: rule "<name>" <key>: nested unbounded quantifier (a+)+ may backtrack…`. */
export function lintRules(file: string, rules: readonly LintableRule[]): string[] {
  return rules.flatMap((rule) =>
    [...rule.any, ...rule.all, ...rule.none, ...rule.msgFrom, ...regionPatterns(rule)].flatMap(({ key, source }) =>
      nestedQuantifierGroups(source).map(
        (group) =>
          `${file}: rule ${JSON.stringify(rule.name)} ${key}: nested unbounded quantifier ${group} can backtrack ` +
          'exponentially on a row that almost matches (repeat something mandatory instead, e.g. (?:a+,)+)',
      ),
    ),
  );
}
