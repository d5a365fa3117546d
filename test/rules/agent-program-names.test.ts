// `osf7501 bash` then an agent: the foreground program's command line, as /proc shows it for each agent as npm
// installs it, picks that agent's bundled rules (ForegroundRules over the real bundled catalog). The command
// lines are the ones seen on the recording machine (the process group leader of a running agent).
import { describe, expect, test } from 'vitest';
import { ForegroundRules, type RuleChoice } from '../../src/session/foreground-rules.js';
import { BUILT_IN_FALLBACK, loadRuleCatalog } from '../../src/rule-files/load.js';

const BASE: RuleChoice = { app: 'bash', rules: BUILT_IN_FALLBACK };
const agents = loadRuleCatalog({ env: {} }).active.filter((e) => e.commands.length > 0);
const appFor = (argv: string[]): string | undefined =>
  new ForegroundRules(() => ({ away: true, argv, nameOnly: false }), BASE, agents).poll()?.rules.app;

describe('the foreground agent picks its own rules', () => {
  test.each([
    // GitHub Copilot CLI: `copilot` is a node launcher (the group leader) that runs the native binary.
    [['node', '/tmp/i18a/copilot-1.0.102/node_modules/.bin/copilot'], 'copilot'],
    [['node', '/usr/local/lib/node_modules/@github/copilot/npm-loader.js', '--resume'], 'copilot'],
    [['/usr/local/lib/node_modules/@github/copilot-linux-x64/copilot'], 'copilot'],
    // Grok CLI: the npm bin is a node script; installed globally, node runs the package's dist/index.js.
    [['node', '/tmp/grok-0.0.34/node_modules/.bin/grok'], 'grok-cli'],
    [['node', '/usr/local/lib/node_modules/@vibe-kit/grok-cli/dist/index.js'], 'grok-cli'],
    // Not an agent: the shell's own rules.
    [['node', '/home/u/project/server.js'], 'bash'],
  ])('%j → %s', (argv, app) => {
    expect(appFor(argv)).toBe(app);
  });
});
