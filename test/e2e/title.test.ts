// `--title`: the state's glyph in the window title — in front of the program's own title once it sets one —
// between a save and a restore of the user's title on xterm's title stack (CSI 22;0 t / CSI 23;0 t).
import { describe, expect, test } from 'vitest';
import { splitReports, runInTerminal } from './support/outer-terminal.js';

const PUSH = '\x1b[22;0t';
const POP = '\x1b[23;0t';
/** Every OSC 2 title the output sets, in order (the shim's own end with ST). */
const titlesIn = (text: string): string[] => [...text.matchAll(/\x1b\]2;([^\x07\x1b]*)\x1b\\/g)].map((m) => m[1] as string);

describe('osf7501 --title', () => {
  test('saves the title, shows each state with its glyph, restores the title at exit', async () => {
    const result = await runInTerminal(['--title', 'sh', '-c', 'printf "titled\\n"; exit 3']);
    expect(result.status).toBe(3);
    const text = result.output.toString();
    const push = text.indexOf(PUSH);
    const error = text.indexOf('\x1b]2;✗ sh · error: sh exited with status 3\x1b\\');
    const pop = text.lastIndexOf(POP);
    expect(push).toBeGreaterThanOrEqual(0);
    expect(error).toBeGreaterThan(push);
    expect(pop).toBeGreaterThan(error);
    expect(text).toContain('titled');
  });

  test("puts the glyph in front of the program's own title, after the program's title sequence, which passes unchanged", async () => {
    const child = 'printf "\\033]0;Deploy — ~/app\\007"; sleep 1; printf "\\033]2;Deploy — step 2\\033\\\\"; sleep 1; printf "done\\n"; exit 3';
    const result = await runInTerminal(['--title', 'sh', '-c', child]);
    expect(result.status).toBe(3);
    const text = result.output.toString();
    const own = text.indexOf('\x1b]0;Deploy — ~/app\x07');
    const second = text.indexOf('\x1b]2;Deploy — step 2\x1b\\');
    expect(own).toBeGreaterThan(text.indexOf(PUSH));
    expect(second).toBeGreaterThan(own);
    // After each of the program's titles, the shim's: its glyph in front of that title.
    const afterOwn = titlesIn(text.slice(own, second));
    expect(afterOwn.at(-1)).toMatch(/^[○…] Deploy — ~\/app$/u);
    const afterSecond = titlesIn(text.slice(second + 1));
    expect(afterSecond[0]).toMatch(/^[○…] Deploy — step 2$/u);
    expect(afterSecond.at(-1)).toBe('✗ Deploy — step 2');
    expect(text.lastIndexOf(POP)).toBeGreaterThan(text.lastIndexOf('\x1b]2;✗ Deploy — step 2\x1b\\'));
    // The program's bytes, the shim's own sequences taken out, are exactly what it wrote.
    const { bytes } = splitReports(result.output);
    const childBytes = bytes.toString().replace(PUSH, '').replace(POP, '').replace(/\x1b\]2;[^\x07\x1b]*[○…✓✗●][^\x07\x1b]*\x1b\\/gu, '');
    expect(childBytes).toContain('\x1b]0;Deploy — ~/app\x07\x1b]2;Deploy — step 2\x1b\\done\r\n');
  });

  test('without --title the title is left alone', async () => {
    const result = await runInTerminal(['sh', '-c', 'exit 0']);
    expect(result.output.toString()).not.toMatch(/\x1b\]2;|\x1b\[2[23];[02]t/);
  });
});
