// Reads a rule's `region` value into a Region.
import { compileMatcher, isPatternProblem } from './matcher.js';
import { SCREEN_REGION, type Region } from './region.js';
import { describeType, expectInteger, fail, isTable, type ValueContext } from './toml-values.js';

/** The most rows `bottom`/`top` may count, and the bound for `rows` offsets. */
export const MAX_REGION_ROWS = 1000;

const CHOICES = '"screen", "below-last-rule", { bottom = N }, { top = N }, { rows = [start, end] }, { above = \'PATTERN\' }';

/** The region a rule's `region` value names; absent means the whole screen. */
export function parseRegion(ctx: ValueContext, value: unknown): Region {
  if (value === undefined || value === 'screen') return SCREEN_REGION;
  if (value === 'below-last-rule') return { type: 'below-last-rule' };
  if (typeof value === 'string') fail(ctx, 'bad-value', `unknown region "${value}" (valid: ${CHOICES})`, 'region');
  if (!isTable(value)) fail(ctx, 'bad-value', `"region" must be a string or a table, got ${describeType(value)}`, 'region');
  const keys = Object.keys(value);
  const [key] = keys;
  if (keys.length !== 1 || key === undefined) {
    fail(ctx, 'bad-value', `"region" table must have exactly one key, got ${keys.length} (valid: ${CHOICES})`, 'region');
  }
  const inner = value[key];
  switch (key) {
    case 'bottom':
    case 'top':
      return { type: key, count: expectInteger(ctx, inner, `region.${key}`, 1, MAX_REGION_ROWS) };
    case 'rows':
      return parseRows(ctx, inner);
    case 'above':
      return parseAbove(ctx, inner);
    default:
      return fail(ctx, 'unknown-key', `unknown key "region.${key}" (valid: ${CHOICES})`, `region.${key}`);
  }
}

function parseRows(ctx: ValueContext, value: unknown): Region {
  if (!Array.isArray(value) || value.length < 1 || value.length > 2) {
    fail(ctx, 'bad-value', `"region.rows" must be [start] or [start, end], got ${describeType(value)}`, 'region.rows');
  }
  const [start, end] = value.map((n: unknown, i) =>
    expectInteger(ctx, n, `region.rows[${i}]`, -MAX_REGION_ROWS, MAX_REGION_ROWS),
  );
  return { type: 'rows', start: start ?? 0, end };
}

// `{ above = 'PATTERN' }`: one pattern, tested row by row (flags m and u, like every pattern).
function parseAbove(ctx: ValueContext, value: unknown): Region {
  if (typeof value !== 'string') fail(ctx, 'bad-value', `"region.above" must be a pattern string, got ${describeType(value)}`, 'region.above');
  const compiled = compileMatcher(value, 'region.above', '', false);
  if (isPatternProblem(compiled)) fail(ctx, compiled.code, compiled.problem, 'region.above');
  if (compiled.re.test('')) {
    fail(ctx, 'bad-regex', `region.above ${JSON.stringify(value)} matches a blank row, so the region would end at the screen's last row`, 'region.above');
  }
  return { type: 'above', pattern: compiled.re, source: value };
}
