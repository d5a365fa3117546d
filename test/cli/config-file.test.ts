// The config file: checked key by key (one line naming the file and the key), per-app overrides, and the
// command line winning; `osf7501 config` prints each effective setting with its source.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { configCommand } from '../../src/cli/config-command.js';
import { ConfigError, configPath, effectiveSettings, loadConfig, parseConfig } from '../../src/cli/config-file.js';
import { recordingIo } from '../inbox/support.js';

let home = '';
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'osf-config-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function writeConfig(text: string): string {
  mkdirSync(join(home, 'osf7501'), { recursive: true });
  const path = join(home, 'osf7501', 'config.toml');
  writeFileSync(path, text);
  return path;
}

describe('the config file', () => {
  test('lives in $XDG_CONFIG_HOME/osf7501, else ~/.config/osf7501', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/osf7501/config.toml');
    expect(configPath({ HOME: '/h' })).toBe('/h/.config/osf7501/config.toml');
  });

  test('no file: every setting is its default', () => {
    const config = loadConfig({ XDG_CONFIG_HOME: home });
    expect(config.found).toBe(false);
    expect(effectiveSettings(config, 'claude', {}).interval).toEqual({ value: 700, source: 'default' });
  });

  test('an app table overrides the top level, and the command line overrides both', () => {
    const config = parseConfig('interval = 900\nnative = false\n[apps.claude]\ninterval = 1200\n', 'c.toml');
    expect(effectiveSettings(config, 'claude', {}).interval).toEqual({ value: 1200, source: 'config [apps.claude]' });
    expect(effectiveSettings(config, 'codex', {}).interval).toEqual({ value: 900, source: 'config' });
    expect(effectiveSettings(config, 'claude', { interval: 60 }).interval).toEqual({ value: 60, source: 'command line' });
    expect(effectiveSettings(config, 'claude', {}).native).toEqual({ value: false, source: 'config' });
  });

  test.each([
    ['progress-bar = "sometimes"\n', 'c.toml: progress-bar: expected one of "auto", "always", "never", got "sometimes"'],
    ['done-after = 100000\n', 'c.toml: done-after: expected a whole number from 0 to 86400, got 100000'],
    ['intervall = 3\n', 'c.toml: intervall: unknown key (known: notify, interval, on-exit, tmux-levels, native, hooks, title, done-after, progress-bar, hosts, [apps.<command>])'],
    ['interval = 10\n', 'c.toml: interval: expected a whole number from 50 to 60000, got 10'],
    ['notify = "loud"\n', 'c.toml: notify: expected one of "off", "terminal", "desktop", got "loud"'],
    ['native = "no"\n', 'c.toml: native: expected true or false, got "no"'],
    ['[apps.claude]\nhook = false\n', 'c.toml: [apps.claude] hook: unknown key (known: notify, interval, on-exit, tmux-levels, native, hooks, title, done-after, progress-bar)'],
    ['apps = 3\n', 'c.toml: apps: expected tables [apps.<command>]'],
    ['hosts = "devbox"\n', 'c.toml: hosts: expected a list of host names (hosts = ["devbox"])'],
    ['hosts = ["-oProxyCommand=x"]\n', `c.toml: hosts: host "-oProxyCommand=x" starts with '-' (ssh would read an option)`],
    ['interval = \n', /^c\.toml: not valid TOML: /],
  ])('%j is refused with one line naming the file and the key', (text, message) => {
    expect(() => parseConfig(text, 'c.toml')).toThrow(ConfigError);
    expect(() => parseConfig(text, 'c.toml')).toThrow(message);
  });
});

describe('osf7501 config', () => {
  test('prints every setting with its value and where it came from', async () => {
    const path = writeConfig('notify = "desktop"\nprogress-bar = "never"\n[apps.claude]\nhooks = false\n');
    const io = recordingIo({ XDG_CONFIG_HOME: home });
    expect(await configCommand(['--app', 'claude'], io)).toBe(0);
    expect(io.out().split('\n')).toEqual([
      `# ${path}, for claude`,
      'notify       = "desktop"  # config',
      'interval     = 700        # default',
      'on-exit      = "result"   # default',
      'tmux-levels  = 1          # default',
      'native       = true       # default',
      'hooks        = false      # config [apps.claude]',
      'title        = false      # default',
      'done-after   = 3          # default',
      'progress-bar = "never"    # config',
      '',
    ]);
  });

  test('a bad file: one line and status 2', async () => {
    const path = writeConfig('tmux-levels = 9\n');
    const io = recordingIo({ XDG_CONFIG_HOME: home });
    expect(await configCommand([], io)).toBe(2);
    expect(io.err()).toBe(`osf7501 config: ${path}: tmux-levels: expected a whole number from 1 to 4, got 9\n`);
  });
});
