// Benchmark: what the shim costs where it should cost nothing — pipe mode, start-up, an idle spinner —
// each side by side with its baselines in one run, in interleaved rounds (medians of paired figures:
// the machine is shared, so compare within a run, not across runs).
//
//   node dist/bench/lean/run.js [pipe] [startup] [idle]     (no argument: all three)
//
// LEAN_BASE=DIR adds the osf7501 rows again for the checkout in DIR (its bin/osf7501, built): a baseline
// in the same interleaved rounds, e.g. `git worktree add /tmp/lean-base main` before a change.
// LEAN_PIPE_ROUNDS (default 20), LEAN_STARTUP_ROUNDS (15), LEAN_IDLE_ROUNDS (3), LEAN_SPIN_S (10).
// LEAN_STEADY_S=N (default 0: none) adds a second spinner table, N s from the end of the first window: past the
// two memory-reducing full GCs V8 starts by itself ~8 s after start-up, which fall inside the first.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pty from 'node-pty';
import { BIN, ROOT } from '../outer-pty.js';
import { readProcStats } from '../live/proc-stats.js';

const PIPE_ROUNDS = Number(process.env['LEAN_PIPE_ROUNDS'] ?? 20);
const STARTUP_ROUNDS = Number(process.env['LEAN_STARTUP_ROUNDS'] ?? 15);
const IDLE_ROUNDS = Number(process.env['LEAN_IDLE_ROUNDS'] ?? 3);
const SPIN_S = Number(process.env['LEAN_SPIN_S'] ?? 10);
const STEADY_S = Number(process.env['LEAN_STEADY_S'] ?? 0);
/**
 * Start-up left out of the spinner's CPU figure: counted from the child's first byte at the terminal (the
 * shim's own start-up, slow on a loaded machine, is over by then), long enough for the screen worker to start.
 */
const IDLE_WARMUP_MS = 1500;
const SPINNER = join(ROOT, 'bench', 'lean', 'spinner.mjs');
const NODE = process.execPath;
/** A baseline checkout's launcher (LEAN_BASE), run beside this one's in every round. */
const BASE_BIN = process.env['LEAN_BASE'] === undefined || process.env['LEAN_BASE'] === '' ? undefined : join(process.env['LEAN_BASE'], 'bin', 'osf7501');

/** The variants, and for every one that runs this checkout's osf7501 the same with the baseline's (LEAN_BASE). */
function withBaseline(variants: Variant[]): Variant[] {
  if (BASE_BIN === undefined) return variants;
  const base = variants
    .filter((v) => v.argv.includes(BIN))
    .map((v) => ({ ...v, name: `baseline ${v.name}`, argv: v.argv.map((a) => (a === BIN ? (BASE_BIN as string) : a)) }));
  return [...variants, ...base];
}
/** The start-up row of a `node -e 0` started with NODE_EXTRA_CA_CERTS empty (only when it is set). */
const NODE_NO_CA = '`node -e 0` without NODE_EXTRA_CA_CERTS';
/** What the first-byte children print; the first read that completes it is the child's first byte. */
const MARK = 'LEAN-FIRST-BYTE';

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const range = (xs: readonly number[], digits: number): string =>
  xs.length === 0 ? '' : `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
const push = (m: Map<string, number[]>, key: string, value: number): void => {
  (m.get(key) ?? m.set(key, []).get(key)!).push(value);
};
/** Every round runs the variants back to back, in alternating order. */
const inRoundOrder = <T>(xs: readonly T[], round: number): readonly T[] => (round % 2 === 0 ? xs : [...xs].reverse());

/** The benchmark's own environment for every variant: no osf7501 session around it, no tmux. */
function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = { ...process.env, OSF7501_SESSION: '', TERM: 'xterm-256color', ...extra } as Record<string, string>;
  delete env['TMUX'];
  delete env['STY'];
  return env;
}

interface Variant {
  name: string;
  argv: string[];
  env?: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Pipe mode: stdin /dev/null, stdout and stderr pipes; wall time of spawn to exit.

async function pipeSection(): Promise<void> {
  const variants: Variant[] = withBaseline([
    { name: '`true`', argv: ['true'] },
    { name: '`sh -c true`', argv: ['sh', '-c', 'true'] },
    { name: '`node -e 0`', argv: [NODE, '-e', '0'] },
    { name: '`osf7501 true`', argv: [BIN, 'true'] },
    { name: '`osf7501 --no-report true`', argv: [BIN, '--no-report', 'true'] },
    { name: '`osf7501 --rules claude-code true`', argv: [BIN, '--rules', 'claude-code', 'true'] },
    { name: '`node bin/osf7501 true`', argv: [NODE, BIN, 'true'] },
  ]);
  const wall = new Map<string, number[]>();
  const over = new Map<string, number[]>();
  for (let round = 0; round < PIPE_ROUNDS; round++) {
    const ms = new Map<string, number>();
    for (const v of inRoundOrder(variants, round)) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(v.argv[0] as string, v.argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: baseEnv(v.env) });
      const t = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) throw new Error(`${v.argv.join(' ')}: status ${r.status}: ${r.stderr?.toString()}`);
      ms.set(v.name, t);
      push(wall, v.name, t);
    }
    for (const v of variants) push(over, v.name, (ms.get(v.name) as number) - (ms.get('`true`') as number));
  }
  console.log(`\npipe mode: stdin /dev/null, stdout a pipe; spawn to exit, ${PIPE_ROUNDS} interleaved rounds`);
  console.log('| command | median ms | over `true` ms (median of paired rounds) | range |');
  console.log('| --- | --- | --- | --- |');
  for (const v of variants) {
    const o = over.get(v.name) ?? [];
    console.log(`| ${v.name} | ${median(wall.get(v.name) ?? []).toFixed(1)} | ${median(o).toFixed(1)} | ${range(o, 1)} |`);
  }
  console.log('goal: `osf7501 CMD` ≤ 15 ms over `CMD` itself');
}

// ---------------------------------------------------------------------------------------------
// Start-up: a real PTY plays the terminal; from the spawn to the read that brings the child's first output.

interface FirstByte {
  ms: number;
}

function firstByte(v: Variant): Promise<FirstByte> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const term = pty.spawn(v.argv[0] as string, v.argv.slice(1), {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: ROOT,
      env: baseEnv(v.env),
      encoding: null,
    } as pty.IPtyForkOptions);
    let seen = '';
    let at: number | undefined;
    term.onData((data) => {
      if (at !== undefined) return;
      seen += Buffer.from(data as unknown as Uint8Array).toString('latin1');
      if (seen.includes(MARK)) at = Number(process.hrtime.bigint() - t0) / 1e6;
    });
    term.onExit(() => {
      if (at === undefined) reject(new Error(`${v.argv.join(' ')}: exited without its first byte; saw ${JSON.stringify(seen.slice(0, 200))}`));
      else resolve({ ms: at });
    });
  });
}

/**
 * With LEAN_BASE: each osf7501 row against its baseline row, the ratio of the two in the same round (both ran
 * back to back, so a loaded moment slows both), its median and range. The ratios to `node -e 0` above carry
 * that row's own noise twice; this one compares the two checkouts directly.
 */
function baselineTable(variants: readonly Variant[], ms: ReadonlyMap<string, readonly number[]>): void {
  console.log('\nagainst the baseline (LEAN_BASE), paired by round');
  console.log('| command | this checkout / baseline (median of paired rounds) | range | rounds faster |');
  console.log('| --- | --- | --- | --- |');
  for (const v of variants) {
    const own = ms.get(v.name);
    const base = ms.get(`baseline ${v.name}`);
    if (own === undefined || base === undefined) continue;
    const r = own.map((x, i) => x / (base[i] as number));
    console.log(`| ${v.name} | ${median(r).toFixed(2)}× | ${range(r, 2)} | ${r.filter((x) => x < 1).length} of ${r.length} |`);
  }
}

async function startupSection(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'osf-lean-'));
  try {
    // A stand-in `claude` (a script on PATH): the shim sets up Claude's hooks for it, as for the real one.
    const claude = join(dir, 'claude');
    writeFileSync(claude, `#!/bin/sh\nprintf ${MARK}\n`);
    chmodSync(claude, 0o755);
    const printf = ['printf', MARK];
    const nodeWrite = [NODE, '-e', `process.stdout.write('${MARK}')`];
    // Node builds its root certificate store as it starts when NODE_EXTRA_CA_CERTS names a file (~90 ms of
    // `node -e 0` on the machine of bench/README.md); the shim's Node starts without it (bin/osf7501), so
    // the ratios are also given against a `node -e 0` without it (empty: Node ignores it).
    const caCerts = (process.env['NODE_EXTRA_CA_CERTS'] ?? '') !== '';
    const variants: Variant[] = withBaseline([
      { name: '`printf` (the PTY alone)', argv: printf },
      { name: '`node -e 0` (+ one write)', argv: nodeWrite },
      ...(caCerts ? [{ name: NODE_NO_CA, argv: nodeWrite, env: { NODE_EXTRA_CA_CERTS: '' } }] : []),
      { name: '`script`', argv: ['script', '-q', '-c', printf.join(' '), '/dev/null'] },
      { name: '`osf7501 --no-report printf`', argv: [BIN, '--no-report', ...printf] },
      { name: '`osf7501 printf`', argv: [BIN, ...printf] },
      { name: '`osf7501 claude` (hooks, claude-code rules)', argv: [BIN, 'claude'], env: { PATH: `${dir}:${process.env['PATH'] ?? ''}` } },
    ]);
    const ms = new Map<string, number[]>();
    const ratio = new Map<string, number[]>();
    const ratioNoCa = new Map<string, number[]>();
    for (let round = 0; round < STARTUP_ROUNDS; round++) {
      const got = new Map<string, number>();
      for (const v of inRoundOrder(variants, round)) {
        const r = await firstByte(v);
        got.set(v.name, r.ms);
        push(ms, v.name, r.ms);
      }
      const base = got.get('`node -e 0` (+ one write)') as number;
      for (const v of variants) push(ratio, v.name, (got.get(v.name) as number) / base);
      const noCa = got.get(NODE_NO_CA);
      if (noCa !== undefined) for (const v of variants) push(ratioNoCa, v.name, (got.get(v.name) as number) / noCa);
    }
    console.log(`\nstart-up: exec → the child's first byte at a real PTY, ${STARTUP_ROUNDS} interleaved rounds`);
    console.log(`NODE_EXTRA_CA_CERTS ${caCerts ? 'is set (the last column: against `node -e 0` without it)' : 'is not set'}`);
    const noCaHead = caCerts ? ' vs `node -e 0` without NODE_EXTRA_CA_CERTS | range |' : '';
    console.log(`| command | median ms | vs \`node -e 0\` (median of paired rounds) | range |${noCaHead}`);
    console.log(`| --- | --- | --- | --- |${caCerts ? ' --- | --- |' : ''}`);
    for (const v of variants) {
      const r = ratio.get(v.name) ?? [];
      const n = ratioNoCa.get(v.name) ?? [];
      const noCaCells = caCerts ? ` ${median(n).toFixed(2)}× | ${range(n, 2)} |` : '';
      console.log(`| ${v.name} | ${median(ms.get(v.name) ?? []).toFixed(0)} | ${median(r).toFixed(2)}× | ${range(r, 2)} |${noCaCells}`);
    }
    console.log('goal: the wrapped child\'s first byte ≤ 1.6× `node -e 0`');
    if (BASE_BIN !== undefined) baselineTable(variants, ms);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Idle: a 10 Hz spinner that changes one row; the relay's CPU (all threads) after start-up, and its peak RSS.

interface IdleRun {
  cpuPercent: number;
  peakRssMb: number;
  /** CPU in the LEAN_STEADY_S window after the first (undefined without one). */
  steadyCpuPercent?: number;
}

/** CPU % of one core between two readings of a process. */
const cpuPercentBetween = (a: { at: bigint; cpu: number }, b: { at: bigint; cpu: number }): number =>
  (100 * (b.cpu - a.cpu)) / (Number(b.at - a.at) / 1e9);

function idleRun(v: Variant): Promise<IdleRun> {
  return new Promise((resolve, reject) => {
    const term = pty.spawn(v.argv[0] as string, v.argv.slice(1), {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: ROOT,
      env: baseEnv({ LEAN_SPIN_MS: String(IDLE_WARMUP_MS + (SPIN_S + STEADY_S) * 1000 + 1000), ...v.env }),
      encoding: null,
    } as pty.IPtyForkOptions);
    let first: { at: bigint; cpu: number } | undefined;
    let second: { at: bigint; cpu: number; peakRssKb: number } | undefined;
    let result: IdleRun | undefined;
    let started = false;
    const reading = (): { at: bigint; cpu: number; peakRssKb: number } | undefined => {
      const s = readProcStats(term.pid);
      return s === undefined ? undefined : { at: process.hrtime.bigint(), cpu: s.cpuSeconds, peakRssKb: s.peakRssKb };
    };
    term.onData(() => {
      if (started) return;
      started = true;
      setTimeout(() => (first = reading()), IDLE_WARMUP_MS);
      setTimeout(() => {
        second = reading();
        if (second === undefined || first === undefined) return;
        result = { cpuPercent: cpuPercentBetween(first, second), peakRssMb: second.peakRssKb / 1024 };
      }, IDLE_WARMUP_MS + SPIN_S * 1000);
      if (STEADY_S > 0) {
        setTimeout(() => {
          const third = reading();
          if (third !== undefined && second !== undefined && result !== undefined) result.steadyCpuPercent = cpuPercentBetween(second, third);
        }, IDLE_WARMUP_MS + (SPIN_S + STEADY_S) * 1000);
      }
    });
    term.onExit(() => {
      if (result === undefined || (STEADY_S > 0 && result.steadyCpuPercent === undefined)) reject(new Error(`${v.argv.join(' ')}: exited before the measurement ended`));
      else resolve(result);
    });
  });
}

async function idleSection(): Promise<void> {
  const spinner = [NODE, SPINNER];
  const variants: Variant[] = withBaseline([
    { name: '`script`', argv: ['script', '-q', '-c', spinner.join(' '), '/dev/null'] },
    { name: '`osf7501 --no-report`', argv: [BIN, '--no-report', ...spinner] },
    { name: '`osf7501 --rules claude-code` (reports on)', argv: [BIN, '--rules', 'claude-code', ...spinner] },
  ]);
  const cpu = new Map<string, number[]>();
  const rss = new Map<string, number[]>();
  const steady = new Map<string, number[]>();
  for (let round = 0; round < IDLE_ROUNDS; round++) {
    for (const v of inRoundOrder(variants, round)) {
      const r = await idleRun(v);
      push(cpu, v.name, r.cpuPercent);
      push(rss, v.name, r.peakRssMb);
      if (r.steadyCpuPercent !== undefined) push(steady, v.name, r.steadyCpuPercent);
    }
  }
  console.log(`\nidle: a 10 Hz Claude-like spinner (one row changes), ${SPIN_S} s from ${IDLE_WARMUP_MS / 1000} s after the child's first byte, ${IDLE_ROUNDS} interleaved rounds`);
  console.log('| relay | CPU % of one core (median) | range | peak RSS MB (median) | range |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const v of variants) {
    const c = cpu.get(v.name) ?? [];
    const m = rss.get(v.name) ?? [];
    console.log(`| ${v.name} | ${median(c).toFixed(2)} | ${range(c, 2)} | ${median(m).toFixed(1)} | ${range(m, 1)} |`);
  }
  console.log('goals: ≤ 1.0 % of one core with reports on; peak RSS ≤ 60 MB');
  if (STEADY_S === 0) return;
  const from = (IDLE_WARMUP_MS / 1000 + SPIN_S).toFixed(1);
  console.log(`\nidle, steady state (not the goal's window): the same spinners' CPU from ${from} s to ${(IDLE_WARMUP_MS / 1000 + SPIN_S + STEADY_S).toFixed(1)} s after the child's first byte (with the default LEAN_SPIN_S, past the two memory-reducing GCs V8 runs ~8–9 s after start-up)`);
  console.log('| relay | CPU % of one core (median) | range |');
  console.log('| --- | --- | --- |');
  for (const v of variants) {
    const c = steady.get(v.name) ?? [];
    console.log(`| ${v.name} | ${median(c).toFixed(2)} | ${range(c, 2)} |`);
  }
}

// ---------------------------------------------------------------------------------------------
// Quiet: a program that asks a question and waits (`Name? `, a line read in canonical mode). Nothing is drawn, so
// the only work is the shim's look at the terminal (src/session/terminal-watch.ts: /proc every 250 ms once the
// output is quiet, stty only after a change). The CPU of the relay and of the processes it ran and reaped (stty),
// against the same with --no-report (no terminal watch) and `script`.

const QUIET_S = Number(process.env['LEAN_QUIET_S'] ?? 10);
const QUIET_ROUNDS = Number(process.env['LEAN_QUIET_ROUNDS'] ?? 3);

/** CPU seconds of `pid` and of its reaped children (utime, stime, cutime, cstime). */
function cpuWithChildren(pid: number): number | undefined {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  if (fields === undefined) return undefined;
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  const hz = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  return ticks / hz;
}

function quietRun(v: Variant): Promise<number> {
  return new Promise((resolve, reject) => {
    const term = pty.spawn(v.argv[0] as string, v.argv.slice(1), {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: ROOT,
      env: baseEnv(v.env),
      encoding: null,
    } as pty.IPtyForkOptions);
    let result: number | undefined;
    let started = false;
    term.onData((data) => {
      if (started || !String(data).includes('Name?')) return;
      started = true;
      let first: { at: bigint; cpu: number } | undefined;
      setTimeout(() => {
        const cpu = cpuWithChildren(term.pid);
        if (cpu !== undefined) first = { at: process.hrtime.bigint(), cpu };
      }, IDLE_WARMUP_MS);
      setTimeout(() => {
        const cpu = cpuWithChildren(term.pid);
        if (cpu !== undefined && first !== undefined) result = cpuPercentBetween(first, { at: process.hrtime.bigint(), cpu });
        term.write('x\r');
      }, IDLE_WARMUP_MS + QUIET_S * 1000);
    });
    term.onExit(() => (result === undefined ? reject(new Error(`${v.argv.join(' ')}: no measurement`)) : resolve(result)));
  });
}

async function quietSection(): Promise<void> {
  const ask = ['sh', '-c', 'printf "Name? "; read -r name'];
  const variants: Variant[] = withBaseline([
    { name: '`script`', argv: ['script', '-q', '-c', `${ask.slice(0, 2).join(' ')} '${ask[2]}'`, '/dev/null'] },
    { name: '`osf7501 --no-report`', argv: [BIN, '--no-report', ...ask] },
    { name: '`osf7501` (reports on: the terminal watched)', argv: [BIN, ...ask] },
  ]);
  const cpu = new Map<string, number[]>();
  for (let round = 0; round < QUIET_ROUNDS; round++) for (const v of inRoundOrder(variants, round)) push(cpu, v.name, await quietRun(v));
  console.log(`\nquiet: a question that waits (\`Name? \`, a line read), ${QUIET_S} s from ${IDLE_WARMUP_MS / 1000} s after the prompt, ${QUIET_ROUNDS} interleaved rounds; CPU of the relay and its reaped children (stty)`);
  console.log('| relay | CPU % of one core (median) | range |');
  console.log('| --- | --- | --- |');
  for (const v of variants) {
    const c = cpu.get(v.name) ?? [];
    console.log(`| ${v.name} | ${median(c).toFixed(2)} | ${range(c, 2)} |`);
  }
  const on = median(cpu.get('`osf7501` (reports on: the terminal watched)') ?? []);
  const off = median(cpu.get('`osf7501 --no-report`') ?? []);
  console.log(`the terminal watch and reporting at a quiet prompt: ${(on - off).toFixed(2)} % of one core above --no-report (goal: ≤ 1 %)`);
}

const SECTIONS: Record<string, () => Promise<void>> = { pipe: pipeSection, startup: startupSection, idle: idleSection, quiet: quietSection };
const asked = process.argv.slice(2);
for (const name of asked) if (!(name in SECTIONS)) throw new Error(`unknown section ${name} (pipe, startup, idle, quiet)`);
const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout?.trim() ?? '?';
console.log(`lean benchmark, ${new Date().toISOString()}, load ${load}, node ${process.version}${BASE_BIN === undefined ? '' : `, baseline ${BASE_BIN}`}`);
for (const name of asked.length === 0 ? Object.keys(SECTIONS) : asked) await (SECTIONS[name] as () => Promise<void>)();
