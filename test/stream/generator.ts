// Random terminal output for property tests: well-formed sequences, TUI-like frames and malformed edges.
import type { Rng } from './prng.js';

const ESC = '\x1b';
const ST = '\x1b\\';

const latin1 = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0) & 0xff);

function utf8Char(rng: Rng): number[] {
  const ranges: Array<[number, number]> = [[0x20, 0x7e], [0x80, 0x7ff], [0x800, 0xd7ff], [0xe000, 0xfffd], [0x10000, 0x10ffff]];
  const [lo, hi] = rng.pick(ranges);
  return Array.from(new TextEncoder().encode(String.fromCodePoint(rng.int(lo, hi))));
}

const TEXT_ALPHABET = [...'abcdefghijklmnopqrstuvwxyz ABC0123456789.,:;[]\\^_~-|/\r\n\t\b'];

function text(rng: Rng): number[] {
  let s = '';
  for (let n = rng.int(1, 40); n > 0; n--) s += rng.pick(TEXT_ALPHABET);
  return latin1(s);
}

function csi(rng: Rng): number[] {
  let s = ESC + '[';
  if (rng.chance(0.3)) s += rng.pick(['?', '<', '=', '>']);
  for (let n = rng.int(0, 4); n > 0; n--) s += String(rng.int(0, 3000)) + (n > 1 ? rng.pick([';', ';', ':']) : '');
  if (rng.chance(0.1)) s += rng.pick([' ', '$', '!', '"']);
  const bytes = latin1(s);
  if (rng.chance(0.1)) bytes.splice(rng.int(2, bytes.length), 0, rng.pick([0x08, 0x0a, 0x0d, 0x7f, 0x9b, 0xc3]));
  bytes.push(rng.int(0x40, 0x7e));
  return bytes;
}

function sync(rng: Rng): number[] {
  return latin1(rng.pick([
    `${ESC}[?2026h`, `${ESC}[?2026l`, `${ESC}[?2026h`, `${ESC}[?2026l`, `${ESC}[?25;2026h`, `${ESC}[?2026;25l`,
    `${ESC}[?2026$p`, `${ESC}[2026h`, `${ESC}[?02026l`, `${ESC}[?20260h`, `${ESC}c`,
  ]));
}

function escape(rng: Rng): number[] {
  return latin1(rng.pick([`${ESC}7`, `${ESC}8`, `${ESC}(B`, `${ESC}#8`, `${ESC}=`, `${ESC}M`, `${ESC} F`, `${ESC}\n(0`]));
}

function osc(rng: Rng): number[] {
  const end = rng.pick(['\x07', ST]);
  return latin1(rng.pick([
    `${ESC}]0;title ${rng.int(0, 99)}${end}`,
    `${ESC}]8;;https://example.com/${rng.int(0, 9)}${end}link${ESC}]8;;${end}`,
    `${ESC}]7501;state=working:app=child${end}`,
    `${ESC}]7501;state=blocked:kind=permission:app=child:msg=YXBwcm92ZQ==${end}`,
    `${ESC}]7501;?${end}`,
    `${ESC}]7501;?:more=pairs${end}`,
    `${ESC}]75010;state=idle${end}`,
    `${ESC}]7501;state=idle\x18\x1a${end}`,
    `${ESC}]7501;${'x'.repeat(rng.int(4300, 5000))}${end}`,
  ]));
}

function string(rng: Rng): number[] {
  const intro = rng.pick(['P', 'X', '^', '_']);
  const body: number[] = latin1(`${ESC}${intro}q#0;2;0;0;0`);
  for (let n = rng.int(0, 60); n > 0; n--) body.push(rng.pick([0x41, 0x7e, 0x07, 0x18, 0x9b, 0xe2, 0x20]));
  return [...body, ...latin1(ST)];
}

function tmuxPassthrough(rng: Rng): number[] {
  const inner = rng.pick([`]8;;https://x${ESC}${ESC}\\`, `]7501;state=done:app=child\x07`, `_Ga=T;QUFB${ESC}${ESC}\\`]);
  return latin1(`${ESC}Ptmux;${ESC}${ESC}${inner}${ST}`);
}

function malformed(rng: Rng): number[] {
  switch (rng.int(0, 7)) {
    case 0: return [rng.pick([0xc3, 0xe2, 0xf0]), ...(rng.chance(0.5) ? [0x82] : []), 0x41]; // truncated character
    case 1: return [rng.int(0x80, 0xbf)]; // stray continuation / 8-bit C1
    case 2: return latin1(`${ESC}[1;2`); // CSI cut off or finished by whatever follows
    case 3: return latin1(`${ESC}]0;abc`); // OSC cut off by the next ESC
    case 4: return latin1(`${ESC}[3\x18`); // CAN cancels
    case 5: return latin1(`${ESC}${ESC}`);
    case 6: return latin1(rng.pick([
      // Controls that leave ESC pending, or that a CSI skips, between the parts of an opener.
      `${ESC}\b]0;t\x07`, `${ESC}\xc3]7501;state=idle\x07`, `${ESC}\x7f]7501;?${ST}`,
      `${ESC}[\n?2026h`, `${ESC}[?20\r26h`, `${ESC}\x7f[?2026l`, `${ESC}[\x7f?2026l`, 'a[?b]c',
    ]));
    default: return Array.from({ length: rng.int(1, 32) }, () => rng.int(0, 255)); // noise
  }
}

const makers: Array<[number, (rng: Rng) => number[]]> = [
  [30, text], [14, utf8Char], [18, csi], [6, sync], [5, escape], [8, osc], [3, string], [2, tmuxPassthrough],
  [4, malformed],
];
const totalWeight = makers.reduce((sum, [w]) => sum + w, 0);

/** A random output stream of about `size` bytes. */
export function generateStream(rng: Rng, size: number): Uint8Array {
  const out: number[] = [];
  while (out.length < size) {
    let r = rng.next() * totalWeight;
    for (const [weight, make] of makers) {
      r -= weight;
      if (r < 0) {
        for (const b of make(rng)) out.push(b);
        break;
      }
    }
  }
  return Uint8Array.from(out);
}
