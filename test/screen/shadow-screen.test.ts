import { afterEach, describe, expect, test } from 'vitest';
import { ShadowScreen } from '../../src/screen/shadow-screen.js';

const encoder = new TextEncoder();
const bytes = (text: string): Uint8Array => encoder.encode(text);

const screens: ShadowScreen[] = [];
function open(cols = 20, rows = 4): ShadowScreen {
  const screen = new ShadowScreen({ cols, rows });
  screens.push(screen);
  return screen;
}
afterEach(() => {
  for (const screen of screens.splice(0)) screen.dispose();
});

async function render(text: string, cols = 20, rows = 4): Promise<string[]> {
  const screen = open(cols, rows);
  screen.write(bytes(text));
  await screen.flush();
  return screen.visibleLines();
}

describe('ShadowScreen reads the visible screen', () => {
  test.each([
    ['cursor movement leaves a readable space', 'Do\x1b[5Gyou want', 'Do  you want'],
    ['cursor-forward counts as spaces', 'Do\x1b[1Cyou', 'Do you'],
    ['CR without LF overwrites the line', 'Working...\rDone', 'Doneing...'],
    ['CR then erase-line replaces it whole', 'Working...\r\x1b[2KDone', 'Done'],
    ['backspace moves back over a cell', 'abc\bX', 'abX'],
    ['colours and OSC titles leave no text', '\x1b[1;31mred\x1b[0m \x1b]0;title\x07ok', 'red ok'],
  ])('%s', async (_name, input, first) => {
    expect((await render(input))[0]).toBe(first);
  });

  test('a line drawn with cursor-down and CR (no LF at all) lands on its own row', async () => {
    const lines = await render('one\r\x1b[1Btwo\r\x1b[1Bthree');
    expect(lines.slice(0, 3)).toEqual(['one', 'two', 'three']);
  });

  test('erase-line after cursor-up removes a prompt that was answered', async () => {
    const prompt = 'Do you want to proceed?\r\n❯ 1. Yes\r\n  2. No';
    const erase = '\x1b[2K\x1b[1A\x1b[2K\x1b[1A\x1b[2K\rApproved.';
    const lines = await render(prompt + erase, 30, 5);
    expect(lines.join('\n')).not.toContain('proceed');
    expect(lines[0]).toBe('Approved.');
  });

  test('returns exactly the visible rows, right-trimmed, blank rows included', async () => {
    expect(await render('a   \r\nb', 10, 4)).toEqual(['a', 'b', '', '']);
  });

  test('text scrolled off the top is not visible', async () => {
    const lines = await render('Do you want to proceed?\r\n1\r\n2\r\n3\r\n4', 30, 4);
    expect(lines).toEqual(['1', '2', '3', '4']);
  });

  test('the alternate screen is read while it is on, and the normal one after it is left', async () => {
    const screen = open(20, 3);
    screen.write(bytes('shell$ vim'));
    screen.write(bytes('\x1b[?1049h\x1b[H~ editor'));
    await screen.flush();
    expect(screen.visibleLines()[0]).toBe('~ editor');
    expect(screen.visibleLines().join('\n')).not.toContain('shell$');
    screen.write(bytes('\x1b[?1049l'));
    await screen.flush();
    expect(screen.visibleLines()[0]).toBe('shell$ vim');
  });

  test.each([
    ['CJK', '中文ab', '中文ab'],
    ['emoji', 'x😀y', 'x😀y'],
    ['box drawing and the Claude prompt glyph', '│ ❯ 1. Yes', '│ ❯ 1. Yes'],
  ])('a wide or special character (%s) reads once, with no placeholder', async (_name, input, expected) => {
    expect((await render(input))[0]).toBe(expected);
  });

  test('UTF-8 split across writes at every byte is decoded whole', async () => {
    const screen = open(30, 2);
    for (const byte of bytes('中文 ❯ 😀 done')) screen.write(Uint8Array.of(byte));
    await screen.flush();
    expect(screen.visibleLines()[0]).toBe('中文 ❯ 😀 done');
  });

  test('an escape sequence split across writes still applies', async () => {
    const screen = open(20, 2);
    for (const byte of bytes('Do\x1b[5Gyou')) screen.write(Uint8Array.of(byte));
    await screen.flush();
    expect(screen.visibleLines()[0]).toBe('Do  you');
  });

  test('the caller may reuse its buffer after write', async () => {
    const screen = open(20, 2);
    const buffer = bytes('abc');
    screen.write(buffer);
    buffer.fill(0x7a);
    await screen.flush();
    expect(screen.visibleLines()[0]).toBe('abc');
  });
});

describe('ShadowScreen tells the rows the terminal wrapped from the rows the program began', () => {
  test('text past the last column goes on in a soft-wrapped row; CR LF and cursor moves begin rows of their own', async () => {
    const screen = open(20, 6);
    // Row 0 and 1: one write of 25 characters. Row 2: exactly 20, then CR LF. Row 3: after it. Row 4: a cursor move.
    screen.write(bytes(`${'a'.repeat(25)}\r\n${'b'.repeat(20)}\r\nnext\x1b[5;1Hmoved`));
    await screen.flush();
    expect(screen.visibleLines().slice(0, 5)).toEqual(['a'.repeat(20), 'aaaaa', 'b'.repeat(20), 'next', 'moved']);
    expect(screen.softWrappedRows()).toEqual([false, true, false, false, false, false]);
  });

  test('a reflow on resize keeps the wraps: a long line narrowed wraps softly', async () => {
    const screen = open(20, 4);
    screen.write(bytes(`${'c'.repeat(15)}\r\nend`));
    await screen.flush();
    screen.resize(10, 4);
    await screen.flush();
    expect(screen.visibleLines().slice(0, 3)).toEqual(['c'.repeat(10), 'ccccc', 'end']);
    expect(screen.softWrappedRows().slice(0, 3)).toEqual([false, true, false]);
  });

  test('empty once disposed', () => {
    const screen = open();
    screen.dispose();
    expect(screen.softWrappedRows()).toEqual([]);
  });
});

describe('ShadowScreen resizes', () => {
  test('resize changes the number of rows read and the wrap width', async () => {
    const screen = open(10, 2);
    screen.resize(20, 3);
    screen.write(bytes('0123456789abcdefghij'));
    await screen.flush();
    expect(screen.size).toEqual({ cols: 20, rows: 3 });
    expect(screen.visibleLines()).toEqual(['0123456789abcdefghij', '', '']);
  });

  test('narrowing reflows a finished long line onto two rows', async () => {
    const screen = open(20, 3);
    screen.write(bytes('0123456789abcdefghij\r\nnext'));
    await screen.flush();
    screen.resize(10, 3);
    await screen.flush();
    expect(screen.visibleLines()).toEqual(['0123456789', 'abcdefghij', 'next']);
  });

  test('nonsense sizes are raised to the smallest screen instead of throwing', () => {
    const screen = open(10, 2);
    screen.resize(0, Number.NaN);
    expect(screen.size).toEqual({ cols: 2, rows: 1 });
    expect(screen.broken).toBeUndefined();
  });
});

describe('ShadowScreen lifecycle', () => {
  test('flush with nothing written resolves', async () => {
    await expect(open().flush()).resolves.toBeUndefined();
  });

  test('dispose is idempotent and later calls are harmless', async () => {
    const screen = open();
    screen.dispose();
    screen.dispose();
    screen.write(bytes('x'));
    screen.resize(30, 5);
    await expect(screen.flush()).resolves.toBeUndefined();
    expect(screen.visibleLines()).toEqual([]);
    expect(screen.size).toBeUndefined();
  });

  test('dispose resolves a flush that is still waiting for the parser', async () => {
    const screen = open();
    screen.write(bytes('x'.repeat(100_000)));
    const flushed = screen.flush();
    screen.dispose();
    await expect(flushed).resolves.toBeUndefined();
  });
});

describe('UTF-8 characters split across writes (xterm.js #6003)', () => {
  test.each([
    ['…', [0xe2, 0x80], [0xa6]],
    ['…', [0xe2], [0x80, 0xa6]],
    ['—', [0xe2, 0x80], [0x94]],
    ['😀', [0xf0, 0x9f, 0x98], [0x80]],
  ])('%s split as %j + %j reads whole', async (char, first, second) => {
    const { ShadowScreen } = await import('../../src/screen/shadow-screen.js');
    const screen = new ShadowScreen({ cols: 20, rows: 2 });
    screen.write(Uint8Array.from([0x61, ...first]));
    screen.write(Uint8Array.from([...second, 0x62]));
    await screen.flush();
    expect(screen.visibleLines()[0]).toBe(`a${char}b`);
    screen.dispose();
  });
});

describe('ShadowScreen.reset starts over in the same terminal', () => {
  test('a blank normal screen, even from inside the alternate screen and an open sequence', async () => {
    const screen = open(20, 4);
    // Alternate screen on, text on it, then an OSC string left open (a flood cut anywhere).
    screen.write(bytes('main\x1b[?1049halt text\x1b]0;unfinished'));
    screen.reset();
    screen.write(bytes('after'));
    await screen.flush();
    expect(screen.visibleLines()).toEqual(['after', '', '', '']);
  });

  test('bytes written before the reset, not yet parsed, never land after it', async () => {
    const screen = open(20, 4);
    screen.write(bytes('x'.repeat(5000) + '\r\nLAST BEFORE'));
    screen.reset(); // nothing has been parsed yet: xterm parses asynchronously
    await screen.flush();
    expect(screen.visibleLines()).toEqual(['', '', '', '']);
  });

  test('a UTF-8 character split before the reset is dropped, not glued to what follows', async () => {
    const screen = open(20, 4);
    screen.write(Uint8Array.of(0x61, 0xe2, 0x80)); // "a" and the first two bytes of "…"
    screen.reset();
    screen.write(bytes('ok'));
    await screen.flush();
    expect(screen.visibleLines()[0]).toBe('ok');
  });
});
