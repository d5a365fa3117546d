// For terminals without OSC 7501: the state in the window title while it lasts, and a recap at the end.
import { STATE_GLYPHS } from '../inbox/glyphs.js';
import { CSI_TEXT, OSC_TEXT, ST_TEXT } from '../protocol/c0.js';
import { sanitizeText, type Report } from '../protocol/index.js';

const encoder = new TextEncoder();
/** Window-title budget in bytes: titles are short, and the text is untrusted. */
const TITLE_BYTES = 120;
/** xterm's title stack: save the user's window and icon title before, restore them after (ignored where unsupported). */
export const PUSH_TITLE = encoder.encode(`${CSI_TEXT}22;0t`);
export const POP_TITLE = encoder.encode(`${CSI_TEXT}23;0t`);
const utf8 = new TextDecoder();

/** `blocked: approve Bash: rm -rf build`, `working`, … */
function describeState(report: Report): string {
  const kind = report.kind ? ` (${report.kind})` : '';
  return report.msg ? `${report.state}${kind}: ${report.msg}` : `${report.state}${kind}`;
}

/**
 * The OSC 2 sequence that shows the state as the window title, sanitized: the glyph in front of the
 * program's own title (`● Deploy — ~/app`) once the program has set one (its OSC 0/2 bytes), else
 * `<glyph> prefix · state` (`● claude · blocked (permission): approve Bash: rm -rf build`).
 */
export function titleSequence(prefix: string, report: Report, programTitle?: Uint8Array): Uint8Array {
  const own = programTitle === undefined ? '' : sanitizeText(utf8.decode(programTitle), TITLE_BYTES);
  const text = own === '' ? `${prefix} · ${describeState(report)}` : own;
  return encoder.encode(`${OSC_TEXT}2;${sanitizeText(`${STATE_GLYPHS[report.state]} ${text}`.trimStart(), TITLE_BYTES)}${ST_TEXT}`);
}

/** Collects the states reported, for a one-line recap once the terminal is restored. */
export class StateRecap {
  private readonly states: string[] = [];

  /** Notes one report. */
  add(report: Report): void {
    const text = report.state === 'blocked' && report.msg ? `blocked (${report.msg})` : report.state;
    if (this.states.at(-1) !== text) this.states.push(text);
  }

  /** `osf7501: idle → working → blocked (approve Bash: rm -rf build) → working → done → clear` */
  line(): string {
    return `osf7501: ${sanitizeText(this.states.join(' → '), 1024)}\n`;
  }
}
