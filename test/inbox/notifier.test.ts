// --notify: one terminal notification per session and state within the cooldown, none for other states.
import { describe, expect, test } from 'vitest';
import { initialEntry, applyUpdate } from '../../src/inbox/entry.js';
import { Notifier } from '../../src/inbox/notifier.js';
import { NOTIFY_COOLDOWN_MS } from '../../src/inbox/cooldown.js';
import type { Notice } from '../../src/inbox/notify-text.js';

describe('Notifier', () => {
  test('blocked and done notify once within the cooldown, through the terminal and the desktop', () => {
    let now = 0;
    const written: string[] = [];
    const desktop: Notice[] = [];
    const n = new Notifier({ mode: 'both', env: { TERM: 'xterm-256color' }, now: () => now, writeTerminal: (b) => written.push(Buffer.from(b).toString()), desktop: (x) => desktop.push(x) });
    let e = initialEntry({ id: '1-abcd', pid: 1, app: 'claude', command: [], cwd: '/' }, 0);
    const step = (state: 'blocked' | 'working' | 'done', msg?: string): void => {
      const next = applyUpdate(e, { state, ...(state === 'blocked' ? { kind: 'permission' as const } : {}), ...(msg ? { msg } : {}) }, now);
      n.changed(next, e);
      e = next;
    };
    step('blocked', 'approve Bash: ls');
    step('working');
    step('blocked', 'approve Bash: ls'); // a flapping prompt within 30 s: no second notification
    now = NOTIFY_COOLDOWN_MS;
    step('working');
    step('blocked', 'approve Bash: rm');
    step('done');
    expect(written).toEqual([
      '\u001b]9;claude needs approval: approve Bash: ls\u001b\\',
      '\u001b]9;claude needs approval: approve Bash: rm\u001b\\',
      '\u001b]9;claude is done: claude finished its turn\u001b\\',
    ]);
    expect(desktop.map((d) => d.title)).toEqual(['claude needs approval', 'claude needs approval', 'claude is done']);
  });

  test('a new msg in the same blocked state is not a new notification', () => {
    const written: string[] = [];
    const n = new Notifier({ mode: 'terminal', env: {}, now: () => 0, writeTerminal: (b) => written.push(Buffer.from(b).toString()) });
    const a = initialEntry({ id: '1-abcd', pid: 1, app: 'x', command: [], cwd: '/' }, 0);
    const b = applyUpdate(a, { state: 'blocked', kind: 'auth', msg: 'one' }, 1);
    n.changed(b, a);
    n.changed(applyUpdate(b, { state: 'blocked', kind: 'auth', msg: 'two' }, 2), b);
    expect(written).toHaveLength(1);
  });
});
