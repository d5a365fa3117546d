import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { RuleError } from '../../src/rules/errors.js';
import { checkRuleFiles, listRules } from '../../src/rule-files/load-commands.js';
import { bundledRulesDir, packageRoot, userRulesDir } from '../../src/rule-files/load-paths.js';
import { BUILT_IN_FALLBACK, commandBasename, loadRuleCatalog, selectRules } from '../../src/rule-files/load.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/u, '');
const BUNDLED = join(ROOT, 'rules');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp XDG_CONFIG_HOME holding the given user rule files. */
function xdgWith(files: Record<string, string> = {}): { env: { XDG_CONFIG_HOME: string }; dir: string } {
  const home = mkdtempSync(join(tmpdir(), 'osf7501-xdg-'));
  temps.push(home);
  const dir = join(home, 'osf7501', 'rules');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { env: { XDG_CONFIG_HOME: home }, dir };
}

const ruleFile = (app: string, commands: string[], rule = 'mine'): string =>
  `app = "${app}"\ncommands = ${JSON.stringify(commands)}\nversions = ["9.9"]\n[[rules]]\nname = "${rule}"\nstate = "working"\nany = ['busy']\n`;

describe('where rule files live', () => {
  test('the package root is found from the source folder and from the compiled one', () => {
    expect(packageRoot()).toBe(ROOT);
    expect(packageRoot(join(ROOT, 'dist', 'src', 'rules'))).toBe(ROOT);
    expect(bundledRulesDir()).toBe(BUNDLED);
  });

  test.each([
    ['XDG_CONFIG_HOME set', { XDG_CONFIG_HOME: '/x/config', HOME: '/home/u' }, '/x/config/osf7501/rules'],
    ['XDG_CONFIG_HOME unset', { HOME: '/home/u' }, '/home/u/.config/osf7501/rules'],
    ['XDG_CONFIG_HOME relative (invalid, ignored)', { XDG_CONFIG_HOME: 'cfg', HOME: '/home/u' }, '/home/u/.config/osf7501/rules'],
  ])('user rules folder with %s', (_name, env, expected) => {
    expect(userRulesDir(env)).toBe(expected);
  });

  test.each([
    ['claude', 'claude'],
    ['/usr/local/bin/claude', 'claude'],
    ['C:\\tools\\claude.exe', 'claude'],
    ['codex.CMD', 'codex'],
  ])('command %s is matched as %s', (command, expected) => {
    expect(commandBasename(command)).toBe(expected);
  });
});

describe('selectRules', () => {
  test('picks the bundled file whose commands list the command', () => {
    const { env } = xdgWith();
    const selected = selectRules('/usr/bin/claude', { env });
    expect(selected.rules.app).toBe('claude-code');
    expect(selected.reason).toBe('command');
    expect(selected.entry?.origin).toBe('bundled');
    expect(selected.rules.file).toBe('rules/claude-code.toml');
  });

  test('falls back to the generic rules for an unknown command', () => {
    const { env } = xdgWith();
    const selected = selectRules('bash', { env });
    expect(selected.rules.app).toBe('generic');
    expect(selected.reason).toBe('fallback');
  });

  test('falls back to the built-in empty set when there is no generic file', () => {
    const bundledDir = mkdtempSync(join(tmpdir(), 'osf7501-bundled-'));
    temps.push(bundledDir);
    copyFileSync(join(BUNDLED, 'claude-code.toml'), join(bundledDir, 'claude-code.toml'));
    const selected = selectRules('bash', { env: xdgWith().env, bundledDir });
    expect(selected.rules).toBe(BUILT_IN_FALLBACK);
    expect(selected.rules.classify(['$ '])).toEqual({ state: 'idle' });
  });

  test('a user file with the same app overrides the bundled one', () => {
    const { env, dir } = xdgWith({ 'my-claude.toml': ruleFile('claude-code', ['claude']) });
    const selected = selectRules('claude', { env });
    expect(selected.entry?.origin).toBe('user');
    expect(selected.entry?.path).toBe(join(dir, 'my-claude.toml'));
    expect(selected.rules.rules.map((r) => r.name)).toEqual(['mine']);
  });

  test('a user file adds a new app', () => {
    const { env } = xdgWith({ 'codex.toml': ruleFile('codex', ['codex']) });
    expect(selectRules('codex', { env }).rules.app).toBe('codex');
  });

  test('a user file claiming a bundled command wins over the bundled file', () => {
    const { env } = xdgWith({ 'wrapper.toml': ruleFile('my-wrapper', ['claude']) });
    expect(selectRules('claude', { env }).rules.app).toBe('my-wrapper');
  });

  test('--rules NAME forces an app whatever the command', () => {
    const selected = selectRules('bash', { env: xdgWith().env, rules: 'claude-code' });
    expect(selected.rules.app).toBe('claude-code');
    expect(selected.reason).toBe('forced-app');
  });

  test('--rules FILE loads that file, relative to cwd', () => {
    const { dir } = xdgWith({ 'x.toml': ruleFile('x', []) });
    const selected = selectRules('claude', { rules: 'x.toml', cwd: dir });
    expect(selected.rules.app).toBe('x');
    expect(selected.reason).toBe('forced-file');
    expect(selected.rules.file).toBe('x.toml');
  });

  test('--rules with an unknown app name is an error listing the known apps', () => {
    const { env } = xdgWith({ 'codex.toml': ruleFile('codex', ['codex']) });
    expect(() => selectRules('claude', { env, rules: 'cursor' })).toThrow(
      '--rules: no rule set with app "cursor" and no such .toml file (known apps: codex, apt, cargo, claude-code, cline, continue, copilot, coreutils, curl, droid, gemini-cli, generic, grok-cli, kilo-code, opencode, pi, pip, qwen-code, rsync, ssh, terraform, wget)',
    );
  });

  test('--rules with a missing file is an io error naming it', () => {
    const error = catchRuleError(() => selectRules('claude', { rules: './nope.toml', cwd: tmpdir() }));
    expect(error.code).toBe('io');
    expect(error.message).toMatch(/^\.\/nope\.toml: cannot read: ENOENT/u);
  });

  test('an invalid user file stops everything, naming the file and rule', () => {
    const { env, dir } = xdgWith({ 'bad.toml': `${ruleFile('bad', ['bad'])}nay = 1\n` });
    const error = catchRuleError(() => selectRules('claude', { env }));
    expect(error.message).toBe(
      `${join(dir, 'bad.toml')}: rule "mine" (#1): unknown key "nay" (valid keys: name, description, state, kind, interrupted, region, dialog, flags, any, all, none, msg_from, msg_template, msg_lines, checklist)`,
    );
  });

  test('two user files with the same app are an error', () => {
    const { env, dir } = xdgWith({ 'a.toml': ruleFile('same', []), 'b.toml': ruleFile('same', []) });
    expect(() => loadRuleCatalog({ env })).toThrow(`${join(dir, 'b.toml')}: app "same" is also defined in ${join(dir, 'a.toml')}`);
  });

  test('a bundled file is compiled only when its rules are used: choosing reads the others\' app and commands', () => {
    const bundledDir = mkdtempSync(join(tmpdir(), 'osf7501-bundled-'));
    temps.push(bundledDir);
    writeFileSync(join(bundledDir, 'good.toml'), ruleFile('good', ['good']));
    // A header that reads, rules that do not compile: no session that chooses another file notices.
    writeFileSync(join(bundledDir, 'other.toml'), `${ruleFile('other', ['other'])}nay = 1\n`);
    const { env } = xdgWith();
    const selected = selectRules('good', { env, bundledDir });
    expect(selected.rules.app).toBe('good');
    const other = selected.catalog?.active.find((e) => e.app === 'other');
    expect(other?.commands).toEqual(['other']);
    expect(() => other?.rules).toThrow(/^osf7501-bundled-[^/]+\/other\.toml: rule "mine" \(#1\): unknown key "nay"/u);
    // Choosing it compiles it, and its error stops the run as before.
    expect(catchRuleError(() => selectRules('other', { env, bundledDir })).message).toMatch(/other\.toml: rule "mine" \(#1\): unknown key "nay"/u);
    // `osf7501 rules check` still reads every bundled file whole.
    const checks = checkRuleFiles([], { env, bundledDir });
    expect(checks.map((c) => [c.path.endsWith('other.toml'), c.ok])).toEqual([[false, true], [true, false]]);
  });

  test('a header is read as strictly as the compiled file: a command with a path makes the file compile at once and say so', () => {
    const bundledDir = mkdtempSync(join(tmpdir(), 'osf7501-bundled-'));
    temps.push(bundledDir);
    writeFileSync(join(bundledDir, 'good.toml'), ruleFile('good', ['good']));
    writeFileSync(join(bundledDir, 'other.toml'), ruleFile('other', ['bin/other']));
    const { env } = xdgWith();
    expect(catchRuleError(() => selectRules('good', { env, bundledDir })).message).toMatch(
      /other\.toml: commands\[0\] "bin\/other" must be a command basename \(no path, no spaces\)$/u,
    );
  });

  test('every bundled file\'s app and commands read from its header are those of its compiled rules', () => {
    const catalog = loadRuleCatalog({ env: xdgWith().env });
    const bundled = catalog.entries.filter((e) => e.origin === 'bundled');
    expect(bundled.length).toBeGreaterThan(10);
    for (const entry of bundled) expect({ app: entry.app, commands: entry.commands }).toEqual({ app: entry.rules.app, commands: entry.rules.commands });
  });

  test('a missing bundled folder is an io error', () => {
    expect(() => loadRuleCatalog({ env: xdgWith().env, bundledDir: '/nonexistent/rules' })).toThrow(
      /^\/nonexistent\/rules: cannot read the bundled rules folder: ENOENT/u,
    );
  });
});

describe('rules list and rules check', () => {
  test('list shows user files first and marks an overridden bundled file', () => {
    const { env, dir } = xdgWith({ 'claude.toml': ruleFile('claude-code', ['claude']) });
    const listing = listRules({ env });
    expect(listing.map((l) => [l.app, l.origin, l.overridden])).toEqual([
      ['claude-code', 'user', false],
      ['apt', 'bundled', false],
      ['cargo', 'bundled', false],
      ['claude-code', 'bundled', true],
      ['cline', 'bundled', false],
      ['codex', 'bundled', false],
      ['continue', 'bundled', false],
      ['copilot', 'bundled', false],
      ['coreutils', 'bundled', false],
      ['curl', 'bundled', false],
      ['droid', 'bundled', false],
      ['gemini-cli', 'bundled', false],
      ['generic', 'bundled', false],
      ['grok-cli', 'bundled', false],
      ['kilo-code', 'bundled', false],
      ['opencode', 'bundled', false],
      ['pi', 'bundled', false],
      ['pip', 'bundled', false],
      ['qwen-code', 'bundled', false],
      ['rsync', 'bundled', false],
      ['ssh', 'bundled', false],
      ['terraform', 'bundled', false],
      ['wget', 'bundled', false],
    ]);
    expect(listing[3]?.overriddenBy).toBe(join(dir, 'claude.toml'));
    expect(listing[0]).toMatchObject({ commands: ['claude'], versions: ['9.9'], rules: 1, path: join(dir, 'claude.toml') });
  });

  test('check with no files validates every bundled and user file', () => {
    const { env, dir } = xdgWith({ 'broken.toml': 'app = "x"\n[[rules]]\nname = "r"\nstate = "blocked"\nany = ["x"]\n' });
    const results = checkRuleFiles([], { env });
    expect(results.filter((r) => r.ok).map((r) => r.path)).toEqual([
      join(BUNDLED, 'apt.toml'),
      join(BUNDLED, 'cargo.toml'),
      join(BUNDLED, 'claude-code.toml'),
      join(BUNDLED, 'cline.toml'),
      join(BUNDLED, 'codex.toml'),
      join(BUNDLED, 'continue.toml'),
      join(BUNDLED, 'copilot.toml'),
      join(BUNDLED, 'coreutils.toml'),
      join(BUNDLED, 'curl.toml'),
      join(BUNDLED, 'droid.toml'),
      join(BUNDLED, 'gemini.toml'),
      join(BUNDLED, 'generic.toml'),
      join(BUNDLED, 'grok-cli.toml'),
      join(BUNDLED, 'kilo.toml'),
      join(BUNDLED, 'opencode.toml'),
      join(BUNDLED, 'pi.toml'),
      join(BUNDLED, 'pip.toml'),
      join(BUNDLED, 'qwen-code.toml'),
      join(BUNDLED, 'rsync.toml'),
      join(BUNDLED, 'ssh.toml'),
      join(BUNDLED, 'terraform.toml'),
      join(BUNDLED, 'wget.toml'),
    ]);
    const failed = results.find((r) => !r.ok);
    expect(failed?.ok === false && failed.error.message).toBe(
      `${join(dir, 'broken.toml')}: rule "r" (#1): state "blocked" needs a kind (valid: permission, question, auth)`,
    );
  });

  test('check with files reports each, good or bad, and never throws', () => {
    const { dir } = xdgWith({ 'good.toml': ruleFile('good', []), 'bad.toml': 'app = ' });
    const results = checkRuleFiles(['good.toml', 'bad.toml', 'missing.toml'], { cwd: dir });
    expect(results.map((r) => (r.ok ? `ok ${r.app} ${r.rules}` : r.error.code))).toEqual(['ok good 1', 'toml', 'io']);
  });

  test('the bundled files pass check', () => {
    const results = checkRuleFiles([join(BUNDLED, 'claude-code.toml'), join(BUNDLED, 'generic.toml')]);
    expect(results.every((r) => r.ok)).toBe(true);
  });
});

function catchRuleError(run: () => unknown): RuleError {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}
