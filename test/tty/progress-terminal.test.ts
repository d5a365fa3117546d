// Which outer terminals get the OSC 9;4 bar, from the environment the shim starts in (pure).
import { describe, expect, test } from 'vitest';
import { atLeast, looksLikeKitty, progressBarRoute, type ProgressBarMode } from '../../src/tty/progress-terminal.js';

type Env = Record<string, string>;

describe('progressBarRoute', () => {
  test.each<[string, Env, string | false]>([
    ['Ghostty 1.2.0', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.0' }, 'bare'],
    ['Ghostty 1.3.0-dev', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.3.0-main+4d2a' }, 'bare'],
    ['Ghostty without a version', { TERM_PROGRAM: 'ghostty' }, 'bare'],
    ['Ghostty 1.1.3', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.1.3' }, false],
    ['iTerm2 3.6.6', { TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.6.6' }, 'bare'],
    ['iTerm2 3.10.0', { TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.10.0' }, 'bare'],
    ['iTerm2 3.6.5', { TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.6.5' }, false],
    ['iTerm2 without a version', { TERM_PROGRAM: 'iTerm.app' }, false],
    ['WezTerm', { TERM_PROGRAM: 'WezTerm', TERM_PROGRAM_VERSION: '20240203-110809-5046fc22' }, false],
    ['Windows Terminal', { WT_SESSION: 'a1b2' }, 'bare'],
    ['ConEmu', { ConEmuANSI: 'ON' }, 'bare'],
    ['ConEmu with ANSI off', { ConEmuANSI: 'OFF' }, false],
    ['kitty, version not known', { KITTY_WINDOW_ID: '1', TERM: 'xterm-kitty' }, false],
    ['Apple Terminal', { TERM_PROGRAM: 'Apple_Terminal' }, false],
    ['nothing', {}, false],
    ['tmux 3.7', { TMUX: '/tmp/tmux-0/default,1,0', TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.7' }, 'bare'],
    ['tmux next-3.8', { TMUX: '/tmp/tmux-0/default,1,0', TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: 'next-3.8' }, 'bare'],
    ['tmux 3.6a in Ghostty', { TMUX: '/tmp/tmux-0/default,1,0', TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.6a' }, false],
    ['tmux 3.1 (no TERM_PROGRAM of its own) started from Ghostty', { TMUX: '/tmp/tmux-0/default,1,0', TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.0' }, false],
    ['GNU screen in Ghostty', { STY: '123.pts-0', TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.0' }, false],
  ])('auto, %s', (_name, env, via) => {
    const route = progressBarRoute('auto', env);
    expect(route.draws ? route.via : false).toBe(via);
  });

  test('kitty 0.47 or later once its version is known; 0.46 not; not under tmux', () => {
    const env = { KITTY_WINDOW_ID: '3', TERM: 'xterm-kitty' };
    expect(looksLikeKitty(env)).toBe(true);
    expect(progressBarRoute('auto', env, { kittyVersion: 'kitty 0.47.0 created by Kovid Goyal' })).toEqual({ draws: true, terminal: 'kitty 0.47.0', via: 'bare' });
    expect(progressBarRoute('auto', env, { kittyVersion: 'kitty 0.46.2 created by Kovid Goyal' }).draws).toBe(false);
    expect(looksLikeKitty({ ...env, TMUX: '/tmp/t,1,0' })).toBe(false);
  });

  test.each<[ProgressBarMode, Env, string | false]>([
    ['never', { TERM_PROGRAM: 'ghostty', TERM_PROGRAM_VERSION: '1.2.0' }, false],
    ['never', { TMUX: '/tmp/t,1,0', TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.7' }, false],
    ['always', {}, 'bare'],
    ['always', { TMUX: '/tmp/t,1,0', TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.5' }, 'passthrough'],
    ['always', { TMUX: '/tmp/t,1,0', TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.7' }, 'bare'],
    ['always', { STY: '1.x' }, 'passthrough'],
  ])('%s in %j', (mode, env, via) => {
    const route = progressBarRoute(mode, env);
    expect(route.draws ? route.via : false).toBe(via);
  });

  test('versions compare by number, missing parts as 0', () => {
    expect(atLeast('3.6.10', [3, 6, 6])).toBe(true);
    expect(atLeast('3.6', [3, 6, 6])).toBe(false);
    expect(atLeast('1.2', [1, 2])).toBe(true);
    expect(atLeast(undefined, [1])).toBe(false);
    expect(atLeast('master', [3, 7])).toBe(false);
  });
});
