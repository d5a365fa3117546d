// The shim's hooks reach claude as ONE --settings, merged with the user's (their hooks kept, ours appended).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SettingsError } from '../../src/hooks/errors.js';
import { DEFAULT_HOOK_EVENTS } from '../../src/hooks/events.js';
import { injectClaudeHooks, INLINE_SETTINGS_MAX_BYTES } from '../../src/hook-channel/inject.js';
import {
  findSettingsArguments,
  argvHookCommand,
  defaultHookCommand,
  fifoHookCommand,
  mergeHookSettings,
  settingsValueKind,
  shellQuote,
  shimHooks,
  withSettingsArgument,
  type HookCommand,
} from '../../src/hooks/settings.js';

const HOOK = defaultHookCommand();
const OURS = shimHooks(HOOK, DEFAULT_HOOK_EVENTS);
const USER_HOOK = { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] };

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'osf-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The one --settings value in argv, parsed (a file path is read). */
function settingsOf(argv: string[]): Record<string, unknown> {
  const found = argv.flatMap((a, i) => (a === '--settings' ? [i] : []));
  expect(found).toHaveLength(1);
  expect(argv.some((a) => a.startsWith('--settings='))).toBe(false);
  const value = argv[found[0]! + 1]!;
  return JSON.parse(settingsValueKind(value) === 'json' ? value : readFileSync(value, 'utf8')) as Record<string, unknown>;
}

/** The commands of one event's hooks, in order. */
function commands(settings: Record<string, unknown>, event: string): string[] {
  const groups = (settings['hooks'] as Record<string, Array<{ hooks: Array<{ command: string }> }>>)[event] ?? [];
  return groups.flatMap((g) => g.hooks.map((h) => h.command));
}

describe('the hook command line', () => {
  test('the default is the sh FIFO hook: one printf for an event without payload, head -c into a file first for one with', () => {
    expect(HOOK).toBe(fifoHookCommand);
    expect(HOOK('Stop')).toBe(`f=$OSF7501_HOOK_FIFO; [ -p "$f" ] && printf '%s Stop\\n' "$OSF7501_HOOK_TOKEN" 2>/dev/null 1<>"$f"; exit 0`);
    expect(HOOK('Notification')).toBe(
      `f=$OSF7501_HOOK_FIFO; [ -p "$f" ] && { head -c 65536 2>/dev/null >"\${f%/*}/payload.$$"; ` +
        `printf '%s Notification payload.%s\\n' "$OSF7501_HOOK_TOKEN" "$$" 2>/dev/null 1<>"$f"; }; exit 0`,
    );
  });

  test('a hand-made argv command is quoted for sh, discards output and cannot fail', () => {
    expect(argvHookCommand(['/usr/bin/node', '/opt/osf 7501/bin/osf7501', 'hook'])('PreToolUse')).toBe(
      "/usr/bin/node '/opt/osf 7501/bin/osf7501' hook PreToolUse >/dev/null 2>&1 || true",
    );
  });

  test.each([
    ['plain', 'plain'],
    ['with space', "'with space'"],
    ["it's", "'it'\\''s'"],
    ['$(rm -rf /)', "'$(rm -rf /)'"],
    ['', "''"],
  ])('shellQuote(%j) = %s', (word, quoted) => {
    expect(shellQuote(word)).toBe(quoted);
  });

  test('every default event gets one group; tool events match every tool; PostToolUse ships the task-list tools\' payload', () => {
    expect(Object.keys(OURS)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Notification', 'Stop']);
    expect(OURS['PreToolUse']?.[0]?.matcher).toBe('*');
    expect(OURS['PostToolUse']?.map((g) => g.matcher)).toEqual(['TodoWrite|TaskUpdate', '*']);
    expect(OURS['PostToolUse']?.[0]?.hooks[0]?.command).toContain('head -c');
    expect(OURS['PostToolUse']?.[1]?.hooks[0]?.command).not.toContain('head');
    expect(OURS['Stop']?.[0]).not.toHaveProperty('matcher');
    expect(OURS['Stop']?.[0]?.hooks).toEqual([{ type: 'command', command: HOOK('Stop'), timeout: 5 }]);
  });
});

describe('finding the user\'s --settings', () => {
  test.each<[string, string[], Array<{ index: number; span: number; value: string }>]>([
    ['none', ['--resume', 'x'], []],
    ['separate value', ['--settings', '{"a":1}', '-c'], [{ index: 0, span: 2, value: '{"a":1}' }]],
    ['= form', ['-c', '--settings=s.json'], [{ index: 1, span: 1, value: 's.json' }]],
    ['two: both found, the last counts', ['--settings', 'a.json', '--settings=b.json'], [
      { index: 0, span: 2, value: 'a.json' },
      { index: 2, span: 1, value: 'b.json' },
    ]],
    ['after -- it is the prompt, not an option', ['--', '--settings', 'x'], []],
  ])('%s', (_name, argv, expected) => {
    expect(findSettingsArguments(argv)).toEqual(expected);
  });

  test('a trailing --settings without a value is an error', () => {
    expect(() => findSettingsArguments(['--settings'])).toThrow(SettingsError);
  });

  test.each([
    ['{"a":1}', 'json'],
    ['  {"a":1}\n', 'json'],
    ['settings.json', 'file'],
    ['{not closed', 'file'],
  ])('Claude Code reads %j as %s', (value, kind) => {
    expect(settingsValueKind(value)).toBe(kind);
  });
});

describe('mergeHookSettings (pure)', () => {
  test('no user settings: our hooks only', () => {
    expect(mergeHookSettings(undefined, OURS)).toEqual({ hooks: OURS });
  });

  test('the user\'s other settings and hooks stay; ours are appended to each event\'s list', () => {
    const user = { model: 'opus', hooks: { PreToolUse: [USER_HOOK], SessionStart: [USER_HOOK] } };
    const merged = mergeHookSettings(user, OURS);
    expect(merged['model']).toBe('opus');
    const hooks = merged['hooks'] as Record<string, unknown[]>;
    expect(hooks['PreToolUse']).toEqual([USER_HOOK, ...OURS['PreToolUse']!]);
    expect(hooks['SessionStart']).toEqual([USER_HOOK]);
    expect(hooks['Stop']).toEqual(OURS['Stop']);
    // The input is not modified.
    expect(user.hooks.PreToolUse).toEqual([USER_HOOK]);
  });

  test.each([
    ['settings that are not an object', [1, 2], 'settings-not-object'],
    ['hooks that are not an object', { hooks: [] }, 'hooks-not-object'],
    ['an event that is not a list', { hooks: { Stop: { command: 'x' } } }, 'hooks-not-object'],
  ])('%s: a typed error', (_name, user, code) => {
    expect(() => mergeHookSettings(user, OURS)).toThrow(expect.objectContaining({ name: 'SettingsError', code }));
  });

  test('withSettingsArgument puts ours in place of the last user --settings and drops the others', () => {
    const argv = ['--settings', 'a', '-c', '--settings=b', 'prompt'];
    expect(withSettingsArgument(argv, findSettingsArguments(argv), 'X')).toEqual(['-c', '--settings', 'X', 'prompt']);
    expect(withSettingsArgument(['mcp', 'list'], [], 'X')).toEqual(['--settings', 'X', 'mcp', 'list']);
  });
});

describe('injectClaudeHooks', () => {
  const options = (): { hookCommand: HookCommand; cwd: string; spillDir: string } => ({ hookCommand: HOOK, cwd: dir, spillDir: dir });

  test.each<[string, () => string[], string[]]>([
    ['no user settings', () => ['--resume'], []],
    ['a user JSON string', () => ['--settings', JSON.stringify({ hooks: { Stop: [USER_HOOK] } })], ['echo mine']],
    ['a user settings file (relative to cwd, as Claude Code reads it)', () => {
      writeFileSync(join(dir, 'mine.json'), JSON.stringify({ hooks: { Stop: [USER_HOOK] } }));
      return ['--settings', 'mine.json'];
    }, ['echo mine']],
    ['a user --settings=FILE (absolute)', () => {
      writeFileSync(join(dir, 'mine.json'), JSON.stringify({ hooks: { Stop: [USER_HOOK] } }));
      return [`--settings=${join(dir, 'mine.json')}`];
    }, ['echo mine']],
    ['a user --settings={JSON}', () => [`--settings=${JSON.stringify({ hooks: { Stop: [USER_HOOK] } })}`], ['echo mine']],
    ['user settings without hooks', () => ['--settings', '{"model":"opus"}'], []],
  ])('%s → one --settings, the user\'s hooks first, ours last', (_name, makeArgv, userStopCommands) => {
    const result = injectClaudeHooks(makeArgv(), options());
    expect(result.injected).toBe(true);
    const settings = settingsOf(result.argv);
    expect(commands(settings, 'Stop')).toEqual([...userStopCommands, HOOK('Stop')]);
    for (const event of DEFAULT_HOOK_EVENTS) expect(commands(settings, event).at(-1)).toBe(HOOK(event));
  });

  test('the user\'s other arguments stay, in order', () => {
    const result = injectClaudeHooks(['-c', '--settings', '{}', '--model', 'opus', '--', '--settings'], options());
    expect(result.argv.filter((_, i) => result.argv[i - 1] !== '--settings' && result.argv[i] !== '--settings')).toEqual(['-c', '--model', 'opus', '--']);
    expect(result.argv.at(-1)).toBe('--settings');
  });

  test.each<[string, string[], string]>([
    ['a missing settings file', ['--settings', 'nope.json'], 'settings-unreadable'],
    ['invalid JSON', ['--settings', '{"hooks": }'], 'settings-invalid-json'],
    ['a trailing --settings', ['-c', '--settings'], 'settings-missing-value'],
    ['hooks that are not an object', ['--settings', '{"hooks": 3}'], 'hooks-not-object'],
  ])('%s: argv unchanged (Claude Code reports it itself), the reason given', (_name, argv, code) => {
    const result = injectClaudeHooks(argv, options());
    expect(result).toEqual({ injected: false, argv, error: expect.objectContaining({ code }) });
  });

  test('merged settings too long for one argument go to a 0600 file in the private directory', () => {
    const big = { env: { BIG: 'x'.repeat(INLINE_SETTINGS_MAX_BYTES) }, hooks: { Stop: [USER_HOOK] } };
    const result = injectClaudeHooks(['--settings', JSON.stringify(big)], options());
    expect(result.injected && result.settingsFile).toBe(join(dir, 'settings.json'));
    expect(result.argv).toEqual(['--settings', join(dir, 'settings.json')]);
    expect(statSync(join(dir, 'settings.json')).mode & 0o777).toBe(0o600);
    expect(commands(settingsOf(result.argv), 'Stop')).toEqual(['echo mine', HOOK('Stop')]);
  });

  test('too long and no directory to spill to: no hooks rather than an E2BIG at spawn', () => {
    const big = JSON.stringify({ env: { BIG: 'x'.repeat(INLINE_SETTINGS_MAX_BYTES) } });
    const result = injectClaudeHooks(['--settings', big], { hookCommand: HOOK, cwd: dir });
    expect(result).toMatchObject({ injected: false, error: { code: 'settings-too-large' } });
  });
});
