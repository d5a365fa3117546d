// One table of exit statuses (src/exit/codes.ts): README's Exit status section lists each, and the typed errors use it.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { EXIT } from '../../src/exit/codes.js';
import { ConfigError } from '../../src/cli/config-file.js';
import { RuleError } from '../../src/rules/errors.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = README.slice(README.indexOf('### Exit status'), README.indexOf('\n### ', README.indexOf('### Exit status') + 1));

test.each(Object.entries(EXIT))("README's Exit status table has a row for %s (%i)", (_name, status) => {
  expect(section).toContain(`\n| ${status} |`);
});

test('every status of the table is distinct', () => {
  expect(new Set(Object.values(EXIT)).size).toBe(Object.values(EXIT).length);
});

test('rule and config errors carry the usage status', () => {
  expect(new RuleError('io', 'x.toml', 'cannot read').exitCode).toBe(EXIT.usage);
  expect(new ConfigError('config.toml', 'bad').exitCode).toBe(EXIT.usage);
});
