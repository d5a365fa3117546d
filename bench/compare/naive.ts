// The detectors the design rejects: regexes over the escape-stripped tail of the output stream, not the screen.
import type { Classification } from '../../src/rules/types.js';
import type { ReplayModel } from '../../src/session/replay.js';
import type { SweepResult } from '../../src/session/screen-classifier.js';

/** How much output a tail detector keeps: the last 8 KiB, as such tools usually do. */
export const TAIL_BYTES = 8 * 1024;

/** Prompt texts a tail detector looks for, in order, with the kind it reports. */
export const PROMPT_TEXTS: readonly (readonly [string, 'permission' | 'question' | 'auth'])[] = [
  ['Do you want to', 'permission'],
  ['❯ 1. Yes', 'permission'],
  ['Would you like to proceed', 'permission'],
  ['Yes, I trust this folder', 'permission'],
  ['Enter to select', 'question'],
  ['Invalid API key', 'auth'],
];

// CSI, OSC (BEL or ST), DCS/SOS/PM/APC strings, charset designations, then any other two-byte escape.
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[()*+#%][ -~]|\x1b[ -~]/gu;
// Other C0 controls (and DEL) except tab, line feed and carriage return.
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/gu;

// Cursor forward (CSI n C) and cursor to column (CSI n G): what a slightly less naive stripper turns into spaces.
const CURSOR_RIGHT = /\x1b\[(\d*)C/gu;
const CURSOR_COLUMN = /\x1b\[\d*G/gu;

/**
 * The tail as a naive implementation reads it: escape sequences and controls removed, split at line
 * feeds, and of each line only the text after its last carriage return (a `\r` "returns to the start
 * of the line and overwrites"); a line's trailing `\r`s (the `\r\r\n` line ends) are dropped first.
 * With `cursorSpaces`, cursor-forward moves become that many spaces and column moves one space first.
 */
export function strippedLines(tail: Uint8Array, cursorSpaces = false): string[] {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(tail);
  if (cursorSpaces) {
    text = text.replace(CURSOR_RIGHT, (_m, n: string) => ' '.repeat(Math.min(Number(n || '1'), 200))).replace(CURSOR_COLUMN, ' ');
  }
  text = text.replace(ESCAPES, '').replace(CONTROLS, '');
  return text.split('\n').map((line) => {
    const body = line.replace(/\r+$/u, '');
    return body.slice(body.lastIndexOf('\r') + 1);
  });
}

/** What every tail detector says when it sees no prompt: its blocked check is the only difference. */
function restOfStates(text: string): Classification {
  if (/API Error/u.test(text)) return { state: 'error', rule: 'tail:api-error' };
  if (/esc to interrupt/iu.test(text)) return { state: 'working', rule: 'tail:esc-to-interrupt' };
  return { state: 'idle' };
}

/** (a) blocked when a prompt text appears anywhere in the stripped tail. */
export function promptTextInTail(lines: readonly string[]): Classification {
  const text = lines.join('\n');
  for (const [needle, kind] of PROMPT_TEXTS) {
    if (text.includes(needle)) return { state: 'blocked', kind, rule: `tail:${needle}` };
  }
  return restOfStates(text);
}

/** (b) blocked (a question) when the last non-empty line of the stripped tail ends with `?`. */
export function lastLineEndsWithQuestionMark(lines: readonly string[]): Classification {
  const last = [...lines].reverse().find((line) => line.trim() !== '');
  if (last !== undefined && last.trimEnd().endsWith('?')) return { state: 'blocked', kind: 'question', rule: 'tail:ends-with-?' };
  return restOfStates(lines.join('\n'));
}

/** A replay model that keeps the output's last TAIL_BYTES and classifies the stripped tail with `decide`. */
export class TailModel implements ReplayModel {
  private tail = new Uint8Array(0);
  private lastText: string | undefined;

  constructor(
    private readonly decide: (lines: readonly string[]) => Classification,
    private readonly cursorSpaces = false,
  ) {}

  /** Appends output, keeping the last TAIL_BYTES. */
  write(bytes: Uint8Array): void {
    const joined = new Uint8Array(this.tail.length + bytes.length);
    joined.set(this.tail);
    joined.set(bytes, this.tail.length);
    this.tail = joined.length > TAIL_BYTES ? joined.slice(joined.length - TAIL_BYTES) : joined;
  }

  /** A stream has no size. */
  resize(): void {}

  /** Classifies the stripped tail when it changed. */
  sweep(): Promise<SweepResult> {
    const lines = strippedLines(this.tail, this.cursorSpaces);
    const text = lines.join('\n');
    if (text === this.lastText) return Promise.resolve({ changed: false });
    this.lastText = text;
    return Promise.resolve({ changed: true, classification: this.decide(lines), lines });
  }

  /** Nothing to release. */
  dispose(): void {}
}
