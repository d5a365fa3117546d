// A foreground program's names, for finding its rule set from its command line.
import { describe, expect, test } from 'vitest';
import { programNames } from '../../src/rules/program-names.js';

describe('programNames', () => {
  test.each([
    [['claude'], ['claude']],
    [['/usr/local/bin/codex', '--no-daemon'], ['codex']],
    [['-bash'], ['bash']],
    [['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], ['cli', 'node', 'claude-code', '@anthropic-ai', 'node_modules', 'lib', 'usr']],
    [['node', '--no-warnings', '/tmp/bin/claude'], ['claude', 'node', 'bin', 'tmp']],
    [['python3', '-m', 'http.server'], ['http.server', 'python3']],
    [[], []],
  ])('%j → %j', (argv, names) => {
    expect(programNames(argv)).toEqual(names);
  });
});
