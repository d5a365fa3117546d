// PermissionRequest is injected only for a Claude Code known to have it; the version is read from disk.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { claudeVersionAt } from '../../src/hook-channel/claude-version.js';
import { DEFAULT_HOOK_EVENTS } from '../../src/hooks/events.js';
import { atLeast, hookEventsFor } from '../../src/hooks/versions.js';

describe('hookEventsFor', () => {
  // Each later event only from the version that knows it (read in the binaries: 2.0.77 lists SubagentStart and
  // PermissionRequest but not StopFailure nor TaskCreated; 2.1.150 and 2.1.332 list them all).
  const later = ['PermissionRequest', 'SubagentStart', 'SubagentStop', 'TaskCreated', 'TaskCompleted', 'StopFailure'];
  test.each<[string | undefined, string[]]>([
    [undefined, []],
    ['garbage', []],
    ['1.0.88', []],
    ['2.0.42', []],
    ['2.0.43', ['SubagentStart', 'SubagentStop']],
    ['2.0.44', ['SubagentStart', 'SubagentStop']],
    ['2.0.45', ['PermissionRequest', 'SubagentStart', 'SubagentStop']],
    ['2.0.77', ['PermissionRequest', 'SubagentStart', 'SubagentStop']],
    ['2.1.77', ['PermissionRequest', 'SubagentStart', 'SubagentStop']],
    ['2.1.78', ['PermissionRequest', 'SubagentStart', 'SubagentStop', 'StopFailure']],
    ['2.1.84', later],
    ['2.1.150', later],
    ['10.0.0', later],
  ])('Claude Code %s: the defaults and %j', (version, added) => {
    const events = hookEventsFor(version);
    expect(events.filter((e) => later.includes(e))).toEqual(later.filter((e) => added.includes(e)));
    expect(events.filter((e) => !later.includes(e))).toEqual(DEFAULT_HOOK_EVENTS);
  });

  test.each([
    ['2.0.45', '2.0.45', true],
    ['2.0.100', '2.0.45', true],
    ['2.1.0', '2.0.45', true],
    ['1.9.99', '2.0.45', false],
    ['2.0.45-beta.1', '2.0.45', true],
  ])('atLeast(%s, %s) = %s', (a, b, expected) => {
    expect(atLeast(a, b)).toBe(expected);
  });
});

describe('claudeVersionAt', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'osf-ccver-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const file = (path: string, text = '#!/bin/sh\n'): string => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    return path;
  };

  test('the native installer: a symlink to …/versions/2.1.150', () => {
    const target = file(join(dir, 'share/claude/versions/2.1.150'));
    symlinkSync(target, join(dir, 'claude'));
    expect(claudeVersionAt(join(dir, 'claude'))).toBe('2.1.150');
  });

  test('an npm platform package: package.json next to the binary', () => {
    const bin = file(join(dir, 'node_modules/@anthropic-ai/claude-code-linux-x64/claude'));
    file(join(dir, 'node_modules/@anthropic-ai/claude-code-linux-x64/package.json'), JSON.stringify({ name: '@anthropic-ai/claude-code-linux-x64', version: '2.0.30' }));
    expect(claudeVersionAt(bin)).toBe('2.0.30');
  });

  test('the npm wrapper: bin/claude.exe (or cli.js) under the package, reached through node_modules/.bin', () => {
    const bin = file(join(dir, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe'));
    file(join(dir, 'node_modules/@anthropic-ai/claude-code/package.json'), JSON.stringify({ name: '@anthropic-ai/claude-code', version: '1.0.88' }));
    mkdirSync(join(dir, 'node_modules/.bin'));
    symlinkSync(bin, join(dir, 'node_modules/.bin/claude'));
    expect(claudeVersionAt(join(dir, 'node_modules/.bin/claude'))).toBe('1.0.88');
  });

  test.each([
    ['a script somewhere else', (d: string) => file(join(d, 'bin/claude'))],
    ['a package.json of another package', (d: string) => {
      file(join(d, 'pkg/package.json'), JSON.stringify({ name: 'claude', version: '9.9.9' }));
      return file(join(d, 'pkg/claude'));
    }],
    ['a missing file', (d: string) => join(d, 'nope')],
  ])('%s: unknown', (_name, make) => {
    expect(claudeVersionAt(make(dir))).toBeUndefined();
  });
});
