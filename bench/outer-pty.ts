// Shared by the benchmarks that time reports: a real PTY plays the user's terminal, runs a command
// (the shim, or a relay to compare it with) and notes the moment each OSC 7501 report reaches it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';
import { ReportExtractor, type Report } from '../src/protocol/index.js';

/** The repository (this file runs from dist/bench/). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The shim's launcher. */
export const BIN = join(ROOT, 'bin', 'osf7501');

/** A report as the outer terminal got it: CLOCK_MONOTONIC ns (process.hrtime) of the read that completed it. */
export interface TimedReport {
  at: bigint;
  report: Report;
}

/** A command running in the outer terminal. */
export interface OuterRun {
  term: pty.IPty;
  /** Every report seen so far, in order. */
  reports: TimedReport[];
  /** When the command was spawned (CLOCK_MONOTONIC ns). */
  startedAt: bigint;
  /** Resolves when the command has exited. */
  exited: Promise<{ wallSeconds: number }>;
}

/** Spawns `command` in a fresh outer PTY (xterm-256color, 100×30 unless told) and watches its reports. */
export function runInOuterPty(
  command: readonly string[],
  options: { env?: Record<string, string>; cols?: number; rows?: number; cwd?: string } = {},
): OuterRun {
  const env = { ...process.env, TERM: 'xterm-256color', OSF7501_SESSION: '', ...options.env } as Record<string, string>;
  delete env['TMUX']; // the benchmark's terminal is this PTY, whatever runs the benchmark
  const term = pty.spawn(command[0] as string, command.slice(1), {
    name: 'xterm-256color',
    cols: options.cols ?? 100,
    rows: options.rows ?? 30,
    cwd: options.cwd ?? ROOT,
    env,
    encoding: null,
  } as pty.IPtyForkOptions);
  const startedAt = process.hrtime.bigint();
  const extractor = new ReportExtractor();
  const reports: TimedReport[] = [];
  term.onData((data) => {
    const at = process.hrtime.bigint();
    for (const found of extractor.push(data as unknown as Uint8Array)) {
      if (found.parsed.type === 'report') reports.push({ at, report: found.parsed.report });
    }
  });
  const exited = new Promise<{ wallSeconds: number }>((resolve) => {
    term.onExit(() => resolve({ wallSeconds: Number(process.hrtime.bigint() - startedAt) / 1e9 }));
  });
  return { term, reports, startedAt, exited };
}

/** The first report at or after `from` and before `until` that `match` accepts. */
export function firstReport(reports: readonly TimedReport[], from: bigint, until: bigint, match: (r: Report) => boolean): TimedReport | undefined {
  return reports.find((r) => r.at >= from && r.at < until && match(r.report));
}

/** The p-th percentile (nearest rank) of `xs`; NaN when empty. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number);
}

/** CPU ticks (user + system) of a process so far, from /proc (Linux). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}
