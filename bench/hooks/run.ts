// Benchmark: the cost of one hook call, as Claude Code pays it (it waits for PreToolUse hooks before
// every tool), next to the cost of starting node at all. Prints medians, p95s and differences: this
// machine is shared and noisy, so compare the rows, don't read them absolutely.
//
//   npm run build && node dist/bench/hooks/run.js [--n 40] [--instructions]
//
// --instructions adds instruction counts under valgrind (callgrind): load-independent, so they show the
// shim's own added work exactly even on a busy machine (slow: ~20 s a row).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HookServer } from '../../src/hooks/channel.js';
import { FifoReader, fifoHookCommand } from './fifo-prototype.js';
import { mapHookEvent, parsePayload } from '../../src/hooks/map-event.js';
import { hookShellCommand } from '../../src/hooks/settings.js';
import { decodeHookLine, encodeHookLine } from '../../src/hooks/wire.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'osf7501');
const ENTRY = join(ROOT, 'dist', 'src', 'hooks', 'hook-entry.js');
const CLI_STAND_IN = join(ROOT, 'dist', 'bench', 'hooks', 'cli-hook.js');
const SLOW_ENTRY = join(ROOT, 'dist', 'bench', 'hooks', 'slow-entry.js');
const INSTRUCTIONS = process.argv.includes('--instructions');
const N = Number(process.argv[process.argv.indexOf('--n') + 1] ?? '') || 40;
const WARMUP = 3;
/** A PreToolUse payload of the usual size (Claude Code 2.1 sends ~0.5–2 KB for a Bash call). */
const PAYLOAD = JSON.stringify({
  session_id: '0f8e5c3a-9d1b-4c7e-8a2f-6b4d3e2a1c0f',
  transcript_path: '/home/user/.claude/projects/-home-user-project/0f8e5c3a-9d1b-4c7e-8a2f-6b4d3e2a1c0f.jsonl',
  cwd: '/home/user/project',
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'npm test -- --reporter=dot', description: 'Run the test suite' },
  tool_use_id: 'toolu_01ABCDEFGHIJKLMNOPQRSTUV',
});

interface Variant {
  name: string;
  argv: string[];
  /** What a call delivers: a signal on the socket, a line on the FIFO, or nothing. */
  sends: 'socket' | 'fifo' | 'none';
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
}

/** Wall time of one run, spawn to exit, the payload on stdin. */
function timeOnce(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), { env, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.on('error', () => undefined); // `true` and `node -e 0` never read it
    child.stdin.end(PAYLOAD);
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - started));
  });
}

/** CPU time (user + sys) per call, from bash's `times` over `n` calls: steadier than wall time under load. */
function cpuPerCall(argv: string[], env: NodeJS.ProcessEnv, payloadFile: string, n: number): number {
  const command = argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `for i in $(seq ${n}); do ${command} <'${payloadFile}' >/dev/null 2>&1; done; times`;
  const out = spawnSync('bash', ['-c', script], { env, encoding: 'utf8' }).stdout.trim().split('\n');
  const children = (out[1] ?? '').match(/(\d+)m([\d.]+)s/g) ?? [];
  const seconds = children.reduce((sum, t) => {
    const m = /(\d+)m([\d.]+)s/.exec(t);
    return sum + (m ? Number(m[1]) * 60 + Number(m[2]) : 0);
  }, 0);
  return (seconds * 1000) / n;
}

/** µs per call of a function, over enough calls to take ~0.2 s. */
function micro(fn: () => void): number {
  let n = 1000;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    const ms = performance.now() - t;
    if (ms > 200) return (ms * 1000) / n;
    n *= 4;
  }
}

const fmt = (ms: number): string => ms.toFixed(1).padStart(7);

async function main(): Promise<void> {
  const server = await HookServer.start();
  let received = 0;
  server.onSignal(() => received++);
  const env = { ...process.env, ...server.childEnv() };
  const dir = mkdtempSync(join(tmpdir(), 'osf-hook-bench-'));
  const payloadFile = join(dir, 'payload.json');
  writeFileSync(payloadFile, PAYLOAD);

  const fifo = new FifoReader(dir);
  const fifoEnv = { ...env, OSF7501_HOOK_FIFO: fifo.path, OSF7501_HOOK_TOKEN: server.token };
  const binRoutesHook = /Usage: osf7501 hook/.test(spawnSync(process.execPath, [BIN, 'hook', '--help'], { encoding: 'utf8' }).stdout ?? '');
  const cli = binRoutesHook ? [process.execPath, BIN, 'hook', 'PreToolUse'] : [process.execPath, CLI_STAND_IN, 'PreToolUse'];
  const variants: Variant[] = [
    { name: 'true', argv: ['true'], sends: 'none' },
    { name: 'node -e 0', argv: [process.execPath, '-e', '0'], sends: 'none' },
    { name: 'light entry: node hook-entry.js', argv: [process.execPath, ENTRY, 'PreToolUse'], sends: 'socket' },
    { name: 'as Claude runs it: sh -c "<injected>"', argv: ['sh', '-c', hookShellCommand([process.execPath, ENTRY], 'PreToolUse')], sends: 'socket' },
    { name: binRoutesHook ? 'osf7501 hook (bin/osf7501)' : 'osf7501 hook (CLI stand-in*)', argv: cli, sends: 'socket' },
    { name: 'prototype: sh -c "<FIFO hook>" PreToolUse', argv: ['sh', '-c', fifoHookCommand('PreToolUse')], sends: 'fifo' },
    { name: 'prototype: sh -c "<FIFO hook>" Stop', argv: ['sh', '-c', fifoHookCommand('Stop')], sends: 'fifo' },
  ];
  const envFor = (v: Variant): NodeJS.ProcessEnv => (v.sends === 'fifo' ? fifoEnv : env);

  // Round-robin: every round runs each variant once, so load changes hit all rows alike.
  const walls = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < WARMUP + N; round++) {
    for (const v of variants) {
      const ms = await timeOnce(v.argv, envFor(v));
      if (round >= WARMUP) walls.get(v.name)!.push(ms);
    }
  }
  await new Promise((r) => setTimeout(r, 200));
  const socketCalls = (WARMUP + N) * variants.filter((v) => v.sends === 'socket').length;
  const fifoCalls = (WARMUP + N) * variants.filter((v) => v.sends === 'fifo').length;
  const [socketGot, fifoGot] = [received, fifo.lines];

  const cpuN = Math.max(10, Math.floor(N / 2));
  const baseline = walls.get('node -e 0')!;
  const baseMedian = quantile(baseline, 0.5);
  const baseCpu = cpuPerCall([process.execPath, '-e', '0'], env, payloadFile, cpuN);
  console.log(`hook call cost, ${N} calls each (round-robin, ${WARMUP} warm-up rounds); CPU = user+sys over ${cpuN} calls`);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('');
  console.log(`${'variant'.padEnd(40)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'Δ median'.padStart(9)} ${'CPU'.padStart(7)} ${'Δ CPU'.padStart(7)}   (ms; Δ = minus node -e 0)`);
  for (const v of variants) {
    const xs = walls.get(v.name)!;
    const cpu = v.name === 'node -e 0' ? baseCpu : cpuPerCall(v.argv, envFor(v), payloadFile, cpuN);
    const med = quantile(xs, 0.5);
    console.log(`${v.name.padEnd(40)} ${fmt(med)} ${fmt(quantile(xs, 0.95))} ${(med - baseMedian).toFixed(1).padStart(9)} ${fmt(cpu)} ${(cpu - baseCpu).toFixed(1).padStart(7)}`);
  }
  if (!binRoutesHook) console.log('\n* bin/osf7501 does not route `hook` yet: the stand-in loads the same CLI modules (dist/src/cli/main.js) and runs hookCommand.');
  console.log(`\ndelivered in the timed rounds: socket ${socketGot} of ${socketCalls} signals, FIFO ${fifoGot} of ${fifoCalls} lines`);

  // The shim's own side: what one message costs the server and the mapping, in-process.
  const line = encodeHookLine(server.token, { event: 'PreToolUse', state: 'working', tool: 'Bash' }).trimEnd();
  const decodeUs = micro(() => decodeHookLine(line, server.token));
  const mapUs = micro(() => mapHookEvent('PreToolUse', parsePayload(PAYLOAD)));
  console.log(`in-process: parse+map a ${PAYLOAD.length}-byte payload ${mapUs.toFixed(2)} µs; decode+check one line ${decodeUs.toFixed(2)} µs`);

  if (INSTRUCTIONS) await instructionCounts(env, payloadFile, cli, () => received);

  fifo.dispose();
  server.dispose();
  rmSync(dir, { recursive: true, force: true });
}

/** Instructions one run executes under callgrind (load-independent), or NaN without valgrind. */
function instructions(argv: string[], env: NodeJS.ProcessEnv, payloadFile: string): number {
  const r = spawnSync('sh', ['-c', 'exec valgrind --tool=callgrind --callgrind-out-file=/dev/null --smc-check=all-non-file "$@" <"$0"', payloadFile, ...argv], {
    env,
    encoding: 'utf8',
  });
  const m = /Collected\s*:\s*(\d+)/.exec(r.stderr ?? '');
  return m ? Number(m[1]) : NaN;
}

async function instructionCounts(env: NodeJS.ProcessEnv, payloadFile: string, cli: string[], received: () => number): Promise<void> {
  const cliSlow = cli[1] === CLI_STAND_IN ? [...cli, '120000'] : cli;
  const rows: Array<[string, string[], boolean]> = [
    ['node -e 0', [process.execPath, '-e', '0'], false],
    ['node <empty .mjs> (ESM start-up)', [process.execPath, join(ROOT, 'dist', 'bench', 'hooks', 'empty.js')], false],
    ['light entry, full call', [process.execPath, SLOW_ENTRY, 'PreToolUse'], true],
    ['osf7501 hook CLI, full call', cliSlow, true],
  ];
  console.log('\ninstructions per call under valgrind (load-independent; Δ = minus node -e 0)');
  let base = NaN;
  for (const [name, argv, sends] of rows) {
    const before = received();
    const count = await new Promise<number>((resolve) => setImmediate(() => resolve(instructions(argv, env, payloadFile))));
    await new Promise((r) => setTimeout(r, 100));
    if (Number.isNaN(base)) base = count;
    const delta = count - base;
    const note = sends ? (received() > before ? '  (signal delivered)' : '  (NOT delivered)') : '';
    console.log(`${name.padEnd(40)} ${(count / 1e6).toFixed(1).padStart(8)} M   Δ ${(delta / 1e6).toFixed(1).padStart(6)} M (${((delta / base) * 100).toFixed(1)} %)${note}`);
  }
}

void main();
