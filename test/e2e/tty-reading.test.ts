// Whether the foreground group reads the terminal, read from /proc of real programs in a real PTY: a plain
// read, select (bash's `read -t`), poll (Python's select.poll), an epoll loop (Node), a wrapper's child, a helper
// the leader reads a pipe from (git clone's git-remote-http), and programs that read nothing. Linux only: elsewhere the terminal's reading is not known (spec/signals.md).
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import pty from 'node-pty';
import { foregroundReads } from '../../src/pty/tty-reading.js';

const linux = process.platform === 'linux';
const python = linux && spawnSync('python3', ['-c', 'pass']).status === 0;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let running: pty.IPty | undefined;
afterEach(() => {
  running?.kill('SIGKILL');
  running = undefined;
});

/** Starts `command` in a PTY, waits until it printed `ready` and went quiet, then asks /proc. */
async function readsAfterStart(command: string, args: string[]): Promise<boolean | undefined> {
  const term = pty.spawn(command, args, { cols: 80, rows: 24, env: { ...process.env, PS1: '$ ' } });
  running = term;
  let out = '';
  term.onData((d) => (out += d));
  const deadline = Date.now() + 10_000;
  while (!out.includes('ready') && Date.now() < deadline) await sleep(20);
  expect(out).toContain('ready');
  const pts = (term as unknown as { _pty: string })._pty;
  // The program reaches its wait a moment after it printed: ask until the answer holds twice.
  let last: boolean | undefined;
  for (let i = 0; i < 20; i++) {
    await sleep(100);
    const now = foregroundReads(term.pid, pts);
    if (now === last && i > 2) return now;
    last = now;
  }
  return last;
}

describe.runIf(linux)('foregroundReads on Linux (/proc)', () => {
  test('a read(2) of the terminal (sh read)', async () => {
    expect(await readsAfterStart('sh', ['-c', 'echo ready; read -r x'])).toBe(true);
  });

  test("a select on the terminal (bash's read -t)", async () => {
    expect(await readsAfterStart('bash', ['-c', 'echo ready; read -r -t 30 x'])).toBe(true);
  });

  test.runIf(python)('a poll on the terminal (python3 select.poll)', async () => {
    const script = 'import select,sys\nprint("ready",flush=True)\np=select.poll()\np.register(0,select.POLLIN)\np.poll(30000)';
    expect(await readsAfterStart('python3', ['-c', script])).toBe(true);
  });

  test('an epoll loop with the terminal in it (Node reading stdin)', async () => {
    const script = 'process.stdin.on("data",()=>{});console.log("ready")';
    expect(await readsAfterStart(process.execPath, ['-e', script])).toBe(true);
  });

  test("a wrapper waiting for its child, which reads (sh -c 'sh -c read')", async () => {
    expect(await readsAfterStart('sh', ['-c', 'echo ready; sh -c "read -r x"; echo after'])).toBe(true);
  });

  test("a leader reading a pipe from a helper it started, which reads /dev/tty (git clone's git-remote-http asking)", async () => {
    // The leader (sh) blocks in read(2) of the pipe from its child, not in wait4: the child prompts on /dev/tty.
    expect(await readsAfterStart('sh', ['-c', 'echo ready; x=$(sh -c "read -r y < /dev/tty; echo \\$y")'])).toBe(true);
  });

  test('a program that sleeps, a select on something else, an epoll loop without the terminal: not reading', async () => {
    expect(await readsAfterStart('sh', ['-c', 'echo ready; exec sleep 30'])).toBe(false);
    running?.kill('SIGKILL');
    expect(await readsAfterStart('bash', ['-c', 'echo ready; read -r -t 30 x < <(sleep 40)'])).toBe(false);
    running?.kill('SIGKILL');
    expect(await readsAfterStart(process.execPath, ['-e', 'setTimeout(()=>{},30000);console.log("ready")'])).toBe(false);
  });
});

describe.skipIf(linux)('foregroundReads off Linux', () => {
  test('says nothing (no /proc syscall files): undefined, the screen decides', () => {
    expect(foregroundReads(process.pid, '/dev/ttys000')).toBeUndefined();
  });
});
