// Which rule set `osf7501 classify` replays a recording with: --rules, else the recorded command, else the path.
import { dirname, resolve, sep } from 'node:path';
import { commandBasename, findByCommand, loadRuleCatalog, selectRules } from '../rule-files/load.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { Recording } from '../recording/recording.js';
import { sessionLifecycle } from '../rule-files/lifecycle.js';
import type { Lifecycle } from '../signals/terminal-verdict.js';

/** The chosen rule set and, for `--explain`, why it was chosen. */
interface ChosenRules {
  rules: RuleSet;
  why: string;
  /** How the recorded program lives, as the live shim would have decided it. */
  lifecycle: Lifecycle;
}

/** Where rule files are looked up, as for the shim. */
interface ClassifyRuleOptions {
  rules?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * `--rules NAME|FILE` as in the shim; else the set for the asciicast header's `command`; else a
 * folder of the recording's path named after an app or a command (`fixtures/claude-code/…` → the
 * `claude-code` app), nearest folder first; else the generic set. Throws RuleError.
 */
export function rulesForRecording(recording: Recording, path: string, options: ClassifyRuleOptions): ChosenRules {
  const base = { env: options.env, cwd: options.cwd };
  if (options.rules !== undefined) {
    const rules = selectRules('', { ...base, rules: options.rules }).rules;
    return { rules, why: `--rules ${options.rules}`, lifecycle: rules.lifecycle };
  }
  const [command, ...args] = recording.command?.trim().split(/\s+/u) ?? [];
  if (command !== undefined && command !== '') {
    const name = commandBasename(command);
    const selected = selectRules(name, base);
    const how = selected.reason === 'command' ? '' : ', which no rule file lists';
    return { rules: selected.rules, why: `the recorded command "${name}"${how}`, lifecycle: sessionLifecycle(selected, command, args) };
  }
  const catalog = loadRuleCatalog(base);
  const folders = dirname(resolve(options.cwd, path)).split(sep).filter((f) => f !== '').reverse();
  for (const folder of folders) {
    const entry = catalog.active.find((e) => e.app === folder) ?? findByCommand(catalog, folder);
    if (entry !== undefined) return { rules: entry.rules, why: `the folder "${folder}" in the path`, lifecycle: entry.rules.lifecycle };
  }
  // Nothing says what ran: the screen rules alone, as for an agent.
  return { rules: selectRules('', base).rules, why: 'no command recorded and no app in the path', lifecycle: 'agent' };
}
