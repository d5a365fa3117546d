// The run options after the config file: what the command line did not set comes from config.toml.
import { basename } from 'node:path';
import type { Command } from 'commander';
import { effectiveSettings, loadConfig, type SettingKey, type Settings } from './config-file.js';
import type { RunOptions } from '../session/run-options.js';

/** The settings the command line gave explicitly (commander's value source `cli`), by config key. */
export function commandLineSettings(cmd: Command): Partial<Settings> {
  const given = (name: string): boolean => cmd.getOptionValueSource(name) === 'cli';
  const opts = cmd.opts<Record<string, unknown>>();
  const settings: Partial<Settings> = {};
  if (given('notifyDesktop') && opts['notifyDesktop'] === true) settings.notify = 'desktop';
  else if (given('notify') && opts['notify'] === true) settings.notify = 'terminal';
  if (given('interval')) settings.interval = opts['interval'] as number;
  if (given('onExit')) settings['on-exit'] = opts['onExit'] as Settings['on-exit'];
  if (given('tmuxLevels')) settings['tmux-levels'] = opts['tmuxLevels'] as number;
  if (given('native')) settings.native = opts['native'] as boolean;
  if (given('hooks')) settings.hooks = opts['hooks'] as boolean;
  if (given('title')) settings.title = opts['title'] as boolean;
  if (given('doneAfter')) settings['done-after'] = opts['doneAfter'] as number;
  if (given('progressBar')) settings['progress-bar'] = opts['progressBar'] as Settings['progress-bar'];
  return settings;
}

/** The config app name of a command: its file name (`/usr/bin/claude` → `claude`). */
function appOf(command: string): string {
  return basename(command);
}

/** `run` with every setting the command line left open taken from the config file (throws ConfigError). */
export function withConfig(run: RunOptions, cli: Partial<Settings>, env: Readonly<Record<string, string | undefined>>): RunOptions {
  const s = effectiveSettings(loadConfig(env), appOf(run.command), cli);
  const fromFile = (key: SettingKey): boolean => s[key].source.startsWith('config');
  const next: RunOptions = { ...run };
  if (fromFile('notify')) {
    delete next.notify;
    if (s.notify.value !== 'off') next.notify = s.notify.value === 'desktop' ? 'both' : 'terminal';
  }
  if (fromFile('interval')) next.intervalMs = s.interval.value;
  if (fromFile('on-exit')) next.onExit = s['on-exit'].value;
  if (fromFile('tmux-levels')) next.tmuxLevels = s['tmux-levels'].value;
  if (fromFile('native')) next.native = s.native.value;
  if (fromFile('hooks')) next.hooks = s.hooks.value;
  if (fromFile('title')) next.title = s.title.value;
  if (fromFile('done-after')) next.doneAfterMs = s['done-after'].value * 1000;
  if (fromFile('progress-bar')) next.progressBar = s['progress-bar'].value;
  return next;
}
