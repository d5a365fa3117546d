// Ink-like rendering: finished rows scroll up as a transcript, a live region at the bottom is redrawn.
import { down, encodeRow, ERASE_BELOW, ERASE_ROW, ERASE_TO_END, eraseLines, up, type RenderStyle } from './ansi.js';

/**
 * Keeps track of the live region (the rows at the bottom that get redrawn: spinner, dialog, prompt
 * box) with the cursor parked at the start of its last row. Writes through `write` only.
 */
export class Renderer {
  private regionRows = 0;

  constructor(
    private readonly write: (bytes: string) => void,
    private readonly cols: () => number,
  ) {}

  /**
   * Prints `transcript` rows (they scroll away with the screen and are never touched again) and
   * redraws the live region as `region`. `erase` clears the old region first with cursor-up and
   * erase-line (Ink's eraseLines), as the agent does when a dialog is answered.
   */
  render(transcript: readonly string[], region: readonly string[], style: RenderStyle, erase = false): void {
    const old = this.regionRows;
    const rows = [...transcript, ...region].map((row) => this.fit(row));
    let out = erase || style === 'plain' ? eraseLines(old) : `${up(old - 1)}\r`;
    rows.forEach((row, i) => {
      if (i > 0) out += style === 'cursor' && i < old ? `\r${down(1)}` : '\r\n';
      out += `${style === 'cursor' ? ERASE_ROW : ''}${encodeRow(row, style)}`;
    });
    if (rows.length < old && style === 'cursor' && !erase) out += ERASE_BELOW;
    this.regionRows = region.length;
    this.write(`${out}\r`);
  }

  /** Rewrites the row `fromBottom` rows above the region's last row, and parks the cursor again. */
  updateRow(fromBottom: number, text: string, style: RenderStyle): void {
    const row = encodeRow(this.fit(text), style);
    this.write(`${up(fromBottom)}\r${style === 'plain' ? ERASE_TO_END : ERASE_ROW}${row}${down(fromBottom)}\r`);
  }

  /** Cuts a row to the screen width, so no row wraps and the region's height stays known. */
  private fit(row: string): string {
    const chars = [...row];
    const cols = Math.max(1, this.cols());
    return chars.length <= cols ? row : chars.slice(0, cols).join('');
  }

  /** Moves the cursor below the region, for a clean exit. */
  leave(): void {
    this.write('\r\n');
    this.regionRows = 0;
  }
}
