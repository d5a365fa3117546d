// Which bundled rule set a wrapped shell's foreground program gets (`osf7501 bash`, then the agent), from the
// command line /proc gives for it: the agent's native binary, its npm bin link, or `node …/<package>/…`.
import { describe, expect, test } from 'vitest';
import type { ForegroundSource } from '../../src/pty/foreground.js';
import { BUILT_IN_FALLBACK, loadRuleCatalog } from '../../src/rule-files/load.js';
import { ForegroundRules, type RuleChoice } from '../../src/session/foreground-rules.js';

const BASE: RuleChoice = { app: 'generic', rules: BUILT_IN_FALLBACK };
const agents = loadRuleCatalog({ env: {} }).active.filter((e) => e.commands.length > 0);

/** The app the foreground `argv` is classified with. */
function appFor(argv: string[]): string | undefined {
  const source: ForegroundSource = () => ({ away: true, argv, nameOnly: false });
  return new ForegroundRules(source, BASE, agents).poll()?.rules.app;
}

describe('an agent started from a wrapped shell gets its own rules', () => {
  test.each([
    // ---- i18b (issue 18)
    [['pi'], 'pi'],
    [['node', '/home/u/.npm-global/bin/pi'], 'pi'],
    [['node', '/usr/lib/node_modules/@mariozechner/pi-coding-agent/dist/cli.js', '--continue'], 'pi'],
    [['node', '/usr/lib/node_modules/cline/bin/cline', '--auto-approve', 'false'], 'cline'],
    [['/usr/lib/node_modules/cline/node_modules/@cline/cli-linux-x64/bin/cline', '--auto-approve', 'false'], 'cline'],
    // ---- end i18b
    // ---- agents-a (issue 18)
    [['qwen'], 'qwen-code'],
    [['node', '/usr/lib/node_modules/@qwen-code/qwen-code/cli-entry.js'], 'qwen-code'],
    [['node', '--max-old-space-size=8192', '/usr/lib/node_modules/@qwen-code/qwen-code/cli.js'], 'qwen-code'],
    // ---- end agents-a
    // ---- i18c: Droid's npm bin is its native binary (or a node shim that spawns the platform package's);
    // Continue is `node …/.bin/cn` or `node …/@continuedev/cli/dist/cn.js`
    [['/usr/lib/node_modules/droid/bin/droid'], 'droid'],
    [['node', '/usr/lib/node_modules/droid/bin/droid'], 'droid'],
    [['/usr/lib/node_modules/droid/node_modules/@factory/cli-linux-x64/bin/droid', '--auto', 'low'], 'droid'],
    [['node', '/usr/bin/cn', '--config', '/home/u/.continue/config.yaml'], 'continue'],
    [['node', '/usr/lib/node_modules/@continuedev/cli/dist/cn.js'], 'continue'],
    // ---- end i18c
    [['node', '/usr/lib/node_modules/some-tool/dist/cli.js'], 'generic'],
  ])('%j → %s', (argv, app) => {
    expect(appFor(argv)).toBe(app);
  });
});
