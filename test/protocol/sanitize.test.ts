import { describe, expect, test } from 'vitest';
import { cutToUtf8Bytes, sanitizeText, stripEscapeSequences, utf8Length } from '../../src/protocol/index.js';
import { ESC, pick, prng, randomInt } from './helpers.js';

const BEL = '\u0007';

describe('stripEscapeSequences removes sequences whole', () => {
  test.each([
    ['SGR colours', `${ESC}[1;31mred${ESC}[0m`, 'red'],
    ['a private-mode CSI', `a${ESC}[?2004hb`, 'ab'],
    ['a CSI with intermediates', `a${ESC}[2 qb`, 'ab'],
    ['a malformed CSI ends before the odd character', `a${ESC}[12\u00e9b`, 'a\u00e9b'],
    ['an OSC ended by BEL', `a${ESC}]0;title${BEL}b`, 'ab'],
    ['an OSC ended by ST', `a${ESC}]8;;https://x.test${ESC}\\link${ESC}]8;;${ESC}\\b`, 'alinkb'],
    ['an OSC cut off by another ESC', `a${ESC}]0;title${ESC}[1mb`, 'ab'],
    ['an OSC cancelled by CAN', `a${ESC}]0;title\u0018b`, 'ab'],
    ['an unterminated OSC runs to the end', `a${ESC}]0;title`, 'a'],
    ['a DCS string', `a${ESC}Pq#0;2;0;0;0${ESC}\\b`, 'ab'],
    ['a DCS is not ended by BEL', `a${ESC}Pdata${BEL}more${ESC}\\b`, 'ab'],
    ['an APC string', `a${ESC}_Gf=100;AAAA${ESC}\\b`, 'ab'],
    ['a PM string', `a${ESC}^private${ESC}\\b`, 'ab'],
    ['an SOS string', `a${ESC}Xstring${ESC}\\b`, 'ab'],
    ['a two-byte ESC sequence', `a${ESC}7b${ESC}8c${ESC}=d`, 'abcd'],
    ['a charset designation (ESC ( B)', `a${ESC}(Bb`, 'ab'],
    ['a stray ST', `a${ESC}\\b`, 'ab'],
    ['a lone ESC at the end', `ab${ESC}`, 'ab'],
    ['a lone ESC before a newline', `a${ESC}\nb`, 'a\nb'],
    ['C1 CSI (U+009B)', 'a\u009b31mb', 'ab'],
    ['C1 OSC (U+009D) ended by C1 ST', 'a\u009d0;title\u009cb', 'ab'],
    ['C1 OSC ended by BEL', `a\u009d0;title${BEL}b`, 'ab'],
    ['C1 DCS (U+0090)', 'a\u0090data\u009cb', 'ab'],
    ['C1 APC (U+009F)', 'a\u009fdata\u009cb', 'ab'],
    ['C1 PM (U+009E)', 'a\u009edata\u009cb', 'ab'],
    ['C1 SOS (U+0098)', 'a\u0098data\u009cb', 'ab'],
    ['an OSC 7501 report inside text', `a${ESC}]7501;state=idle${ESC}\\b`, 'ab'],
  ])('%s', (_name, input, expected) => {
    expect(stripEscapeSequences(input)).toBe(expected);
  });
});

describe('sanitizeText', () => {
  test.each([
    ['turns control characters into single spaces', 'a\tb\r\nc\u0000d\u007fe\u0085f', 'a b c d e f'],
    ['collapses whitespace runs and trims', '  a \u00a0\u2028  b\u3000 ', 'a b'],
    ['removes escapes before turning controls into spaces', `${ESC}[1mbold${ESC}[0m\ttext`, 'bold text'],
    ['removes U+061C', 'a\u061cb', 'ab'],
    ['removes U+200B–U+200F', 'a\u200b\u200c\u200d\u200e\u200fb', 'ab'],
    ['removes U+202A–U+202E', 'a\u202a\u202b\u202c\u202d\u202eb', 'ab'],
    ['removes U+2060–U+2064', 'a\u2060\u2061\u2062\u2063\u2064b', 'ab'],
    ['removes U+2066–U+2069', 'a\u2066\u2067\u2068\u2069b', 'ab'],
    ['removes U+FEFF', '\ufeffa\ufeffb', 'ab'],
    ['removing an invisible leaves no double space', 'a \u200b b', 'a b'],
    ['removes a lone high surrogate', 'a\ud83db', 'ab'],
    ['removes a lone low surrogate', 'a\ude00b', 'ab'],
    ['keeps a surrogate pair', 'a\ud83d\ude00b', 'a😀b'],
    ['keeps text that is already clean', 'approve Bash: ls -la', 'approve Bash: ls -la'],
    ['returns empty for only controls and escapes', `${ESC}[2J\r\n\u200b`, ''],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeText(input, 512)).toBe(expected);
  });

  test.each([
    ['ASCII cut with an ellipsis', 'abcdefghij', 8, 'abcde…'],
    ['text at the limit is not cut', 'abcdefgh', 8, 'abcdefgh'],
    ['a trailing space before the cut is dropped', 'abcd efgh', 8, 'abcd…'],
    ['CJK cut between characters', '漢字漢字漢字', 10, '漢字…'],
    ['CJK at 11 bytes still fits only two', '漢字漢字漢字', 11, '漢字…'],
    ['CJK at 12 bytes fits three', '漢字漢字漢字', 12, '漢字漢…'],
    ['emoji cut between characters', '😀😀😀', 10, '😀…'],
    ['combining marks stay with their base', 'e\u0301e\u0301e\u0301e\u0301e\u0301', 10, 'e\u0301e\u0301…'],
    ['a flag is not split into regional indicators', '🇯🇵🇯🇵', 13, '🇯🇵…'],
    ['an emoji with a skin tone stays whole', '👍🏽👍🏽', 13, '👍🏽…'],
    ['a cut after two-byte characters lands between them', 'ééééé', 6, 'é…'],
    ['a budget below the ellipsis cuts without one', 'abcdef', 2, 'ab'],
    ['a budget of zero gives nothing', 'abcdef', 0, ''],
    ['a budget of exactly the ellipsis gives only the ellipsis', 'abcdef', 3, '…'],
  ])('cut: %s', (_name, input, maxBytes, expected) => {
    const out = sanitizeText(input, maxBytes);
    expect(out).toBe(expected);
    expect(utf8Length(out)).toBeLessThanOrEqual(maxBytes);
  });

  test('cutToUtf8Bytes keeps a ZWJ emoji sequence whole (the sanitizer itself removes ZWJ)', () => {
    const family = '👨\u200d👩\u200d👧';
    expect(cutToUtf8Bytes(`${family}${family}`, 24)).toBe(`${family}…`);
    expect(cutToUtf8Bytes(`${family}${family}`, 20)).toBe('…');
  });

  test('a long multi-byte text is cut to the budget on a character boundary', () => {
    const long = '日本語のテキスト😀é\u0301'.repeat(100);
    const out = sanitizeText(long, 512);
    expect(utf8Length(out)).toBeLessThanOrEqual(512);
    expect(out.endsWith('…')).toBe(true);
    expect(out).not.toMatch(/[\ud800-\udfff]/u);
    expect(long.startsWith(out.slice(0, -1))).toBe(true);
  });

  test('random noisy text always comes out clean, within budget, and stable under a second pass', () => {
    const random = prng(7501);
    const pieces = ['a', ' ', '\t', '\n', ESC, '[', ']', 'P', '\\', BEL, '\u009b', '\u009c', '\u009d', '漢', '😀',
      '\u0301', '\u202e', '\u200d', '\ud83d', '\ude00', '\u0000', '\u007f', '\u0085', '7', 'm', ';'];
    for (let run = 0; run < 500; run++) {
      const input = Array.from({ length: randomInt(random, 0, 60) }, () => pick(random, pieces)).join('');
      const budget = randomInt(random, 0, 40);
      const out = sanitizeText(input, budget);
      expect(utf8Length(out)).toBeLessThanOrEqual(budget);
      expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\ud800-\udfff]/u);
      expect(out).not.toMatch(/^\s|\s$|\s\s/);
      expect(sanitizeText(out, budget)).toBe(out);
    }
  });
});
