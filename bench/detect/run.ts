// Benchmark: how fast the shim reports a permission prompt, and what a 10 Hz spinner costs it.
// Side by side: the shim with reports, the shim with --no-report, and util-linux `script`.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, cpuTicks, firstReport, percentile, runInOuterPty } from '../outer-pty.js';

const CHILD = join(ROOT, 'bench', 'detect', 'child.mjs');
const ROUNDS = Number(process.env['DETECT_ROUNDS'] ?? 10);
const CLK_TCK = 100;
/** Start-up time left out of the CPU figure. */
const WARMUP_MS = 2000;

interface Run {
  latenciesMs: number[];
  missed: number;
  cpuPercent: number;
  wallSeconds: number;
}

async function runOnce(command: string[]): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'osf-detect-'));
  const log = join(dir, 'prompts.log');
  const run = runInOuterPty(command, { env: { DETECT_LOG: log, DETECT_ROUNDS: String(ROUNDS) } });
  let startTicks = 0;
  // CPU is counted from after start-up (node, the screen worker, the rules) to the exit.
  setTimeout(() => {
    startTicks = cpuTicks(run.term.pid);
  }, WARMUP_MS);
  let lastTicks = 0;
  const sampler = setInterval(() => {
    try {
      lastTicks = cpuTicks(run.term.pid);
    } catch {
      // exited
    }
  }, 100);
  const { wallSeconds: wall } = await run.exited;
  clearInterval(sampler);
  const prompts = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map(BigInt);
  const latencies: number[] = [];
  let missed = 0;
  for (let i = 0; i < prompts.length; i++) {
    const p = prompts[i] as bigint;
    const next = prompts[i + 1] ?? BigInt(Number.MAX_SAFE_INTEGER) * 1000n;
    const hit = firstReport(run.reports, p, next, (r) => r.state === 'blocked');
    if (hit === undefined) missed++;
    else latencies.push(Number(hit.at - p) / 1e6);
  }
  const cpuSeconds = (lastTicks - startTicks) / CLK_TCK;
  return { latenciesMs: latencies, missed, cpuPercent: (100 * cpuSeconds) / Math.max(0.001, wall - WARMUP_MS / 1000), wallSeconds: wall };
}

const variants: Array<{ name: string; command: string[] }> = [
  { name: 'script (no classification)', command: ['script', '-q', '-c', `node ${CHILD}`, '/dev/null'] },
  { name: 'osf7501 --no-report', command: [process.execPath, BIN, '--no-report', 'node', CHILD] },
  { name: 'osf7501 --rules claude-code', command: [process.execPath, BIN, '--rules', 'claude-code', 'node', CHILD] },
];

console.log(`detection benchmark: ${ROUNDS} prompts, each after 3 s of a 10 Hz spinner (~60 B a frame); 100x30`);
console.log('| relay | prompts reported | median latency ms | max latency ms | CPU % of one core |');
console.log('| --- | --- | --- | --- | --- |');
for (const v of variants) {
  const r = await runOnce(v.command);
  const detected = r.latenciesMs.length;
  const lat = detected === 0 ? ['-', '-'] : [percentile(r.latenciesMs, 50).toFixed(0), Math.max(...r.latenciesMs).toFixed(0)];
  const reported = v.name.startsWith('osf7501 --rules') ? `${detected}/${detected + r.missed}` : 'n/a';
  console.log(`| ${v.name} | ${reported} | ${lat[0]} | ${lat[1]} | ${r.cpuPercent.toFixed(2)} |`);
}
console.log('goals: every prompt reported; median ≤ 150 ms, max ≤ 800 ms from the prompt\'s last byte; ≤ 2 % of one core');
