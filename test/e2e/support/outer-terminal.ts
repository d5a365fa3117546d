// Test harness: runs `osf7501 …` inside a real outer PTY, as a user's terminal would, and records
// everything the shim writes. A wrapper shell snapshots `stty -g` before and after the shim, then
// prints a sentinel with the shim's status: the sentinel's arrival proves every earlier byte was read.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';

export const REPO = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
export const BIN = join(REPO, 'bin', 'osf7501');
export const CHILDREN = join(REPO, 'test', 'children');

/** Longest a test waits for anything before it fails with what it saw (a hang guard, not a perf bound). */
const WAIT_LIMIT_MS = 60_000;
/** How long the wrapper shell lingers after the sentinel so the harness never races the outer PTY's close. */
const LINGER_SECONDS = 3;

const WRAPPER = [
  'stty -g > "$OSF_TEST_DIR/before"',
  '"$@"',
  's=$?',
  'stty -g > "$OSF_TEST_DIR/after"',
  'printf "\\n__OSF_EXIT__%d__\\n" "$s"',
  `sleep ${LINGER_SECONDS}`,
].join('; ');

const SENTINEL = /\r?\n__OSF_EXIT__(\d+)__/;

/** The shim's own reports: OSC 7501 in its emitter profile (ST-terminated, base64 text only). */
const SHIM_REPORT = /\x1b\]7501;[A-Za-z0-9_.,+\/=:-]*\x1b\\/g;

/** The shim's output without the reports it added itself, and those reports. */
export function splitReports(output: Buffer): { bytes: Buffer; reports: string[] } {
  const text = output.toString('latin1');
  const reports = text.match(SHIM_REPORT) ?? [];
  return { bytes: Buffer.from(text.replace(SHIM_REPORT, ''), 'latin1'), reports };
}

/** What the shim did, once it has exited. */
export interface ShimResult {
  status: number;
  /** Every byte the shim wrote to its terminal (stdout and stderr share the terminal). */
  output: Buffer;
  sttyBefore: string;
  sttyAfter: string;
}

/** Options for an outer terminal. */
export interface OuterOptions {
  cols?: number;
  rows?: number;
  env?: Record<string, string>;
  cwd?: string;
  /** The osf7501 command to run (default: this checkout's `node bin/osf7501`), e.g. an installed one. */
  command?: string[];
}

/** A real PTY playing the user's terminal, running `osf7501 <args>`. */
export class OuterTerminal {
  private readonly term: pty.IPty;
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private readonly dir: string;
  private waiters: Array<() => void> = [];

  constructor(osfArgs: string[], options: OuterOptions = {}) {
    this.dir = mkdtempSync(join(tmpdir(), 'osf-outer-'));
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      TERM: 'xterm-256color',
      ...options.env,
      OSF_TEST_DIR: this.dir,
    };
    delete env['OSF7501_SESSION'];
    // The tests' own terminal is not tmux, whatever runs them.
    if (options.env?.['TMUX'] === undefined) delete env['TMUX'];
    if (options.env?.['OSF7501_SESSION'] !== undefined) env['OSF7501_SESSION'] = options.env['OSF7501_SESSION'];
    const command = options.command ?? [process.execPath, BIN];
    this.term = pty.spawn('sh', ['-c', WRAPPER, 'sh', ...command, ...osfArgs], {
      name: env['TERM'] ?? 'xterm-256color',
      cols: options.cols ?? 80,
      rows: options.rows ?? 24,
      cwd: options.cwd ?? REPO,
      env,
      encoding: null,
    } as pty.IPtyForkOptions);
    this.term.onData((data) => {
      const chunk = data as unknown as Buffer;
      this.chunks.push(chunk);
      this.length += chunk.length;
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
    });
  }

  /** All bytes seen so far. */
  output(): Buffer {
    if (this.chunks.length > 1) {
      const all = Buffer.concat(this.chunks, this.length);
      this.chunks.length = 0;
      this.chunks.push(all);
    }
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  /** Types bytes into the terminal. */
  write(data: string | Buffer): void {
    this.term.write(data);
  }

  /** Resizes the terminal (the shim gets SIGWINCH). */
  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows);
  }

  /** The last `n` bytes seen (cheap: does not join the whole output). */
  tail(n: number): Buffer {
    const parts: Buffer[] = [];
    let have = 0;
    for (let i = this.chunks.length - 1; i >= 0 && have < n; i--) {
      const chunk = this.chunks[i] as Buffer;
      parts.unshift(chunk);
      have += chunk.length;
    }
    const joined = Buffer.concat(parts);
    return joined.subarray(Math.max(0, joined.length - n));
  }

  /** Resolves once `test` holds on the output; rejects with the output's tail after the wait limit. */
  async waitFor(test: RegExp | (() => boolean), what = String(test)): Promise<Buffer> {
    const check = (): boolean => (typeof test === 'function' ? test() : test.test(this.output().toString('latin1')));
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (!check()) {
      if (Date.now() > deadline) {
        const tail = JSON.stringify(this.output().subarray(-400).toString('latin1'));
        throw new Error(`timed out waiting for ${what}; output tail: ${tail}`);
      }
      await new Promise<void>((resolveWait) => {
        const timer = setTimeout(resolveWait, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolveWait();
        });
      });
    }
    return this.output();
  }

  /** Waits for the shim to exit; returns its status, its output and the terminal settings around it. */
  async result(): Promise<ShimResult> {
    await this.waitFor(() => SENTINEL.test(this.tail(64).toString('latin1')), 'the shim to exit');
    const all = this.output();
    const match = SENTINEL.exec(all.toString('latin1'));
    if (!match) throw new Error('sentinel vanished');
    const result: ShimResult = {
      status: Number(match[1]),
      output: Buffer.from(all.subarray(0, match.index)),
      sttyBefore: readFileSync(join(this.dir, 'before'), 'utf8').trim(),
      sttyAfter: readFileSync(join(this.dir, 'after'), 'utf8').trim(),
    };
    this.kill();
    rmSync(this.dir, { recursive: true, force: true });
    return result;
  }

  /** Ends the outer terminal. */
  kill(): void {
    try {
      this.term.kill('SIGKILL');
    } catch {
      // gone
    }
  }
}

/** Runs `osf7501 <args>` in an outer terminal and waits for it to exit. */
export async function runInTerminal(osfArgs: string[], options: OuterOptions = {}): Promise<ShimResult> {
  return new OuterTerminal(osfArgs, options).result();
}
