// The naive detectors the shim is measured against, fed the same output bytes (reports removed).
import { stripEscapeSequences } from '../../src/protocol/index.js';

/** How much of the output tail the text baselines read. */
export const TAIL_BYTES = 8 * 1024;
/** The permission prompt's question, as the "search the tail" baseline looks for it. */
export const PROMPT_TEXT = 'Do you want to proceed?';

/** What the two text baselines say about the output so far. */
export interface TailVerdict {
  /** The last non-empty line of the stripped tail ends with `?`. */
  questionMark: boolean;
  /** The stripped tail contains PROMPT_TEXT. */
  promptText: boolean;
}

/** Keeps the last TAIL_BYTES of output and judges it as a log-scraping tool would. */
export class TailBaselines {
  private tail: Buffer = Buffer.alloc(0);

  /** Adds output; returns the verdict on the new tail. */
  push(bytes: Uint8Array): TailVerdict {
    const joined = Buffer.concat([this.tail, bytes]);
    this.tail = joined.length > TAIL_BYTES ? joined.subarray(joined.length - TAIL_BYTES) : joined;
    return judgeTail(this.tail);
  }
}

/** Both verdicts on one tail (lines end at CR or LF; escape sequences are removed whole). */
export function judgeTail(tail: Uint8Array): TailVerdict {
  const text = stripEscapeSequences(Buffer.from(tail).toString('utf8'));
  const lines = text.split(/[\r\n]+/u);
  let last = '';
  for (let i = lines.length - 1; i >= 0 && last === ''; i--) last = (lines[i] ?? '').trim();
  return { questionMark: last.endsWith('?'), promptText: text.includes(PROMPT_TEXT) };
}
