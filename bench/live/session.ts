// One live session: the fake agent under the real shim in a real PTY, a simulated user, everything
// the shim wrote stamped with its arrival time, and the shim's own cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pty from 'node-pty';
import { monotonicMs } from '../../src/demo/clock.js';
import type { TruthEntry } from '../../src/demo/truth-log.js';
import { type ProcStats, readProcStats } from './proc-stats.js';
import { shimCommand, type ShimCommand } from './shim-command.js';
import { OutputTap, type TapRecord } from './tap.js';
import { TruthFollower } from './truth-follower.js';
import { SimulatedUser } from './user.js';
import type { LiveMode } from './modes.js';

/** Everything a session produced, for scoring. Times are system monotonic ms. */
export interface SessionRecord {
  seed: number;
  mode: LiveMode;
  via: ShimCommand['via'];
  truth: TruthEntry[];
  tap: TapRecord;
  start: number;
  end: number;
  exitCode: number;
  /** The shim's pid (node-pty's child) and the fake agent's parent pid from its log: they must agree. */
  shimPid: number;
  agentParentPid: number | undefined;
  /** The shim's cost, read right before `/exit`, and the wall time it covers (seconds). */
  cost: (ProcStats & { wallSeconds: number }) | undefined;
}

/** Runs the session to the end; rejects if it hangs past the mode's timeout. */
export async function runLiveSession(root: string, seed: number, mode: LiveMode): Promise<SessionRecord> {
  const dir = mkdtempSync(join(tmpdir(), 'osf-live-'));
  const truthPath = join(dir, 'truth.jsonl');
  const agentArgs = ['--seed', String(seed), '--truth-log', truthPath, '--time-scale', String(mode.timeScale)];
  const command = shimCommand(root, dir, agentArgs);
  const tap = new OutputTap();
  const start = monotonicMs();
  const term = pty.spawn(command.file, command.args, {
    name: 'xterm-256color',
    cols: mode.cols,
    rows: mode.rows,
    cwd: root,
    env: command.env,
    encoding: null,
  } as pty.IPtyForkOptions);
  term.onData((data) => tap.push(data as unknown as Buffer, monotonicMs()));
  const exited = new Promise<number>((resolve) => term.onExit(({ exitCode }) => resolve(exitCode)));
  let cost: SessionRecord['cost'];
  const readCost = (): void => {
    const stats = readProcStats(term.pid);
    if (stats !== undefined) cost = { ...stats, wallSeconds: (monotonicMs() - start) / 1000 };
  };
  const user = new SimulatedUser(seed, mode, (keys) => term.write(keys), readCost);
  let follower: TruthFollower | undefined;
  let guard: NodeJS.Timeout | undefined;
  try {
    follower = await followWhenCreated(truthPath, (entry) => user.onTruth(entry), exited);
    const hang = new Promise<never>((_, reject) => {
      guard = setTimeout(() => reject(new Error(`the live session did not end within ${mode.timeout} s (hang guard)`)), mode.timeout * 1000);
    });
    const exitCode = await Promise.race([exited, hang]);
    const end = monotonicMs();
    follower.stop();
    const startEntry = follower.entries.find((e) => e.event === 'start');
    return {
      seed,
      mode,
      via: command.via,
      truth: follower.entries,
      tap: tap.record,
      start,
      end,
      exitCode,
      shimPid: term.pid,
      agentParentPid: startEntry?.ppid,
      cost,
    };
  } catch (error) {
    term.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(guard);
    user.stop();
    follower?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How long to wait for the agent to create its truth log (the shim and node start first). */
const TRUTH_LOG_WAIT_MS = 30_000;
const TRUTH_LOG_RETRY_MS = 20;

/** Starts following the truth log once the agent has created it; fails if the shim exits first. */
async function followWhenCreated(path: string, onEntry: (entry: TruthEntry) => void, exited: Promise<number>): Promise<TruthFollower> {
  const deadline = Date.now() + TRUTH_LOG_WAIT_MS;
  let status: number | undefined;
  void exited.then((code) => (status = code));
  for (;;) {
    if (status !== undefined) throw new Error(`the shim exited with status ${status} before the fake agent started`);
    try {
      return new TruthFollower(path, onEntry);
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the fake agent never wrote ${path}: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, TRUTH_LOG_RETRY_MS));
    }
  }
}
