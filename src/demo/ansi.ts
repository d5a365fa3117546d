// The escape sequences the fake agent draws with, and its two ways of writing a row of text.
import { CSI_TEXT as CSI } from '../protocol/c0.js';

/** Cursor up n rows (CUU). */
export const up = (n: number): string => (n > 0 ? `${CSI}${n}A` : '');
/** Cursor down n rows (CUD); never scrolls. */
export const down = (n: number): string => (n > 0 ? `${CSI}${n}B` : '');
/** Cursor to 1-based column n (CHA). */
export const column = (n: number): string => `${CSI}${n}G`;
/** Erase the whole row (EL 2). */
export const ERASE_ROW = `${CSI}2K`;
/** Erase from the cursor to the end of the row (EL 0). */
export const ERASE_TO_END = `${CSI}K`;
/** Erase from the cursor to the end of the screen (ED 0). */
export const ERASE_BELOW = `${CSI}J`;
/** Grey foreground on, and back to the default. */
const GREY = `${CSI}38;5;244m`;
const DEFAULT_FG = `${CSI}39m`;

/**
 * How rows are written. `plain`: text with its spaces, as Ink 1.x's full redraws did (a stripped
 * byte stream reads like the screen). `cursor`: every run of spaces between words becomes a
 * column jump (`Do\x1b[5Gyou`), as Claude Code 2.x's cell diff does (the stripped stream reads
 * `Doyouwanttoproceed?`).
 */
export type RenderStyle = 'plain' | 'cursor';

/** Ink's eraseLines: erase this row and the n-1 above it, leaving the cursor at the top one. */
export function eraseLines(n: number): string {
  if (n <= 0) return '';
  return `${`${ERASE_ROW}${up(1)}`.repeat(n - 1)}${ERASE_ROW}\r`;
}

/** One row of text as bytes in `style`, starting at column 1 on a blank row; rules are grey. */
export function encodeRow(text: string, style: RenderStyle): string {
  if (/^─+$/u.test(text)) return `${GREY}${text}${DEFAULT_FG}`;
  if (style === 'plain') return text.trimEnd();
  let out = '';
  let col = 1;
  for (const match of text.trimEnd().matchAll(/(\s*)(\S+)/gu)) {
    const gap = [...(match[1] ?? '')].length;
    const word = match[2] ?? '';
    col += gap;
    out += gap > 0 ? column(col) : '';
    out += word;
    col += [...word].length;
  }
  return out;
}
