// The registry: a publisher's entry on disk (atomic, private, removed on dispose) and the live list.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { initialEntry, parseEntry } from '../../src/inbox/entry.js';
import { InboxError } from '../../src/inbox/errors.js';
import { readSessions, RegistryPublisher } from '../../src/inbox/registry.js';
import { ensureRuntimeDir, runtimeDirPath } from '../../src/inbox/runtime-dir.js';
import { deadPid, tempRuntime } from './support.js';

let rt: ReturnType<typeof tempRuntime>;
beforeEach(() => {
  rt = tempRuntime();
});
afterEach(() => rt.remove());

function info(hex: string, pid = process.pid) {
  return { id: `${pid}-${hex}`, pid, app: 'sh', command: ['sh', '-c', 'x'], cwd: '/tmp', tty: '/dev/pts/9' };
}

function onDisk(id: string) {
  return parseEntry(readFileSync(join(rt.dir, `${id}.json`), 'utf8'));
}

describe('RegistryPublisher', () => {
  test("a blocked session's entry carries the choices of the dialog on its screen; they go when it is no longer blocked", () => {
    const p = new RegistryPublisher(info('aaaa00c1'), { dir: rt.dir });
    const dialog = ['Run migration 0042?', '❯ 1. Yes', '  2. No', '', 'Esc to cancel'];
    p.screen(dialog, { state: 'blocked', kind: 'permission' });
    p.report({ state: 'blocked', kind: 'permission', msg: 'Run migration 0042?' }, 'screen');
    expect(onDisk(p.entry.id)).toMatchObject({ state: 'blocked', choices: ['1. Yes', '2. No'], keys: ['Esc to cancel'], revision: 1 });
    // The dialog changes with no new report (the rate limit): the entry follows the screen.
    p.screen(['Run migration 0042?', '❯ 1. Yes', '  2. Yes, skip the tests', '  3. No', '', 'Esc to cancel'], { state: 'blocked', kind: 'permission' });
    expect(onDisk(p.entry.id)?.choices).toEqual(['1. Yes', '2. Yes, skip the tests', '3. No']);
    p.screen(dialog.slice(0, 1), { state: 'working' });
    p.report({ state: 'working' }, 'screen');
    const after = onDisk(p.entry.id);
    expect(after?.state).toBe('working');
    expect(after?.choices).toBeUndefined();
    expect(after?.keys).toBeUndefined();
    p.dispose();
  });

  test('an entry with malformed choices is not read', () => {
    const good = { ...initialEntry(info('aaaa00c2'), 1), state: 'blocked', choices: ['1. Yes'] };
    expect(parseEntry(JSON.stringify(good))?.choices).toEqual(['1. Yes']);
    expect(parseEntry(JSON.stringify({ ...good, choices: [1] }))).toBeUndefined();
    expect(parseEntry(JSON.stringify({ ...good, keys: 'Esc' }))).toBeUndefined();
  });

  test('publishes idle at once, then every report; the files are private and temp files do not linger', () => {
    let now = 1000;
    const p = new RegistryPublisher(info('aaaa0001'), { dir: rt.dir, now: () => now });
    expect(onDisk(p.entry.id)).toMatchObject({ state: 'idle', since: 1000, revision: 0, tty: '/dev/pts/9' });
    now = 2000;
    p.report({ state: 'blocked', kind: 'auth', msg: 'Password:' }, 'screen');
    expect(onDisk(p.entry.id)).toMatchObject({ state: 'blocked', kind: 'auth', msg: 'Password:', since: 2000, revision: 1 });
    expect(statSync(join(rt.dir, `${p.entry.id}.json`)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(rt.dir, `${p.entry.id}.state`), 'utf8')).toBe('blocked\n'); // the state word the launcher's shell part reads
    expect(statSync(join(rt.dir, `${p.entry.id}.state`)).mode & 0o777).toBe(0o600);
    expect(readdirSync(rt.dir).sort()).toEqual([`${p.entry.id}.json`, `${p.entry.id}.state`]);
    p.dispose();
    expect(readdirSync(rt.dir)).toEqual([]);
  });

  test('dispose removes the entry, twice is harmless, and later reports write nothing', () => {
    const p = new RegistryPublisher(info('aaaa0002'), { dir: rt.dir });
    p.dispose();
    p.dispose();
    p.report({ state: 'working' }, 'screen');
    expect(readdirSync(rt.dir)).toEqual([]);
  });

  test('onChange hears each change once, not repeats', () => {
    const seen: string[] = [];
    const p = new RegistryPublisher(info('aaaa0003'), { dir: rt.dir, onChange: (e, prev) => seen.push(`${prev.state}>${e.state}`) });
    p.report({ state: 'working' }, 'screen');
    p.report({ state: 'working' }, 'screen');
    p.report({ state: 'done' }, 'screen');
    expect(seen).toEqual(['idle>working', 'working>done']);
    p.dispose();
  });

  test('a blocked screen blocks input before its report; the revision counts what the shim saw', () => {
    const p = new RegistryPublisher(info('aaaa0004'), { dir: rt.dir });
    const r0 = p.inputView().revision;
    p.classification({ state: 'blocked', kind: 'permission' });
    expect(p.inputView()).toEqual({ state: 'idle', blocked: true, revision: r0 + 1 });
    p.classification({ state: 'working' });
    expect(p.inputView().blocked).toBe(false);
    p.dispose();
  });

  test('a registry directory that vanished does not stop the session', () => {
    const gone = join(rt.xdg, 'missing');
    const p = new RegistryPublisher(info('aaaa0005'), { dir: gone });
    p.report({ state: 'working' }, 'screen');
    expect(p.entry.state).toBe('working');
    p.dispose();
  });
});

describe('readSessions', () => {
  test('several sessions, most urgent first', () => {
    const ps = ['blocked', 'working', 'done'].map((state, i) => {
      const p = new RegistryPublisher(info(`bbbb000${i}`), { dir: rt.dir });
      p.report({ state: state as 'blocked' }, 'screen');
      return p;
    });
    expect(readSessions(rt.dir).map((e) => e.state)).toEqual(['blocked', 'done', 'working']);
    for (const p of ps) p.dispose();
    expect(readSessions(rt.dir)).toEqual([]);
  });

  test("a crashed shim's entry (dead pid) is ignored, and removed with its socket and state file when cleaning", () => {
    const pid = deadPid();
    const stale = initialEntry(info('dead0001', pid), 0);
    writeFileSync(join(rt.dir, `${stale.id}.json`), JSON.stringify({ ...stale, state: 'blocked' }));
    writeFileSync(join(rt.dir, `${stale.id}.sock`), '');
    writeFileSync(join(rt.dir, `${stale.id}.state`), 'blocked\n');
    const live = new RegistryPublisher(info('cccc0001'), { dir: rt.dir });
    expect(readSessions(rt.dir).map((e) => e.id)).toEqual([live.entry.id]);
    expect(existsSync(join(rt.dir, `${stale.id}.json`))).toBe(true);
    readSessions(rt.dir, { clean: true });
    expect(readdirSync(rt.dir).sort()).toEqual([`${live.entry.id}.json`, `${live.entry.id}.state`]);
    live.dispose();
  });

  test('an entry under another name, or whose id does not start with its pid, is ignored', () => {
    const e = initialEntry(info('cccc0002'), 0);
    writeFileSync(join(rt.dir, `${process.pid}-ffff.json`), JSON.stringify(e));
    writeFileSync(join(rt.dir, `${e.id}.json`), JSON.stringify({ ...e, pid: 1 }));
    writeFileSync(join(rt.dir, 'junk.json'), '{');
    expect(readSessions(rt.dir)).toEqual([]);
  });

  test('no directory yet: no sessions', () => {
    expect(readSessions(join(rt.xdg, 'nope'))).toEqual([]);
  });
});

describe('the runtime directory', () => {
  test('$XDG_RUNTIME_DIR/osf7501, else $TMPDIR/osf7501-<uid>', () => {
    expect(runtimeDirPath({ XDG_RUNTIME_DIR: '/run/user/7' })).toBe('/run/user/7/osf7501');
    expect(runtimeDirPath({ TMPDIR: '/tmp/x' })).toBe(`/tmp/x/osf7501-${process.getuid?.() ?? 0}`);
    expect(runtimeDirPath({ XDG_RUNTIME_DIR: 'relative', TMPDIR: '/t' })).toMatch(/^\/t\/osf7501-/u);
  });

  test('created 0700', () => {
    const dir = ensureRuntimeDir(join(rt.xdg, 'fresh'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  test('a group- or world-accessible directory is refused, naming it', () => {
    const open = join(rt.xdg, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    expect(() => ensureRuntimeDir(open)).toThrow(InboxError);
    expect(() => ensureRuntimeDir(open)).toThrow(/open: mode 755, expected 700/u);
    expect(() => readSessions(open)).toThrow(InboxError);
  });
});
