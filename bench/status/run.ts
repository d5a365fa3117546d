// Benchmark: the CPU one tmux status refresh costs, `#(osf7501 status --tmux)` as tmux runs it (`/bin/sh -c
// <command>`), with several live sessions and a stale one in the registry: the launcher's shell part (no Node)
// against the Node path (`node bin/osf7501 status --tmux`, what every call cost before the shell part answered
// it), next to `sh -c true` (the floor of any `#()`). CPU is user+sys of the calls and everything they start,
// read from bash's `times` over a batch; the variants' batches run round-robin so load hits them alike.
//
//   npm run -s bench:status            (or: node dist/bench/status/run.js [--n 200] [--sessions 6])
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RegistryPublisher } from '../../src/inbox/registry.js';
import type { State } from '../../src/protocol/types.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'osf7501');
const arg = (name: string, fallback: number): number => Number(process.argv[process.argv.indexOf(name) + 1] ?? '') || fallback;
/** Calls per variant in all; a batch of BATCH calls per variant per round. */
const N = arg('--n', 200);
const SESSIONS = arg('--sessions', 6);
const BATCH = 20;
/** The goal of issue #30: one refresh costs at most this much CPU. */
const GOAL_MS = 10;

interface Variant {
  name: string;
  command: string;
}

const VARIANTS: Variant[] = [
  { name: 'sh -c true (floor)', command: 'true' },
  { name: 'Node path: node bin/osf7501 status --tmux', command: `'${process.execPath}' '${BIN}' status --tmux` },
  { name: 'shell part: bin/osf7501 status --tmux', command: `'${BIN}' status --tmux` },
];

/** CPU ms (user+sys of the children) of `count` runs of `sh -c COMMAND`, from bash's `times`. */
function batchCpuMs(command: string, count: number, env: NodeJS.ProcessEnv): number {
  const script = `i=0; while [ $i -lt ${count} ]; do sh -c "$1" >/dev/null || exit 1; i=$((i+1)); done; times`;
  const r = spawnSync('bash', ['-c', script, 'bench', command], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench:status: ${command} failed: ${r.stderr}`);
  const children = r.stdout.trim().split('\n')[1] ?? '';
  const seconds = [...children.matchAll(/([0-9]+)m([0-9.]+)s/gu)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (seconds.length !== 2) throw new Error(`bench:status: cannot read bash's times: ${r.stdout}`);
  return ((seconds[0] ?? 0) + (seconds[1] ?? 0)) * 1000;
}

function main(): void {
  if (spawnSync('bash', ['-c', 'true']).status !== 0) throw new Error('bench:status needs bash (for its `times`)');
  const xdg = mkdtempSync(join(tmpdir(), 'osf-bench-status-'));
  const dir = join(xdg, 'osf7501');
  mkdirSync(dir, { mode: 0o700 });
  const children: ChildProcess[] = [];
  const publishers: RegistryPublisher[] = [];
  try {
    const states: State[] = ['working', 'blocked', 'done', 'working', 'error', 'idle'];
    for (let i = 0; i < SESSIONS; i++) {
      const child = spawn('sleep', ['3600'], { stdio: 'ignore' });
      children.push(child);
      const pid = child.pid ?? 0;
      const p = new RegistryPublisher({ id: `${pid}-be0c${i.toString(16).padStart(4, '0')}`, pid, app: 'claude', command: ['claude'], cwd: ROOT }, { dir });
      p.report({ state: states[i % states.length] ?? 'working' }, 'screen');
      publishers.push(p);
    }
    const dead = spawnSync('true').pid ?? 1;
    new RegistryPublisher({ id: `${dead}-dead0001`, pid: dead, app: 'claude', command: ['claude'], cwd: ROOT }, { dir }).report({ state: 'blocked' }, 'screen'); // stays: its shim "crashed"

    const env = { ...process.env, XDG_RUNTIME_DIR: xdg };
    const lines = VARIANTS.slice(1).map((v) => spawnSync('sh', ['-c', v.command], { env, encoding: 'utf8' }).stdout);
    if (lines[0] !== lines[1]) throw new Error(`bench:status: the two paths disagree: ${JSON.stringify(lines)}`);
    for (const v of VARIANTS) batchCpuMs(v.command, 2, env); // warm-up: page cache, node's compile cache
    const cpu = VARIANTS.map(() => 0);
    const calls = VARIANTS.map(() => 0);
    while ((calls[0] ?? 0) < N) {
      VARIANTS.forEach((v, i) => {
        cpu[i] = (cpu[i] ?? 0) + batchCpuMs(v.command, BATCH, env);
        calls[i] = (calls[i] ?? 0) + BATCH;
      });
    }
    const perCall = cpu.map((c, i) => c / (calls[i] ?? 1));
    const node = perCall[1] ?? NaN;
    console.log(`tmux status refresh: CPU ms (user+sys, the call and all it starts) per \`sh -c '<command>'\`, ${N} calls per row in batches of ${BATCH}, round-robin`);
    console.log(`${SESSIONS} live sessions and a stale one; the line: ${(lines[0] ?? '').trim()}`);
    console.log(`node ${process.version}, ${process.platform}/${process.arch}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('');
    console.log(`${'variant'.padEnd(44)} ${'CPU ms'.padStart(7)} ${'× Node'.padStart(7)}`);
    VARIANTS.forEach((v, i) => console.log(`${v.name.padEnd(44)} ${(perCall[i] ?? NaN).toFixed(2).padStart(7)} ${((perCall[i] ?? NaN) / node).toFixed(2).padStart(7)}`));
    const shell = perCall[2] ?? NaN;
    console.log('');
    console.log(`goal: at most ${GOAL_MS} ms a refresh: ${shell <= GOAL_MS ? 'met' : 'NOT met'} (${shell.toFixed(2)} ms)`);
  } finally {
    for (const p of publishers) p.dispose();
    for (const c of children) c.kill('SIGKILL');
    rmSync(xdg, { recursive: true, force: true });
  }
}

main();
