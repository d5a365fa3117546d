// Removes terminal escape sequences from text, whole: CSI, OSC, DCS/SOS/PM/APC strings, ESC sequences,
// and their 8-bit C1 forms. Follows the VT500 parser (vt100.net/emu/dec_ansi_parser) closely enough that
// what is left is what a terminal would have printed.
import { BACKSLASH, BEL, CAN, ESC, ESC_TEXT, SUB } from './c0.js';

const C1_DCS = 0x90;
const C1_SOS = 0x98;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const C1_OSC = 0x9d;
const C1_PM = 0x9e;
const C1_APC = 0x9f;
/** Every byte that opens a sequence: ESC and the C1 introducers, as a character class. */
const INTRODUCERS = `[${ESC_TEXT}\u0090\u0098\u009b\u009d-\u009f]`;

/** True if `code` is in [low, high]. */
function within(code: number, low: number, high: number): boolean {
  return code >= low && code <= high;
}

/** Index just past a CSI whose parameters start at `from`; a malformed CSI ends before the odd character. */
function skipCsi(text: string, from: number): number {
  let i = from;
  while (i < text.length && within(text.charCodeAt(i), 0x30, 0x3f)) i++;
  while (i < text.length && within(text.charCodeAt(i), 0x20, 0x2f)) i++;
  return i < text.length && within(text.charCodeAt(i), 0x40, 0x7e) ? i + 1 : i;
}

/** Index just past a control string (OSC, DCS, SOS, PM, APC) whose payload starts at `from`.
 * ST (`ESC \` or U+009C) ends it, BEL too for OSC; CAN/SUB cancel it; any other ESC aborts it and starts
 * the next sequence; an unterminated string runs to the end of the text. */
function skipString(text: string, from: number, belEnds: boolean): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === C1_ST || code === CAN || code === SUB || (belEnds && code === BEL)) return i + 1;
    if (code === ESC) return text.charCodeAt(i + 1) === BACKSLASH ? i + 2 : i;
  }
  return text.length;
}

/** Index just past the sequence that an ESC at `at` introduces. */
function skipEscSequence(text: string, at: number): number {
  const next = text.charCodeAt(at + 1);
  if (Number.isNaN(next)) return at + 1;
  switch (String.fromCharCode(next)) {
    case '[':
      return skipCsi(text, at + 2);
    case ']':
      return skipString(text, at + 2, true);
    case 'P':
    case 'X':
    case '^':
    case '_':
      return skipString(text, at + 2, false);
  }
  if (within(next, 0x20, 0x2f)) {
    // nF: intermediates then one final byte, e.g. ESC ( B.
    let i = at + 1;
    while (i < text.length && within(text.charCodeAt(i), 0x20, 0x2f)) i++;
    return i < text.length && within(text.charCodeAt(i), 0x30, 0x7e) ? i + 1 : i;
  }
  // Two-byte sequences (ESC 7, ESC =, ESC c, a stray ESC \ …); before anything else the ESC goes alone.
  return within(next, 0x30, 0x7e) ? at + 2 : at + 1;
}

/** Index just past the sequence starting at `at` (an ESC or a C1 introducer). */
function skipSequence(text: string, at: number): number {
  switch (text.charCodeAt(at)) {
    case ESC:
      return skipEscSequence(text, at);
    case C1_CSI:
      return skipCsi(text, at + 1);
    case C1_OSC:
      return skipString(text, at + 1, true);
    case C1_DCS:
    case C1_SOS:
    case C1_PM:
    case C1_APC:
      return skipString(text, at + 1, false);
    default:
      return at + 1;
  }
}

/** `text` without its escape sequences; other control characters are left for the caller. */
export function stripEscapeSequences(text: string): string {
  const introducer = new RegExp(INTRODUCERS, 'g');
  let out = '';
  let keptFrom = 0;
  for (let found = introducer.exec(text); found !== null; found = introducer.exec(text)) {
    out += text.slice(keptFrom, found.index);
    keptFrom = skipSequence(text, found.index);
    introducer.lastIndex = keptFrom;
  }
  return out + text.slice(keptFrom);
}
