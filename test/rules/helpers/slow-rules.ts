// A rule file whose first rule cannot finish on a row of `a`s that ends in `b` (`^(a+)+$` backtracks for
// days there), followed by a `proceed` dialog rule: what the sweep time limit is tested with.

/** The file's text: `catastrophic` (working), then `proceed` (blocked:permission) matching `proceed`, plus `extra` lines. */
export function slowRuleFile(proceed: string, extra: readonly string[] = []): string {
  return [
    'app = "slowtest"',
    '[[rules]]',
    'name = "catastrophic"',
    'state = "working"',
    "any = ['^(a+)+$']",
    '[[rules]]',
    'name = "proceed"',
    'state = "blocked"',
    'kind = "permission"',
    `any = ['${proceed}']`,
    ...extra,
    '',
  ].join('\n');
}
