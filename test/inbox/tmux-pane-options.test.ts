// The tmux commands that mirror a report into a pane's @osf7501_* options.
import { describe, expect, test } from 'vitest';
import { paneOptionArgs, paneOptionsOff } from '../../src/inbox/tmux-pane-options.js';

/** The `set-option` calls in one tmux command line, as [flags, name, value?]. */
function calls(args: string[]): string[][] {
  const out: string[][] = [[]];
  for (const a of args) if (a === ';') out.push([]); else out.at(-1)?.push(a);
  return out.map((c) => c.filter((w) => w !== 'set-option' && w !== '-t' && w !== '%4'));
}

describe('pane options of a report', () => {
  test('blocked: state, kind, app, sanitized msg and since are set', () => {
    expect(calls(paneOptionArgs('%4', 'claude-code', { state: 'blocked', kind: 'permission', msg: 'approve\x1b[31m Bash: ls' }, 1_800_000_000))).toEqual([
      ['-p', '@osf7501_state', 'blocked'],
      ['-p', '@osf7501_kind', 'permission'],
      ['-p', '@osf7501_app', 'claude-code'],
      ['-p', '@osf7501_msg', 'approve Bash: ls'],
      ['-p', '@osf7501_since', '1800000000'],
    ]);
  });

  test('working: the kind and msg of an earlier dialog are unset', () => {
    expect(calls(paneOptionArgs('%4', 'sh', { state: 'working' }, 5))).toEqual([
      ['-p', '@osf7501_state', 'working'],
      ['-p', '-u', '@osf7501_kind'],
      ['-p', '@osf7501_app', 'sh'],
      ['-p', '-u', '@osf7501_msg'],
      ['-p', '@osf7501_since', '5'],
    ]);
  });

  test('clear (and the exit) unsets every option', () => {
    expect(calls(paneOptionArgs('%4', 'sh', { state: 'clear' }, 5)).every((c) => c[1] === '-u')).toBe(true);
    expect(paneOptionArgs('%4', 'sh', undefined, 0).filter((a) => a.startsWith('@'))).toHaveLength(5);
  });
});

describe('whether a failed tmux call turns the pane options off', () => {
  const OLD = 'pane options need tmux 3.0 or later';
  test.each([
    ['tmux 2.9 (its usage line has no -p)', 'usage: set-option [-aFgosquw] [-t target-window] option [value]\n', OLD],
    ['tmux 2.6 (set-option -agoqsuw)', 'usage: set-option [-agoqsuw] [-t target-window] option [value]', OLD],
    ['a parser that names the flag', 'command set-option: unknown flag -p', OLD],
    ['a pane that is gone', "can't find pane: %9", "tmux refused set-option -p: can't find pane: %9"],
    ['a server that is gone', 'no server running on /tmp/tmux-0/default', 'tmux refused set-option -p: no server running on /tmp/tmux-0/default'],
    ['silence', '', 'tmux refused set-option -p: no error message'],
  ])('%s: off', (_what, stderr, says) => {
    expect(paneOptionsOff({ timedOut: false, stderr })).toContain(says);
  });

  test('a usage line that lists -p (a tmux that has it) is not read as an old tmux', () => {
    expect(paneOptionsOff({ timedOut: false, stderr: 'usage: set-option [-aFgopqsuUw] [-t target-pane] option [value]' })).not.toContain(OLD);
  });

  test('no tmux on PATH: off', () => {
    expect(paneOptionsOff({ timedOut: false, spawnCode: 'ENOENT', stderr: '' })).toBe('tmux pane options off: no tmux command on PATH');
  });

  test('a call that timed out (a busy server) keeps them on: the next report tries again', () => {
    expect(paneOptionsOff({ timedOut: true, stderr: '' })).toBeUndefined();
  });

  test('tmux error text is made printable', () => {
    expect(paneOptionsOff({ timedOut: false, stderr: 'bad\x1b]2;x\x07 pane' })).not.toMatch(/[\x00-\x1f]/);
  });
});
