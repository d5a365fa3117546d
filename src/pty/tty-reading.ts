// Linux: whether a process of the terminal's foreground group waits for the terminal's input (/proc, no ptrace).
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';

/** System call numbers that read a file descriptor (its first argument), and those that wait on an epoll set. */
interface SyscallTable {
  read: ReadonlySet<number>;
  epoll: ReadonlySet<number>;
  /** wait4/waitid: a wrapper waiting for its child (npm, sh -c): that child may be the one reading. */
  wait: ReadonlySet<number>;
  /** poll/ppoll (an array of pollfd), select/pselect6 (an fd_set of readers): `read -t`, ssh, many C programs. */
  poll: ReadonlySet<number>;
  select: ReadonlySet<number>;
}

/** x86_64 and arm64 (asm/unistd.h): read, readv, pread64, preadv; epoll_wait, epoll_pwait, epoll_pwait2; wait4, waitid; poll, ppoll; select, pselect6. */
const SYSCALLS: Readonly<Record<string, SyscallTable>> = {
  x64: { read: new Set([0, 19, 17, 295]), epoll: new Set([232, 281, 441]), wait: new Set([61, 247]), poll: new Set([7, 271]), select: new Set([23, 270]) },
  arm64: { read: new Set([63, 65, 67, 69]), epoll: new Set([22, 441]), wait: new Set([260, 95]), poll: new Set([73]), select: new Set([72]) },
};

/** At most this many processes of the group are looked at (a pipeline, a wrapper and its child). */
const MAX_GROUP_MEMBERS = 16;
/** At most this many descriptors of a poll or select are looked at (a prompt waits on a few). */
const MAX_WAITED_FDS = 256;
const POLLIN = 0x1;

/** What one thread is doing, from its /proc/PID/task/TID/syscall line. */
type ThreadWait =
  | { kind: 'read' | 'epoll' | 'wait'; fd: number }
  /** poll(fds, nfds): the pollfd array's address; select(nfds, readfds): the reader set's address. */
  | { kind: 'poll' | 'select'; address: number; count: number }
  | { kind: 'other' };

function threadWait(line: string, table: SyscallTable): ThreadWait {
  const fields = line.trim().split(' ');
  const nr = Number(fields[0]);
  if (!Number.isInteger(nr)) return { kind: 'other' }; // `running`, or -1 (not in a system call)
  const arg = (i: number): number => Number.parseInt(fields[i] ?? '', 16);
  const fd = arg(1);
  if (table.read.has(nr)) return { kind: 'read', fd };
  if (table.epoll.has(nr)) return { kind: 'epoll', fd };
  if (table.wait.has(nr)) return { kind: 'wait', fd };
  if (table.poll.has(nr)) return { kind: 'poll', address: arg(1), count: arg(2) };
  if (table.select.has(nr)) return { kind: 'select', address: arg(2), count: arg(1) };
  return { kind: 'other' };
}

/** `length` bytes of process `pid`'s memory at `address` (/proc/PID/mem: the shim is the program's ancestor). */
function peek(pid: number, address: number, length: number): Buffer | undefined {
  if (!Number.isSafeInteger(address) || address <= 0 || length <= 0) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${pid}/mem`, 'r');
    const bytes = Buffer.alloc(length);
    return readSync(fd, bytes, 0, length, address) === length ? bytes : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The descriptors a poll or select waits to read, from the program's memory; undefined when it cannot be read. */
function waitedReaders(pid: number, wait: { kind: 'poll' | 'select'; address: number; count: number }): number[] | undefined {
  const count = Math.min(wait.count, MAX_WAITED_FDS);
  if (!(count > 0)) return [];
  if (wait.kind === 'poll') {
    const fds = peek(pid, wait.address, count * 8); // struct pollfd { int fd; short events; short revents; }
    if (fds === undefined) return undefined;
    const found: number[] = [];
    for (let i = 0; i < count; i++) if ((fds.readInt16LE(i * 8 + 4) & POLLIN) !== 0) found.push(fds.readInt32LE(i * 8));
    return found;
  }
  const set = peek(pid, wait.address, Math.ceil(count / 8)); // fd_set: one bit per descriptor below nfds
  if (set === undefined) return wait.address === 0 ? [] : undefined;
  const found: number[] = [];
  for (let fd = 0; fd < count; fd++) if (((set[fd >> 3] ?? 0) & (1 << (fd & 7))) !== 0) found.push(fd);
  return found;
}

/** A descriptor of the terminal: its slave, or `/dev/tty` (the controlling terminal, which getpass and ssh open). */
function isTerminal(link: string | undefined, pts: string): boolean {
  return link === pts || link === '/dev/tty';
}

function linkOf(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/** An epoll set (its /proc/PID/fdinfo) holds a descriptor of the terminal, waiting for input (EPOLLIN). */
function epollWatchesTerminal(pid: number, epfd: number, pts: string): boolean {
  let info: string;
  try {
    info = readFileSync(`/proc/${pid}/fdinfo/${epfd}`, 'utf8');
  } catch {
    return false;
  }
  for (const line of info.split('\n')) {
    const m = /^tfd:\s*(\d+)\s+events:\s*([0-9a-f]+)/u.exec(line);
    if (m === null || (Number.parseInt(m[2] ?? '0', 16) & 0x1) === 0) continue;
    if (isTerminal(linkOf(`/proc/${pid}/fd/${m[1]}`), pts)) return true;
  }
  return false;
}

/**
 * One process: reading the terminal (true), not (false), waiting on a process it started ('helper': for a child's
 * exit, or reading a pipe, as `git clone` reads git-remote-http's), or unreadable (undefined).
 */
function processReads(pid: number, pts: string, table: SyscallTable): boolean | 'helper' | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let readable = false;
  let helper = false;
  /** A poll or select whose descriptors could not be read: it may wait for the terminal. */
  let unsure = false;
  for (const tid of tids) {
    let line: string;
    try {
      line = readFileSync(`/proc/${pid}/task/${tid}/syscall`, 'utf8');
    } catch {
      continue; // another user's process (setuid sudo), or the thread has gone
    }
    readable = true;
    const wait = threadWait(line, table);
    if (wait.kind === 'read') {
      const link = linkOf(`/proc/${pid}/fd/${wait.fd}`);
      if (isTerminal(link, pts)) return true;
      if (link?.startsWith('pipe:') === true) helper = true;
    }
    if (wait.kind === 'wait') helper = true;
    if (wait.kind === 'epoll' && epollWatchesTerminal(pid, wait.fd, pts)) return true;
    if (wait.kind === 'poll' || wait.kind === 'select') {
      const readers = waitedReaders(pid, wait);
      if (readers === undefined) unsure = true;
      else if (readers.some((fd) => isTerminal(linkOf(`/proc/${pid}/fd/${fd}`), pts))) return true;
    }
  }
  if (!readable || unsure) return undefined;
  return helper ? 'helper' : false;
}

/** The other processes of process group `pgid` (field 5 of /proc/PID/stat), found by one pass over /proc. */
function groupMembers(pgid: number): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const name of entries) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === pgid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) found.push(pid);
    } catch {
      continue;
    }
    if (found.length >= MAX_GROUP_MEMBERS) break;
  }
  return found;
}

/**
 * Whether the foreground group `pgid` waits for input from the terminal `pts` (`/dev/pts/N`): a thread of its
 * leader (any thread: Go programs read on another) blocked in a read of the terminal or in an epoll wait on it;
 * when the leader waits on a process it started instead (for its exit: npm, `sh -c`; reading a pipe from it: `git
 * clone`, whose `git-remote-http` asks for a username on /dev/tty), the group's other processes the same way.
 * Undefined when the leader could not be read (another user's process), or off Linux.
 */
export function foregroundReads(pgid: number, pts: string, arch: string = process.arch): boolean | undefined {
  const table = SYSCALLS[arch];
  if (table === undefined) return undefined;
  const leader = processReads(pgid, pts, table);
  // Only a leader that waits on a process it started costs a pass over /proc (a quiet build polled 4 times a second).
  if (leader !== 'helper') return leader;
  for (const pid of groupMembers(pgid)) if (processReads(pid, pts, table) === true) return true;
  return false;
}
