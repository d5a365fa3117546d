// The fleet's pure core (src/inbox/fleet.ts): another host's `ls --json` read with its entry format checked, ssh's
// outcomes named in one line, the merge with this machine's sessions, the tables' HOST column and the jump line.
import { describe, expect, test } from 'vitest';
import { initialEntry, type SessionEntry } from '../../src/inbox/entry.js';
import { hostProblem, hostResult, mergeFleet, readRemoteList, remoteJumpLine, type HostRun } from '../../src/inbox/fleet.js';
import { formatTable } from '../../src/inbox/format.js';
import { jumpPlan } from '../../src/inbox/where.js';
import type { State } from '../../src/protocol/types.js';

function entry(id: string, state: State, since: number, extra: Partial<SessionEntry> = {}): SessionEntry {
  return { ...initialEntry({ id, pid: Number(id.split('-')[0]), app: 'claude', command: ['claude'], cwd: '/w' }, since), state, ...extra };
}
const NOW = 1_000_000;
const lsJson = (entries: SessionEntry[], inStateMs = 2_000): string => JSON.stringify(entries.map((e) => ({ ...e, inStateMs })), null, 2);
const run = (over: Partial<HostRun>): HostRun => ({ host: 'devbox', status: 0, stdout: '[]', stderr: '', timedOut: false, limitMs: 5_000, ...over });

describe('reading a host', () => {
  test("its sessions with their host, since made this machine's from inStateMs (another clock does not skew it)", () => {
    const remote = entry('77-beef', 'blocked', 5, { kind: 'auth', msg: 'Password:' });
    expect(readRemoteList('devbox', lsJson([remote]), NOW)).toEqual({ host: 'devbox', sessions: [{ ...remote, since: NOW - 2_000, host: 'devbox' }] });
    expect(readRemoteList('devbox', '[]', NOW)).toEqual({ host: 'devbox', sessions: [] });
  });

  test('a newer or older entry format is named in one line, never read', () => {
    const e = entry('77-beef', 'idle', 5);
    expect(readRemoteList('devbox', JSON.stringify([{ ...e, version: 2 }]), NOW)).toEqual({
      host: 'devbox',
      problem: 'devbox: its osf7501 is newer (session format 2, this one reads 1): update osf7501 here',
    });
    expect(readRemoteList('devbox', JSON.stringify([{ ...e, version: 0 }]), NOW)).toEqual({
      host: 'devbox',
      problem: 'devbox: its osf7501 is too old (session format 0, this one reads 1): update osf7501 there',
    });
    expect(readRemoteList('devbox', 'osf7501 ls: no such option', NOW)).toEqual({
      host: 'devbox',
      problem: 'devbox: osf7501 there printed no session list (its ls --json is too old, or it is not osf7501)',
    });
    expect(readRemoteList('devbox', JSON.stringify([{ ...e, id: '../../etc' }]), NOW)).toEqual({ host: 'devbox', problem: 'devbox: osf7501 there printed a session this one cannot read' });
  });

  test.each([
    [{ status: 255, stderr: 'ssh: connect to host 10.0.0.9 port 22: Connection refused\r\n' }, 'devbox: unreachable (ssh: connect to host 10.0.0.9 port 22: Connection refused)'],
    [{ status: null, timedOut: true }, 'devbox: no answer within 5 s'],
    [{ status: 127, stderr: 'bash: osf7501: command not found' }, 'devbox: osf7501 is not on the PATH there'],
    [{ status: 2, stderr: "osf7501 ls: unknown option '--json'\n" }, "devbox: its osf7501 is too old for this one (osf7501 ls: unknown option '--json')"],
    [{ status: 1, stderr: 'boom\n' }, 'devbox: osf7501 there exited with status 1 (boom)'],
  ])('ssh ending %j is one line', (over, problem) => {
    expect(hostResult(run(over), NOW)).toEqual({ host: 'devbox', problem });
  });

  test('host names that ssh would read as options, or with blanks, are refused', () => {
    expect(hostProblem('devbox')).toBeUndefined();
    expect(hostProblem('me@box.example:2222')).toBeUndefined();
    expect(hostProblem('-oProxyCommand=touch /tmp/x')).toMatch(/starts with '-'/u);
    expect(hostProblem('a b')).toMatch(/blanks/u);
    expect(hostProblem('')).toBe('an empty host name');
  });
});

describe('the merged list', () => {
  test("every host's sessions beside this machine's, most urgent first; each problem once, hosts in order", () => {
    const local = [entry('1-aaaa', 'working', 10), entry('2-bbbb', 'idle', 5)];
    const remote = { ...entry('77-beef', 'blocked', 20, { kind: 'auth', msg: 'Password:' }), host: 'devbox' };
    const merged = mergeFleet(local, [{ host: 'devbox', sessions: [remote] }, { host: 'dead', problem: 'dead: unreachable (x)' }]);
    expect(merged.sessions.map((e) => `${e.host ?? 'local'} ${e.id}`)).toEqual(['devbox 77-beef', 'local 1-aaaa', 'local 2-bbbb']);
    expect(merged.problems).toEqual(['dead: unreachable (x)']);
  });

  test('a table with another host has a HOST column first (local for this machine); without, none', () => {
    const local = entry('1-aaaa', 'working', NOW - 3_000, { cwd: '/home/me/p' });
    const remote = { ...entry('77-beef', 'blocked', NOW - 1_000, { kind: 'auth', msg: 'Password:', cwd: '/home/me/q' }), host: 'devbox' };
    expect(formatTable([remote, local], NOW, '/home/me')).toEqual([
      'HOST    ID       STATE         FOR  APP     TTY  CWD         MSG',
      'devbox  77-beef  blocked:auth  1s   claude  -    /home/me/q  Password:',
      'local   1-aaaa   working       3s   claude  -    ~/p',
    ]);
    expect(formatTable([local], NOW, '/home/me')[0]).toMatch(/^ID\s+STATE/u);
  });
});

describe('jumping to a remote session', () => {
  test("its tmux pane through ssh -t, the remote shell's words quoted", () => {
    const e = { ...entry('77-beef', 'blocked', 1, { tmux: { socket: '/tmp/tmux-1000/default', pane: '%3' } }), host: 'devbox' };
    expect(remoteJumpLine(e)).toBe("ssh -t devbox 'tmux -S /tmp/tmux-1000/default attach-session -t %3 \\; select-window -t %3 \\; select-pane -t %3'");
    const odd = { ...e, tmux: { socket: "/tmp/my tmux/it's", pane: '%3' } };
    expect(remoteJumpLine(odd)).toBe(`ssh -t devbox 'tmux -S '\\''/tmp/my tmux/it'\\''\\'\\'''\\''s'\\'' attach-session -t %3 \\; select-window -t %3 \\; select-pane -t %3'`);
    expect(jumpPlan(e, '/tmp/tmux-1000/default')).toEqual({ kind: 'say', text: remoteJumpLine(e) }); // never this machine's tmux
  });

  test('without tmux there: ssh -t and where it runs', () => {
    const e = { ...entry('77-beef', 'idle', 1, { tty: '/dev/pts/4', cwd: '/srv/app' }), host: 'devbox' };
    expect(remoteJumpLine(e)).toBe('ssh -t devbox   # 77-beef runs there on /dev/pts/4, pid 77, in /srv/app');
  });
});
