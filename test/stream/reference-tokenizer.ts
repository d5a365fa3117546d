// An independent, whole-buffer tokenizer of terminal output, written for clarity, not speed.
// It shares no code with src/stream: it looks ahead over the complete input instead of keeping state.
//
// Grammar (the one the scanner documents):
// - text: any byte that is not ESC and does not lead a UTF-8 character (incl. stray 0x80–0xBF);
// - char: a lead byte (2–4 leading one bits) and up to its continuation bytes; incomplete if cut short;
// - ESC sequences: C0 (not ESC/CAN/SUB), DEL and bytes >= 0x80 are swallowed after ESC;
//   ESC [ … final(0x40–0x7E) is CSI; ESC ] … (BEL | ESC \) is OSC; ESC P/X/^/_ … ESC \ is a string;
//   ESC intermediates(0x20–0x2F)* final(0x30–0x7E) otherwise. Inside an OSC string CAN/SUB cancel it
//   (the CAN/SUB belongs to it, and ground follows) and ESC + anything but \ cuts it off; inside the
//   other strings ESC ESC is content and ESC + anything else (not \) cuts the string off. A new ESC
//   cuts any sequence off; CAN/SUB end ESC and CSI sequences (and belong to them).
// - synchronized update: a complete CSI that, without its C0/DEL bytes, reads ESC [ ? params h|l with
//   2026 among the ;-separated params; ESC c resets it.

/** What a token is. */
export type TokenKind = 'text' | 'char' | 'esc' | 'csi' | 'osc' | 'string';

/** One token of the input: `[start, end)`, whether it finished normally, and the sync mode after it. */
export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  complete: boolean;
  syncBefore: boolean;
  syncAfter: boolean;
  /** For strings: the content between the introducer and the terminator. */
  content?: [number, number];
}

const ESC = 27;
const CAN = 24;
const SUB = 26;
const BEL = 7;

const leadingOnes = (byte: number): number => Math.clz32(~(byte << 24));

type Read = Omit<Token, 'syncBefore' | 'syncAfter'>;

function swallowedAfterEsc(x: number): boolean {
  return (x < 0x20 && x !== ESC && x !== CAN && x !== SUB) || x === 0x7f || x >= 0x80;
}

function readCsi(b: Uint8Array, start: number, k: number): Read {
  for (; k < b.length; k++) {
    const x = b[k]!;
    if (x >= 0x40 && x <= 0x7e) return { kind: 'csi', start, end: k + 1, complete: true };
    if (x === CAN || x === SUB) return { kind: 'csi', start, end: k + 1, complete: true };
    if (x === ESC) return { kind: 'csi', start, end: k, complete: false };
  }
  return { kind: 'csi', start, end: b.length, complete: false };
}

function readString(b: Uint8Array, start: number, k: number, belEnds: boolean): Read {
  const kind = belEnds ? 'osc' : 'string';
  const from = k;
  while (k < b.length) {
    const x = b[k]!;
    if (belEnds && x === BEL) return { kind, start, end: k + 1, complete: true, content: [from, k] };
    // A cancelled OSC string ends (ground follows) but carries nothing: no content.
    if (belEnds && (x === CAN || x === SUB)) return { kind, start, end: k + 1, complete: true };
    if (x !== ESC) {
      k++;
      continue;
    }
    if (k + 1 >= b.length) break;
    const y = b[k + 1]!;
    if (y === 0x5c) return { kind, start, end: k + 2, complete: true, content: [from, k] };
    if (y !== ESC || belEnds) return { kind, start, end: k, complete: false };
    k += 2;
  }
  return { kind, start, end: b.length, complete: false };
}

function readEscape(b: Uint8Array, start: number): Read {
  let j = start + 1;
  while (j < b.length && swallowedAfterEsc(b[j]!)) j++;
  if (j >= b.length) return { kind: 'esc', start, end: b.length, complete: false };
  const x = b[j]!;
  if (x === ESC) return { kind: 'esc', start, end: j, complete: false };
  if (x === CAN || x === SUB) return { kind: 'esc', start, end: j + 1, complete: true };
  if (x === 0x5b) return readCsi(b, start, j + 1);
  if (x === 0x5d) return readString(b, start, j + 1, true);
  if ('PX^_'.includes(String.fromCharCode(x))) return readString(b, start, j + 1, false);
  if (x >= 0x30) return { kind: 'esc', start, end: j + 1, complete: true };
  // Intermediates until a final byte.
  for (let k = j + 1; k < b.length; k++) {
    const y = b[k]!;
    if (y === ESC) return { kind: 'esc', start, end: k, complete: false };
    if (y === CAN || y === SUB || (y >= 0x30 && y <= 0x7e)) return { kind: 'esc', start, end: k + 1, complete: true };
  }
  return { kind: 'esc', start, end: b.length, complete: false };
}

function readOne(b: Uint8Array, i: number): Read {
  const x = b[i]!;
  if (x === ESC) return readEscape(b, i);
  const ones = leadingOnes(x);
  if (ones < 2 || ones > 4) return { kind: 'text', start: i, end: i + 1, complete: true };
  let j = i + 1;
  while (j < b.length && j - i < ones && leadingOnes(b[j]!) === 1) j++;
  return { kind: 'char', start: i, end: j, complete: j - i === ones };
}

/** Latin-1 text of a sequence `b[start, end)` without the C0 controls and DEL inside it (a terminal executes or drops them). */
function parsedText(b: Uint8Array, start: number, end: number): string {
  let s = '\x1b';
  for (let k = start + 1; k < end; k++) if (b[k]! >= 0x20 && b[k] !== 0x7f) s += String.fromCharCode(b[k]!);
  return s;
}

function syncEffect(b: Uint8Array, t: Read, sync: boolean): boolean {
  if (!t.complete) return sync;
  const s = parsedText(b, t.start, t.end);
  if (t.kind === 'esc' && s === '\x1bc') return false;
  if (t.kind !== 'csi') return sync;
  const m = /^\x1b\[\?([0-9;]*)([hl])$/.exec(s);
  if (!m || !m[1]!.split(';').some((p) => p !== '' && Number(p) === 2026)) return sync;
  return m[2] === 'h';
}

/** Every token of `b`, in order, covering it exactly. */
export function tokenize(b: Uint8Array): Token[] {
  const tokens: Token[] = [];
  let sync = false;
  for (let i = 0; i < b.length; ) {
    const t = readOne(b, i);
    const syncBefore = sync;
    sync = syncEffect(b, t, sync);
    tokens.push({ ...t, syncBefore, syncAfter: sync });
    i = t.end;
  }
  return tokens;
}

/** Offsets where a report may go by the grammar: after a complete token, outside sync updates. */
export function expectedSafePoints(tokens: readonly Token[]): Set<number> {
  const points = new Set<number>([0]);
  for (const t of tokens) if (t.complete && !t.syncAfter) points.add(t.end);
  return points;
}
