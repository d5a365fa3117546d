// CPU time and peak memory of a process, from Linux /proc (undefined elsewhere).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** One reading of a process's cost. */
export interface ProcStats {
  /** utime + stime, in seconds (every thread, the screen worker included). */
  cpuSeconds: number;
  /** VmHWM: peak resident set size, in kB. */
  peakRssKb: number;
}

let clockTicks: number | undefined;

function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const value = Number(out.stdout?.trim());
    clockTicks = Number.isFinite(value) && value > 0 ? value : 100;
  }
  return clockTicks;
}

/** Reads /proc/<pid>/stat (fields 14 and 15 after the command name) and /proc/<pid>/status (VmHWM). */
export function readProcStats(pid: number): ProcStats | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", field 3 (state) is index 0, so utime (14) is index 11 and stime (15) index 12.
    const ticks = Number(fields[11]) + Number(fields[12]);
    const hwm = /^VmHWM:\s+(\d+)\s+kB/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuSeconds: ticks / ticksPerSecond(), peakRssKb: Number(hwm?.[1] ?? NaN) };
  } catch {
    return undefined;
  }
}
