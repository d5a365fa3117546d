// What the `osf7501 rules list` and `osf7501 rules check` subcommands report.
import { resolve } from 'node:path';
import { RuleError } from '../rules/errors.js';
import { lintRules } from '../rules/pattern-lint.js';
import { duplicateApp, listFolder, loadRuleCatalog, loadRuleFile, type LoadOptions, type RuleOrigin } from './load.js';
import { bundledRulesDir, userRulesDir } from './load-paths.js';

/** One row of `osf7501 rules list`. */
interface RuleListing {
  app: string;
  commands: readonly string[];
  versions: readonly string[];
  description: string | undefined;
  rules: number;
  path: string;
  origin: RuleOrigin;
  overridden: boolean;
  overriddenBy: string | undefined;
}

/** Every rule file for `osf7501 rules list`, user files first, overridden bundled ones marked. */
export function listRules(options: LoadOptions = {}): RuleListing[] {
  return loadRuleCatalog(options).entries.map((e) => ({
    app: e.rules.app,
    commands: e.rules.commands,
    versions: e.rules.versions,
    description: e.rules.description,
    rules: e.rules.rules.length,
    path: e.path,
    origin: e.origin,
    overridden: e.overriddenBy !== undefined,
    overriddenBy: e.overriddenBy,
  }));
}

/** The verdict on one file of `osf7501 rules check`. */
type RuleCheck =
  | { path: string; ok: true; app: string; rules: number; warnings: string[] }
  | { path: string; ok: false; error: RuleError };

/**
 * Validates the given files, or with none every bundled and user file (a second file with the same
 * `app` in one folder is an error too). Never throws a RuleError: each file gets its verdict.
 */
export function checkRuleFiles(paths: readonly string[] = [], options: LoadOptions & { cwd?: string } = {}): RuleCheck[] {
  const targets =
    paths.length > 0
      ? paths.map((p) => ({ path: resolve(options.cwd ?? process.cwd(), p), file: p, folder: '' }))
      : [
          ...listFolder(options.bundledDir ?? bundledRulesDir(), true).map((t) => ({ ...t, folder: 'bundled' })),
          ...listFolder(options.userDir ?? userRulesDir(options.env), false).map((t) => ({ ...t, folder: 'user' })),
        ];
  const apps = new Map<string, string>();
  return targets.map(({ path, file, folder }): RuleCheck => {
    try {
      const rules = loadRuleFile(path, file);
      const key = `${folder}:${rules.app}`;
      const first = apps.get(key);
      if (folder !== '' && first !== undefined) throw duplicateApp(file, rules.app, first);
      apps.set(key, file);
      return { path, ok: true, app: rules.app, rules: rules.rules.length, warnings: lintRules(file, rules.rules) };
    } catch (error) {
      if (error instanceof RuleError) return { path, ok: false, error };
      throw error;
    }
  });
}
