// `--title`: the state's glyph and text in the window title, between a save and a restore of the user's title.
import { describe, expect, test } from 'vitest';
import { runInTerminal } from './support/outer-terminal.js';

describe('osf7501 --title', () => {
  test('saves the title, shows each state with its glyph, restores the title at exit', async () => {
    const result = await runInTerminal(['--title', 'sh', '-c', 'printf "titled\\n"; exit 3']);
    expect(result.status).toBe(3);
    const text = result.output.toString();
    const push = text.indexOf('\x1b[22;2t');
    const error = text.indexOf('\x1b]2;✗ sh · error: sh exited with status 3\x1b\\');
    const pop = text.lastIndexOf('\x1b[23;2t');
    expect(push).toBeGreaterThanOrEqual(0);
    expect(error).toBeGreaterThan(push);
    expect(pop).toBeGreaterThan(error);
    expect(text).toContain('titled');
  });

  test('without --title the title is left alone', async () => {
    const result = await runInTerminal(['sh', '-c', 'exit 0']);
    expect(result.output.toString()).not.toMatch(/\x1b\]2;|\x1b\[2[23];2t/);
  });
});
