// Shared by the end-to-end tests of agents under the shim (test/e2e/<agent>-e2e.test.ts): an @xterm/headless
// mirror of the outer terminal, report decoding, typing, and the --log file.
import xtermHeadless from '@xterm/headless';
import { readFileSync } from 'node:fs';
import { ReportExtractor, type Extracted, type Report } from '../../src/protocol/index.js';
import type { OuterTerminal } from '../e2e/support/outer-terminal.js';

const { Terminal } = xtermHeadless;

export const ST = '\x1b\\';
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Variables of the test's own environment that must not reach the session (the shim or the agent).
 * CI markers too: CI runs `.ci/run` with CI=true, and Gemini CLI (like other Ink programs) then refuses
 * to run interactively ("No input provided via stdin", exit 42).
 */
const FOREIGN_ENV =
  /^(TMUX|TMUX_PANE|STY|OSF7501_.*|ANTHROPIC_.*|CLAUDE_.*|CLAUDECODE|OPENAI_.*|CODEX_.*|GEMINI_.*|GOOGLE_.*|OPENCODE_.*|COPILOT_.*|GH_TOKEN|GITHUB_TOKEN|QWEN_.*|CI|CONTINUOUS_INTEGRATION|BUILD_NUMBER|RUN_ID|GITHUB_ACTIONS)$/;

/** Runs `make` with FOREIGN_ENV taken out of process.env (OuterTerminal copies process.env). */
export function withoutForeignEnv<T>(make: () => T): T {
  const saved = new Map<string, string>();
  for (const [key, value] of Object.entries(process.env)) {
    if (FOREIGN_ENV.test(key) && value !== undefined) {
      saved.set(key, value);
      delete process.env[key];
    }
  }
  try {
    return make();
  } finally {
    for (const [key, value] of saved) process.env[key] = value;
  }
}

/** An @xterm/headless copy of the outer terminal: the visible screen, and DA1/DSR answers typed back. */
export class ScreenMirror {
  private readonly term: InstanceType<typeof Terminal>;
  private fed = 0;

  constructor(
    private readonly outer: OuterTerminal,
    private readonly rows: number,
    cols: number,
    private readonly waitMs = 30_000,
  ) {
    this.term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
    this.term.onData((answer) => outer.write(answer));
  }

  async sync(): Promise<void> {
    const all = this.outer.output();
    if (all.length > this.fed) {
      const fresh = Buffer.from(all.subarray(this.fed));
      this.fed = all.length;
      this.term.write(fresh);
    }
    await new Promise<void>((resolve) => this.term.write('', resolve));
  }

  text(): string {
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  }

  async waitFor(pattern: RegExp | ((screen: string) => boolean), what: string): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    const test = typeof pattern === 'function' ? pattern : (s: string): boolean => pattern.test(s);
    for (;;) {
      await this.sync();
      if (test(this.text())) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${this.text()}`);
      await sleep(50);
    }
  }

  dispose(): void {
    this.term.dispose();
  }
}

/** Every OSC 7501 sequence in the bytes. */
export function extract(bytes: Buffer): Extracted[] {
  const extractor = new ReportExtractor();
  return [...extractor.push(bytes), ...extractor.end()];
}

/** Every valid, bare, ST-terminated report in the bytes (the shim's, and an agent's own in that form). */
export function stReports(bytes: Buffer): Report[] {
  const out: Report[] = [];
  for (const found of extract(bytes)) {
    const raw = Buffer.from(found.sequence).toString('latin1');
    if (found.tmuxDepth === 0 && raw.endsWith(ST) && found.parsed.type === 'report') out.push(found.parsed.report);
  }
  return out;
}

/** One line per report, for readable failures: `blocked permission "approve shell: npm test"`. */
export function describeReports(reports: Report[]): string[] {
  return reports.map((r) => [r.state, r.kind, r.msg === undefined ? undefined : JSON.stringify(r.msg)].filter(Boolean).join(' '));
}

/** Waits until the reports (from index `from` on) contain one matching `want`; returns its index. */
export async function waitForReport(outer: OuterTerminal, from: number, want: Partial<Report>, what: string): Promise<number> {
  let index = -1;
  const matches = (r: Report): boolean => Object.entries(want).every(([k, v]) => r[k as keyof Report] === v);
  try {
    await outer.waitFor(() => {
      const reports = stReports(outer.output());
      index = reports.findIndex((r, i) => i >= from && matches(r));
      return index >= 0;
    }, what);
  } catch (error) {
    const seen = describeReports(stReports(outer.output())).join(' → ');
    throw new Error(`${(error as Error).message.split(';')[0]}; the reports so far: ${seen || '(none)'}`);
  }
  return index;
}

export async function typeText(outer: OuterTerminal, text: string, perKeyMs = 25): Promise<void> {
  for (const ch of text) {
    outer.write(ch);
    await sleep(perKeyMs);
  }
}

/** One entry of the shim's --log file. */
export interface LogEntry {
  type: 'classification' | 'report' | string;
  state: string;
  kind?: string;
  rule?: string;
  msg?: string;
  source?: 'screen' | 'native' | 'exit' | string;
}

export function readLog(file: string): LogEntry[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogEntry);
}

/** Is `want` a subsequence of `seen` (each entry found in order, others in between allowed)? */
export function isSubsequence(seen: readonly string[], want: readonly string[]): boolean {
  let i = 0;
  for (const s of seen) if (i < want.length && s === want[i]) i++;
  return i === want.length;
}
