// Hand-made screens drawn through the real ShadowScreen, the way a TUI draws them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRuleFile } from '../../../src/rules/compile.js';
import type { RuleSet } from '../../../src/rules/rule-set.js';
import { ShadowScreen } from '../../../src/screen/shadow-screen.js';

/** A terminal size. */
export interface Size {
  cols: number;
  rows: number;
}

/** The two sizes every Claude Code screen is checked at. */
export const SIZES: readonly Size[] = [
  { cols: 80, rows: 24 },
  { cols: 200, rows: 50 },
];

/** Rows as a TUI draws them: CR LF between rows, runs of spaces skipped with cursor-forward. */
export function drawBytes(lines: readonly string[]): string {
  return lines.map((line) => line.replace(/ {2,}/gu, (run) => `\x1b[${run.length}C`)).join('\r\n');
}

const encoder = new TextEncoder();

/** A screen as the classifier gets it: the visible rows and which of them the terminal wrapped on. */
export interface RenderedScreen {
  lines: string[];
  softWrapped: boolean[];
}

/** Feeds the bytes to a fresh ShadowScreen of `size` and returns its visible rows and soft wraps. */
export async function renderScreen(bytes: string, size: Size): Promise<RenderedScreen> {
  const screen = new ShadowScreen(size);
  try {
    screen.write(encoder.encode(bytes));
    await screen.flush();
    return { lines: screen.visibleLines(), softWrapped: screen.softWrappedRows() };
  } finally {
    screen.dispose();
  }
}

/** Feeds the bytes to a fresh ShadowScreen of `size` and returns its visible rows. */
export async function renderBytes(bytes: string, size: Size): Promise<string[]> {
  return (await renderScreen(bytes, size)).lines;
}

/** Draws `lines` from the top of a cleared screen; what does not fit scrolls away. */
export function renderLines(lines: readonly string[], size: Size): Promise<string[]> {
  return renderBytes(`\x1b[H\x1b[2J${drawBytes(lines)}`, size);
}

/** A bundled rule file, compiled. */
export function bundledRules(name: string): RuleSet {
  const path = fileURLToPath(new URL(`../../../rules/${name}`, import.meta.url));
  return compileRuleFile(readFileSync(path, 'utf8'), `rules/${name}`);
}
