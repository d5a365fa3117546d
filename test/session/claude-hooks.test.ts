// A `claude` launch's hooks when their FIFO cannot be made after the spawn: the session goes on without
// hooks, and the settings file claude was given (settings too long for one argument) stays until the end.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HOOK_FIFO_ENV } from '../../src/hooks/wire.js';
import { INLINE_SETTINGS_MAX_BYTES } from '../../src/hook-channel/inject.js';
import { ClaudeHooks } from '../../src/session/claude-hooks.js';

const dir = mkdtempSync(join(tmpdir(), 'osf-claude-hooks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A `mkfifo` that always fails, first on PATH. */
writeFileSync(join(dir, 'mkfifo'), '#!/bin/sh\necho "mkfifo: refused" >&2\nexit 1\n');
chmodSync(join(dir, 'mkfifo'), 0o755);
const failingEnv = { ...process.env, PATH: `${dir}:${process.env['PATH'] ?? ''}` };

function prepare(args: string[]): ClaudeHooks {
  const hooks = ClaudeHooks.prepare(join(dir, 'claude'), args, { env: process.env, cwd: dir }, () => {});
  if (hooks === undefined) throw new Error('no hooks prepared');
  return hooks;
}

describe('ClaudeHooks when the FIFO cannot be made', () => {
  test('settings in claude\'s argument: the private directory goes at once', async () => {
    const hooks = prepare(['--model', 'x']);
    const directory = dirname(hooks.childEnv()[HOOK_FIFO_ENV] as string);
    expect(existsSync(directory)).toBe(true);
    expect(await hooks.open(failingEnv)).toBe(false);
    expect(existsSync(directory)).toBe(false);
    hooks.dispose();
  });

  test('settings spilled to a file in the directory: the file stays for claude until dispose()', async () => {
    const big = JSON.stringify({ env: { BIG: 'x'.repeat(INLINE_SETTINGS_MAX_BYTES) } });
    const hooks = prepare(['--settings', big]);
    const settingsFile = hooks.args[hooks.args.indexOf('--settings') + 1] as string;
    expect(settingsFile.startsWith('/')).toBe(true);
    expect(dirname(settingsFile)).toBe(dirname(hooks.childEnv()[HOOK_FIFO_ENV] as string));
    expect(await hooks.open(failingEnv)).toBe(false);
    expect(existsSync(settingsFile)).toBe(true);
    hooks.dispose();
    expect(existsSync(dirname(settingsFile))).toBe(false);
  });
});
