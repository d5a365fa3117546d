// Benchmark: how long each signal takes to reach the outer terminal as an OSC 7501 report, side by side.
// From the moment a scripted child gives the signal to the moment the report's last byte is read from
// a real PTY that plays the user's terminal (bench/outer-pty.ts), the shim `bin/osf7501` running inside:
//
//   agent's own report  the child prints an OSC 7501 report (the shim passes it through untouched)
//   screen              a Claude-Code-like permission dialog drawn after a spinner (bench/detect/child.mjs)
//   hook                the child, installed as `claude`, runs the hook commands the shim injected into
//                       its --settings as Claude Code does (`sh -c '<command>'`, JSON payload on stdin)
//   foreground          a wrapped bash (job control on) starts `sleep` in the foreground, then is back
//
//   npm run -s build && node dist/bench/signals/run.js
//
// SIGNALS_ROUNDS (10): rounds of each signal. SIGNALS_GAP_MS (2000): time between the hook calls (the
// agent's own reports come twice as often). SIGNALS_DEBUG=1: each session's timeline on stderr.
// A report counts for a signal when it carries the expected state and arrives before the next signal.
//
// Times: the node children write process.hrtime (CLOCK_MONOTONIC, the bench's clock); bash writes
// $EPOCHREALTIME, converted with the realtime−monotonic offset measured before and after its session.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '../../src/protocol/index.js';
import { BIN, ROOT, firstReport, percentile, runInOuterPty, type TimedReport } from '../outer-pty.js';

const ROUNDS = Number(process.env['SIGNALS_ROUNDS'] ?? 10);
const CHILD = join(ROOT, 'bench', 'signals', 'child.mjs');
const DETECT_CHILD = join(ROOT, 'bench', 'detect', 'child.mjs');
const NODE = process.execPath;

/** One signal given: when (CLOCK_MONOTONIC ns), which, and the state its report must carry. */
interface Given {
  at: bigint;
  signal: string;
  state: Report['state'];
}

/** A session of the shim: the command, its log, and which reports answer its signals. */
interface Session {
  name: string;
  command: string[];
  env: Record<string, string>;
  /** The reports that can answer this session's signals (the app the shim or the agent reports as). */
  app: string;
  /** Parses the child's log into the signals it gave. */
  read(log: string, offsets: ClockOffsets): Given[];
}

/** CLOCK_REALTIME − CLOCK_MONOTONIC (ns) before and after a session, to convert bash's stamps. */
interface ClockOffsets {
  before: bigint;
  after: bigint;
  beforeAt: bigint;
  afterAt: bigint;
}

/** realtime − monotonic, to a few µs: the monotonic time of the moment Date.now() ticks over. */
function realtimeOffset(): { offset: bigint; at: bigint } {
  const first = Date.now();
  let now = first;
  while (now === first) now = Date.now();
  const at = process.hrtime.bigint();
  return { offset: BigInt(now) * 1_000_000n - at, at };
}

/** `r<seconds>.<µs>` (bash's $EPOCHREALTIME) as CLOCK_MONOTONIC ns, the offset interpolated in time. */
function fromRealtime(stamp: string, o: ClockOffsets): bigint {
  const [sec = '0', frac = ''] = stamp.slice(1).split('.');
  const real = BigInt(sec) * 1_000_000_000n + BigInt(frac.padEnd(9, '0').slice(0, 9));
  const approx = real - o.before;
  const span = o.afterAt - o.beforeAt;
  const drift = span > 0n ? ((o.after - o.before) * (approx - o.beforeAt)) / span : 0n;
  return real - (o.before + drift);
}

/** `<time> <signal> <state>` lines: time in ns, or `r…` realtime from bash. */
function readLog(text: string, offsets: ClockOffsets): Given[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((line) => {
      const [time = '', signal = '', state = ''] = line.trim().split(/\s+/);
      const at = time.startsWith('r') ? fromRealtime(time, offsets) : BigInt(time);
      return { at, signal, state: state as Report['state'] };
    });
}

const bin = mkdtempSync(join(tmpdir(), 'osf-signals-bin-'));
// `claude` for the shim (it injects hooks only for that name), the benchmark child underneath.
writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec '${NODE}' '${CHILD}' hook "$@"\n`);
chmodSync(join(bin, 'claude'), 0o755);

/**
 * Seconds each foreground program runs and the shell then waits, round by round: 1.5 s plus a part of the
 * 500 ms poll period spread evenly (golden ratio), so the signals do not fall at one phase of the poll.
 */
const spread = (i: number, phase: number): string => (1.5 + ((i * 0.618034 + phase) % 1) * 0.5).toFixed(3);
const RUNS = Array.from({ length: ROUNDS }, (_, i) => spread(i, 0)).join(' ');
const WAITS = Array.from({ length: ROUNDS }, (_, i) => spread(i, 0.5)).join(' ');

/** The wrapped shell of the foreground session: `sleep` in the foreground, then the shell (a builtin wait). */
const FOREGROUND_SCRIPT = [
  'set -m',
  `runs=(${RUNS})`,
  `waits=(${WAITS})`,
  `printf 'bench/signals: foreground, %s rounds\\n' "$SIGNALS_ROUNDS"`,
  'read -r -t 1 _',
  'for ((i = 0; i < SIGNALS_ROUNDS; i++)); do',
  '  echo "r$EPOCHREALTIME foreground-start working" >> "$SIGNALS_LOG"',
  '  sleep "${runs[i]}"',
  '  echo "r$EPOCHREALTIME foreground-end done" >> "$SIGNALS_LOG"',
  '  read -r -t "${waits[i]}" _',
  'done',
  'exit 0',
].join('\n');

const sessions: Session[] = [
  {
    name: 'native',
    command: [NODE, BIN, 'node', CHILD, 'native'],
    env: {},
    app: 'bench-agent',
    read: readLog,
  },
  {
    name: 'screen',
    command: [NODE, BIN, '--rules', 'claude-code', 'node', DETECT_CHILD],
    env: { DETECT_ROUNDS: String(ROUNDS), DETECT_SPIN_MS: '1500' },
    app: 'claude-code',
    // bench/detect/child.mjs writes one time per prompt, nothing else.
    read: (log) => log.split('\n').filter(Boolean).map((t) => ({ at: BigInt(t.trim()), signal: 'screen', state: 'blocked' as const })),
  },
  {
    name: 'hook',
    command: [NODE, BIN, 'claude'],
    env: { PATH: `${bin}:${process.env['PATH'] ?? ''}` },
    app: 'claude-code',
    read: readLog,
  },
  {
    name: 'foreground',
    command: [NODE, BIN, 'bash', '--norc', '--noprofile', '-c', FOREGROUND_SCRIPT],
    env: { LC_ALL: 'C' },
    app: 'bash',
    read: readLog,
  },
];

/** What each signal row says, in the table's order. */
const ROWS: Array<{ signal: string; label: string }> = [
  { signal: 'native', label: "agent's own OSC 7501 report (passed through)" },
  { signal: 'screen', label: 'screen: permission dialog drawn → blocked' },
  { signal: 'hook-working', label: 'hook: UserPromptSubmit → working' },
  { signal: 'hook-done', label: 'hook: Stop → done' },
  { signal: 'foreground-start', label: 'foreground: `sleep` started from bash → working' },
  { signal: 'foreground-end', label: 'foreground: bash back in front → done' },
];

interface Row {
  given: number;
  latenciesMs: number[];
}

const results = new Map<string, Row>();
const notes: string[] = [];

async function runSession(session: Session): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `osf-signals-${session.name}-`));
  const log = join(dir, 'signals.log');
  writeFileSync(log, '');
  const before = realtimeOffset();
  const run = runInOuterPty(session.command, {
    env: { ...session.env, SIGNALS_LOG: log, DETECT_LOG: log, SIGNALS_ROUNDS: String(ROUNDS) },
  });
  const { wallSeconds } = await run.exited;
  const after = realtimeOffset();
  const given = session.read(readFileSync(log, 'utf8'), { before: before.offset, after: after.offset, beforeAt: before.at, afterAt: after.at });
  given.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  if (given.length === 0) notes.push(`${session.name}: the child gave no signal (log empty) in ${wallSeconds.toFixed(1)} s`);
  const end = process.hrtime.bigint();
  given.forEach((g, i) => {
    const next = given[i + 1]?.at ?? end;
    const hit: TimedReport | undefined = firstReport(run.reports, g.at, next, (r) => r.state === g.state && r.app === session.app);
    const row = results.get(g.signal) ?? { given: 0, latenciesMs: [] };
    row.given++;
    if (hit !== undefined) row.latenciesMs.push(Number(hit.at - g.at) / 1e6);
    results.set(g.signal, row);
  });
  if (process.env['SIGNALS_DEBUG']) {
    const t0 = run.startedAt;
    const at = (t: bigint): string => (Number(t - t0) / 1e6).toFixed(0).padStart(6);
    const lines = [
      ...given.map((g) => ({ t: g.at, text: `given    ${g.signal} → ${g.state}` })),
      ...readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('# '))
        .map((l) => ({ t: BigInt(l.split(' ')[1] ?? '0'), text: `         ${l.split(' ').slice(2).join(' ')}` })),
      ...run.reports.map((r) => ({ t: r.at, text: `reported ${r.report.state} ${r.report.app ?? ''} ${r.report.kind ?? ''} ${r.report.msg ?? ''}` })),
    ].sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
    process.stderr.write(`--- ${session.name} (ms since spawn)\n${lines.map((l) => `${at(l.t)} ${l.text}`).join('\n')}\n`);
  }
  const drift = Number(after.offset - before.offset) / 1e6;
  if (session.name === 'foreground' && Math.abs(drift) >= 1) notes.push(`foreground: the realtime clock moved ${drift.toFixed(1)} ms against the monotonic one during the session (interpolated)`);
}

const ms = (x: number): string => (Number.isNaN(x) ? '-' : x.toFixed(0));

console.log(
  `signal latency benchmark: ${ROUNDS} rounds of each signal, from the moment the child gives it to the moment the ` +
    `report's last byte reaches the outer terminal (a real PTY); node ${process.version}, ${cpus().length} cores, ` +
    `load ${loadavg()[0]?.toFixed(2)}`,
);
for (const session of sessions) await runSession(session);
console.log('| signal | n | delivered | median ms | p90 ms | max ms |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const { signal, label } of ROWS) {
  const row = results.get(signal) ?? { given: 0, latenciesMs: [] };
  const l = row.latenciesMs;
  console.log(`| ${label} | ${row.given} | ${l.length}/${row.given} | ${ms(percentile(l, 50))} | ${ms(percentile(l, 90))} | ${ms(l.length ? Math.max(...l) : NaN)} |`);
}
for (const note of notes) console.log(`note: ${note}`);
