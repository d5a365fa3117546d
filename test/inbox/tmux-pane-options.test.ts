// The tmux commands that mirror a report into a pane's @osf7501_* options.
import { describe, expect, test } from 'vitest';
import { paneOptionArgs } from '../../src/inbox/tmux-pane-options.js';

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
