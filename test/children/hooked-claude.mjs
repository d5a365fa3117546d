#!/usr/bin/env node
// Test child, installed as `claude` on PATH: runs the hooks of its `--settings` as Claude Code does (each
// command through `/bin/sh -c`, the payload JSON on stdin, its environment) and prints what it saw. It
// waits until the session's FIFO exists, or its directory is gone (the channel failed), then fires
// UserPromptSubmit; the first key fires Stop, the second ends it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const out = (s) => process.stdout.write(s);
const at = process.argv.indexOf('--settings');
const settings = at < 0 ? undefined : JSON.parse(process.argv[at + 1]);
const fifo = process.env.OSF7501_HOOK_FIFO;
const isFifo = () => {
  try {
    return statSync(fifo).isFIFO();
  } catch {
    return false;
  }
};

/** Runs every hook of `event` as Claude Code would; returns each one's status and output. */
function fire(event, payload) {
  const commands = (settings?.hooks?.[event] ?? []).flatMap((group) => group.hooks.map((h) => h.command));
  return commands.map((command) => {
    const r = spawnSync('/bin/sh', ['-c', command], { input: JSON.stringify({ hook_event_name: event, ...payload }), encoding: 'utf8' });
    return `${r.status}${r.stdout}${r.stderr}`;
  });
}

out(`hooked claude: settings ${settings === undefined ? 'none' : 'given'}, fifo ${fifo ?? 'none'}\r\n`);
const waitChannel = setInterval(() => {
  const channel = isFifo() ? 'open' : fifo === undefined || !existsSync(dirname(fifo)) ? 'gone' : undefined;
  if (channel === undefined) return;
  clearInterval(waitChannel);
  out(`channel ${channel}; UserPromptSubmit: ${fire('UserPromptSubmit', { prompt: 'hello' }).join(',')}\r\n`);
  let keys = 0;
  process.stdin.setRawMode?.(true);
  process.stdin.on('data', () => {
    keys += 1;
    if (keys === 1) out(`Stop: ${fire('Stop', {}).join(',')}\r\n`);
    else process.exit(0);
  });
}, 20);
