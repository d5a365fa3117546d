// Benchmark: osf7501 against util-linux `script` side by side — throughput, added latency, peak RSS.
// Prints numbers and ratios (machines here are shared and noisy: compare, don't time absolutely).
// BENCH_BASE=DIR adds `baseline osf7501`, the checkout in DIR (its bin/osf7501, built), in the same rounds:
// e.g. `git worktree add /tmp/base main` before a change.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HERE = join(ROOT, 'bench', 'passthrough');
const BIN = join(ROOT, 'bin', 'osf7501');
const FILE_MB = Number(process.env['BENCH_MB'] ?? 200);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const TICKS = Number(process.env['BENCH_TICKS'] ?? 500);

interface OuterResult {
  bytes: number;
  seconds: number;
  hwm_kb: number;
  /** CPU seconds of the relay and everything it waited for (the `cat` included). */
  cpu_s: number;
  status: number;
  delays_ms: number[];
}

interface Relay {
  name: string;
  command: (shellCommand: string) => string[];
}

const RELAYS: Relay[] = [
  { name: 'script', command: (c) => ['script', '-q', '-c', c, '/dev/null'] },
  { name: 'osf7501', command: (c) => [process.execPath, BIN, 'sh', '-c', c] },
  { name: 'osf7501 --no-report', command: (c) => [process.execPath, BIN, '--no-report', 'sh', '-c', c] },
  ...(process.env['BENCH_BASE'] ? [{ name: 'baseline osf7501', command: (c: string) => [process.execPath, join(process.env['BENCH_BASE'] as string, 'bin', 'osf7501'), 'sh', '-c', c] }] : []),
];

function outer(command: string[]): OuterResult {
  const r = spawnSync('python3', [join(HERE, 'outer.py'), '120', '40', '--', ...command], {
    encoding: 'utf8',
    env: { ...process.env, SHELL: '/bin/sh', OSF7501_SESSION: '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`outer.py failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as OuterResult;
}

async function makeFile(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'osf-bench-'));
  const file = join(dir, `text-${FILE_MB}m.txt`);
  const out = createWriteStream(file);
  const line = Buffer.from(`${'The quick brown fox jumps over the lazy dog 0123456789 '.repeat(2)}\x1b[32mok\x1b[0m\n`);
  const block = Buffer.concat(Array.from({ length: Math.ceil(65536 / line.length) }, () => line)).subarray(0, 65536);
  for (let written = 0; written < FILE_MB * 1024 * 1024; written += block.length) {
    if (!out.write(block)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
  return file;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.floor((s.length - 1) / 2)] as number);
};
const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number);
};
const fmt = (n: number, d = 2): string => n.toFixed(d);

async function main(): Promise<void> {
  const file = await makeFile();
  try {
    await measure(file);
  } finally {
    rmSync(join(file, '..'), { recursive: true, force: true }); // the file is FILE_MB of /tmp
  }
}

async function measure(file: string): Promise<void> {
  const throughput = new Map<string, number[]>();
  const rss = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  const startup = new Map<string, number[]>();
  // Each round runs every relay back to back, so a round's ratio to `script` compares runs made under
  // the same load; the table gives the median of those ratios and their range.
  const ratios = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    const roundMbps = new Map<string, number>();
    for (const relay of round % 2 === 0 ? RELAYS : [...RELAYS].reverse()) {
      const r = outer(relay.command(`exec cat '${file}'`));
      const mbps = r.bytes / 1e6 / r.seconds;
      roundMbps.set(relay.name, mbps);
      (throughput.get(relay.name) ?? throughput.set(relay.name, []).get(relay.name)!).push(mbps);
      (rss.get(relay.name) ?? rss.set(relay.name, []).get(relay.name)!).push(r.hwm_kb / 1024);
      (cpu.get(relay.name) ?? cpu.set(relay.name, []).get(relay.name)!).push((r.cpu_s / (r.bytes / 1e6)) * 100);
      // Start-up and exit: a child that writes one byte, from the relay's exec to the reader's EOF.
      const s = outer(relay.command('printf X'));
      (startup.get(relay.name) ?? startup.set(relay.name, []).get(relay.name)!).push(s.seconds * 1000);
    }
    for (const relay of RELAYS) {
      const ratio = (roundMbps.get(relay.name) as number) / (roundMbps.get('script') as number);
      (ratios.get(relay.name) ?? ratios.set(relay.name, []).get(relay.name)!).push(ratio);
    }
  }
  const latency = new Map<string, number[]>();
  for (const relay of RELAYS) {
    const r = outer(relay.command(`exec python3 '${join(HERE, 'ticker.py')}' ${TICKS}`));
    latency.set(relay.name, r.delays_ms);
    (rss.get(relay.name) ?? rss.set(relay.name, []).get(relay.name)!).push(r.hwm_kb / 1024);
  }
  const baseCpu = median(cpu.get('script') ?? []);
  const baseP50 = median(latency.get('script') ?? []);
  const baseP99 = percentile(latency.get('script') ?? [], 99);
  console.log(`passthrough benchmark: ${FILE_MB} MB file via cat, ${ROUNDS} rounds (median); ${TICKS} ticks at 10 ms for latency`);
  console.log('| relay | throughput MB/s | vs script (range) | CPU s per 100 MB | vs script | latency p50 ms | p99 ms | p99 over script ms | peak RSS MB | start+exit ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const relay of RELAYS) {
    const t = median(throughput.get(relay.name) ?? []);
    const l = latency.get(relay.name) ?? [];
    const p99 = percentile(l, 99);
    const r = ratios.get(relay.name) ?? [];
    const range = relay.name === 'script' ? '' : ` (${fmt(Math.min(...r))}–${fmt(Math.max(...r))})`;
    console.log(
      `| ${relay.name} | ${fmt(t, 1)} | ${fmt(median(r))}×${range} | ${fmt(median(cpu.get(relay.name) ?? []))} | ${fmt(median(cpu.get(relay.name) ?? []) / baseCpu)}× | ${fmt(median(l))} | ${fmt(p99)} | ${fmt(p99 - baseP99)} | ${fmt(Math.max(...(rss.get(relay.name) ?? [NaN])), 1)} | ${fmt(median(startup.get(relay.name) ?? []), 0)} |`,
    );
  }
  console.log('CPU counts the relay and the `cat` it runs (the kernel\'s PTY work included): on a loaded machine it moves less than the throughput.');
  console.log('vs script: the median over rounds of each round\'s ratio (the relays of a round run back to back).');
  console.log('start+exit: a child that writes one byte, from the relay\'s exec to the reader\'s end of file (median over rounds); part of each throughput run.');
  console.log(`goals: throughput ≥ 0.80× script; p99 latency ≤ 2 ms over script; RSS ≤ 80 MB (script p50 ${fmt(baseP50)} ms)`);
}

await main();
