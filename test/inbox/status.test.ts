// `osf7501 status`: the one-line summary for status bars, from real registry entries.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { statusCommand } from '../../src/cli/status-command.js';
import { initialEntry, parseEntry, tmuxPlace } from '../../src/inbox/entry.js';
import { EXIT } from '../../src/exit/codes.js';
import { RegistryPublisher } from '../../src/inbox/registry.js';
import { deadPid, recordingIo, tempRuntime } from './support.js';

let rt: ReturnType<typeof tempRuntime>;
const owned: RegistryPublisher[] = [];
beforeEach(() => {
  rt = tempRuntime();
});
afterEach(() => {
  for (const o of owned.splice(0)) o.dispose();
  rt.remove();
});

function io() {
  return recordingIo({ XDG_RUNTIME_DIR: rt.xdg, HOME: '/nonexistent' });
}

/** Publishes a live session (this process's pid) in `state`. */
function session(hex: string, state?: 'working' | 'blocked' | 'done' | 'error' | 'clear'): RegistryPublisher {
  const publisher = new RegistryPublisher({ id: `${process.pid}-${hex}`, pid: process.pid, app: 'sh', command: ['sh'], cwd: '/w' }, { dir: rt.dir, now: () => 1_000 });
  if (state === 'blocked') publisher.report({ state, kind: 'permission', msg: 'approve Bash: ls' }, 'screen');
  else if (state !== undefined) publisher.report({ state }, 'screen');
  owned.push(publisher);
  return publisher;
}

describe('osf7501 status', () => {
  test('counts every live session, most urgent first, zero counts left out', async () => {
    session('aaaa0001', 'working');
    session('aaaa0002', 'blocked');
    session('aaaa0003', 'working');
    session('aaaa0004', 'done');
    const out = io();
    expect(await statusCommand([], out)).toBe(EXIT.ok);
    expect(out.out()).toBe('1 blocked · 1 done · 2 working\n'); // ls's order: a finished turn waits for you, a working one does not
  });

  test('prints nothing when no session runs, and ignores a crashed shim and a cleared session', async () => {
    const dead = initialEntry({ id: `${deadPid()}-dead0001`, pid: 1, app: 'x', command: [], cwd: '/' }, 0);
    writeFileSync(join(rt.dir, `${dead.id}.json`), JSON.stringify({ ...dead, pid: Number(dead.id.split('-')[0]), state: 'blocked' }));
    session('aaaa0005', 'clear');
    const out = io();
    expect(await statusCommand([], out)).toBe(EXIT.ok);
    expect(out.out()).toBe('');
  });

  test('--tmux colours each count and puts its glyph in front', async () => {
    session('aaaa0001', 'error');
    session('aaaa0002');
    const out = io();
    expect(await statusCommand(['--tmux'], out)).toBe(EXIT.ok);
    expect(out.out()).toBe('#[fg=red]✗ 1 error#[default] · #[fg=default]○ 1 idle#[default]\n');
  });

  test('--json gives the line, the counts and the sessions', async () => {
    const p = session('aaaa0002', 'blocked');
    const out = io();
    expect(await statusCommand(['--json'], out, () => 4_000)).toBe(EXIT.ok);
    const json = JSON.parse(out.out()) as { line: string; counts: Record<string, number>; sessions: Array<{ id: string; inStateMs: number; msg: string }> };
    expect(json.line).toBe('1 blocked');
    expect(json.counts).toEqual({ blocked: 1, error: 0, done: 0, working: 0, idle: 0 });
    expect(json.sessions).toMatchObject([{ id: p.entry.id, inStateMs: 3_000, msg: 'approve Bash: ls' }]);
  });

  test.each([[['--bogus']], [['--tmux', '--json']]])('a bad argument %j is one line and status 2', async (argv) => {
    const out = io();
    expect(await statusCommand(argv, out)).toBe(EXIT.usage);
    expect(out.err()).toMatch(/^osf7501 status: .+ \(run with --help for usage\)\n$/);
    expect(out.out()).toBe('');
  });
});

describe('the tmux place of a session', () => {
  test('comes from TMUX and TMUX_PANE, and survives the registry round trip', () => {
    const tmux = tmuxPlace({ TMUX: '/tmp/tmux-0/default,4242,3', TMUX_PANE: '%12' });
    expect(tmux).toEqual({ socket: '/tmp/tmux-0/default', pane: '%12' });
    const entry = initialEntry({ id: '12-abcd', pid: 12, app: 'sh', command: ['sh'], cwd: '/', ...(tmux ? { tmux } : {}) }, 0);
    expect(parseEntry(JSON.stringify(entry))?.tmux).toEqual(tmux);
  });

  test('is absent outside tmux, and a malformed one makes the entry unreadable', () => {
    expect(tmuxPlace({ TMUX_PANE: '%1' })).toBeUndefined();
    expect(tmuxPlace({ TMUX: '/tmp/s,1,0', TMUX_PANE: '1' })).toBeUndefined();
    const entry = initialEntry({ id: '12-abcd', pid: 12, app: 'sh', command: ['sh'], cwd: '/' }, 0);
    expect(parseEntry(JSON.stringify({ ...entry, tmux: { socket: 'rel', pane: '%1' } }))).toBeUndefined();
  });
});
