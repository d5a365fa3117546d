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
    // Pi: its package folder names the `pi` command; once started it calls itself `pi` (process.title).
    [
      ['node', '/usr/lib/node_modules/@mariozechner/pi-coding-agent/dist/cli.js'],
      ['cli', 'node', 'dist', 'pi-coding-agent', '@mariozechner', 'node_modules', 'lib', 'usr', 'pi'],
    ],
    [['pi'], ['pi']],
    [[], []],
  ])('%j → %j', (argv, names) => {
    expect(programNames(argv)).toEqual(names);
  });
});
