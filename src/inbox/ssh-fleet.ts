// The ssh processes of a fleet (README: Other machines): `ssh -o BatchMode=yes -o ConnectTimeout=N HOST osf7501 ls
// --json` once per host, all at once, each killed at its time limit; and, for `watch`, one `ssh HOST osf7501 watch
// --json` per host kept open, its lines read as they come, restarted a while after it ends. The user's ssh
// configuration (ControlMaster included) applies: only BatchMode and ConnectTimeout are added. `OSF7501_SSH` replaces
// the `ssh` command, run by sh with the arguments after it (as git runs GIT_SSH_COMMAND: `OSF7501_SSH="ssh -F
// ~/.ssh/fleet_config"`). What the output means is fleet.ts's.
import { spawn, type ChildProcess } from 'node:child_process';
import { hostResult, readRemoteList, type HostResult } from './fleet.js';

/** The most one host may cost (ms): ssh's connect timeout is a second under it, then the process is killed. */
export const HOST_LIMIT_MS = 5_000;
/** How long a `watch` waits before it asks a host again after its connection ended (ms). */
const RETRY_MS = 10_000;
/**
 * What runs there before `ls --json` / `watch --json`: osf7501 with OSF7501_HOSTS empty, so the remote lists its own
 * sessions only, never the hosts of its config.toml (two machines naming each other would ask each other forever).
 * `env` works in every login shell (sh, bash, zsh, fish, csh).
 */
const REMOTE_PREFIX = ['env', 'OSF7501_HOSTS=', 'osf7501'];
/** The most output kept from one host (bytes): a session list is a few KB. */
const MAX_OUTPUT = 4 * 1024 * 1024;

/** How ssh is started: `ssh ARGS`, or `OSF7501_SSH` run by sh with ARGS after it (as git runs GIT_SSH_COMMAND). */
function sshArgs(env: Readonly<Record<string, string | undefined>>, host: string, remote: string[], limitMs: number): { file: string; args: string[] } {
  const connect = Math.max(1, Math.floor(limitMs / 1000) - 1);
  const args = ['-o', 'BatchMode=yes', '-o', `ConnectTimeout=${connect}`, host, ...remote];
  const command = env['OSF7501_SSH']?.trim();
  return command ? { file: 'sh', args: ['-c', `exec ${command} "$@"`, 'osf7501-ssh', ...args] } : { file: 'ssh', args };
}

/** Runs `osf7501 ls --json` on one host; resolves (never rejects) within `limitMs`. */
function listHost(host: string, env: NodeJS.ProcessEnv, limitMs: number): Promise<HostResult> {
  return new Promise((resolve) => {
    const { file, args } = sshArgs(env, host, [...REMOTE_PREFIX, 'ls', '--json'], limitMs);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let child: ChildProcess;
    try {
      child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ host, problem: `${host}: cannot run ${file}: ${(error as Error).message}` });
      return;
    }
    const timer = setTimeout(() => {
      // Answered now: a process ssh started (a ProxyCommand) may hold the pipes open after ssh is gone.
      timedOut = true;
      child.kill('SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(hostResult({ host, status: null, stdout, stderr, timedOut, limitMs }, Date.now()));
    }, limitMs);
    child.stdout?.on('data', (chunk: Buffer) => (stdout.length < MAX_OUTPUT ? (stdout += chunk.toString('utf8')) : undefined));
    child.stderr?.on('data', (chunk: Buffer) => (stderr.length < 64 * 1024 ? (stderr += chunk.toString('utf8')) : undefined));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ host, problem: `${host}: cannot run ${file}: ${error.message}` });
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve(hostResult({ host, status, stdout, stderr, timedOut, limitMs }, Date.now()));
    });
  });
}

/** Every host's sessions (or its problem), asked all at once: the slowest host costs at most `limitMs`. */
export function listHosts(hosts: readonly string[], env: NodeJS.ProcessEnv, limitMs = HOST_LIMIT_MS): Promise<HostResult[]> {
  return Promise.all(hosts.map((host) => listHost(host, env, limitMs)));
}

/**
 * `watch`'s hosts: one `ssh HOST osf7501 watch --json` each, kept open; every line it prints is the host's list now.
 * `onChange` gets each host's latest result: its sessions, or the problem when the connection failed or ended (a
 * first list not within `limitMs` counts as failed); it is asked again RETRY_MS later. `dispose()` ends them all.
 */
export class HostFollower {
  private readonly children = new Map<string, ChildProcess>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private disposed = false;

  constructor(
    hosts: readonly string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly onChange: (result: HostResult) => void,
    private readonly limitMs = HOST_LIMIT_MS,
  ) {
    for (const host of hosts) this.follow(host);
  }

  private later(fn: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private follow(host: string): void {
    if (this.disposed) return;
    const { file, args } = sshArgs(this.env, host, [...REMOTE_PREFIX, 'watch', '--json'], this.limitMs);
    let child: ChildProcess;
    try {
      child = spawn(file, args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      this.onChange({ host, problem: `${host}: cannot run ${file}: ${(error as Error).message}` });
      return;
    }
    this.children.set(host, child);
    let pending = '';
    let stderr = '';
    let listed = false;
    let timedOut = false;
    const firstList = this.later(() => {
      if (listed) return;
      timedOut = true;
      child.kill('SIGKILL');
    }, this.limitMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      let end;
      while ((end = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, end).trim();
        pending = pending.slice(end + 1);
        if (line === '') continue;
        listed = true;
        this.onChange(readRemoteList(host, line, Date.now()));
      }
      if (pending.length > MAX_OUTPUT) pending = '';
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr.length < 64 * 1024 ? (stderr += chunk.toString('utf8')) : undefined));
    let failed: string | undefined;
    child.on('error', (error) => (failed = error.message)); // 'close' follows and names it
    child.on('close', (status) => {
      clearTimeout(firstList);
      this.timers.delete(firstList);
      if (this.children.get(host) === child) this.children.delete(host);
      if (this.disposed) return;
      if (failed !== undefined) {
        this.onChange({ host, problem: `${host}: cannot run ${file}: ${failed}` });
        this.later(() => this.follow(host), RETRY_MS);
        return;
      }
      const result = hostResult({ host, status: status === 0 ? 255 : status, stdout: '', stderr: stderr || 'the connection closed', timedOut, limitMs: this.limitMs }, Date.now());
      this.onChange('problem' in result ? result : { host, problem: `${host}: the connection closed` });
      this.later(() => this.follow(host), RETRY_MS);
    });
  }

  /** Ends every connection and retry. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const child of this.children.values()) child.kill();
    this.children.clear();
  }
}
