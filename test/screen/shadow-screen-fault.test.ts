// An exception from xterm marks the screen broken instead of reaching the caller.
import { describe, expect, test, vi } from 'vitest';

const failures = vi.hoisted(() => ({ on: new Set<string>() }));

// ShadowScreen gets xterm's Terminal through its CommonJS bridge (src/screen/xterm-terminal.cjs).
vi.mock('../../src/screen/xterm-terminal.cjs', () => {
  class Terminal {
    cols = 80;
    rows = 24;
    buffer = {
      active: {
        baseY: 0,
        getLine: (): { translateToString: () => string } => {
          if (failures.on.has('read')) throw new Error('buffer gone');
          return { translateToString: () => 'row' };
        },
      },
    };
    write(_data: unknown, callback?: () => void): void {
      if (failures.on.has('write')) throw new Error('parser exploded');
      callback?.();
    }
    resize(): void {
      if (failures.on.has('resize')) throw new Error('cannot resize');
    }
    dispose(): void {
      if (failures.on.has('dispose')) throw new Error('cannot dispose');
    }
  }
  return { Terminal };
});

const { ShadowScreen } = await import('../../src/screen/shadow-screen.js');

describe('ShadowScreen survives xterm exceptions', () => {
  test.each([
    ['write', (s: InstanceType<typeof ShadowScreen>) => s.write(Uint8Array.of(0x41)), 'xterm failed during write: parser exploded'],
    ['resize', (s: InstanceType<typeof ShadowScreen>) => s.resize(100, 30), 'xterm failed during resize: cannot resize'],
    ['read', (s: InstanceType<typeof ShadowScreen>) => s.visibleLines(), 'xterm failed during read: buffer gone'],
  ])('an exception during %s marks the screen broken and does not throw', (action, run, reason) => {
    failures.on = new Set([action]);
    const screen = new ShadowScreen({ cols: 80, rows: 24 });
    expect(() => run(screen)).not.toThrow();
    expect(screen.broken).toBe(reason);
    expect(screen.visibleLines()).toEqual([]);
    expect(screen.size).toBeUndefined();
  });

  test('a broken screen stays quiet: later calls do nothing and flush resolves', async () => {
    failures.on = new Set(['write']);
    const screen = new ShadowScreen({ cols: 80, rows: 24 });
    screen.write(Uint8Array.of(0x41));
    failures.on = new Set();
    screen.write(Uint8Array.of(0x42));
    await expect(screen.flush()).resolves.toBeUndefined();
    expect(screen.broken).toBe('xterm failed during write: parser exploded');
  });

  test('an exception from dispose is swallowed', () => {
    failures.on = new Set(['dispose']);
    const screen = new ShadowScreen({ cols: 80, rows: 24 });
    expect(() => screen.dispose()).not.toThrow();
    expect(screen.broken).toBeUndefined();
  });

  test('a working screen is not broken', () => {
    failures.on = new Set();
    const screen = new ShadowScreen({ cols: 80, rows: 24 });
    expect(screen.visibleLines()).toHaveLength(24);
    expect(screen.broken).toBeUndefined();
  });
});
