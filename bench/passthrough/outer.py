#!/usr/bin/env python3
"""Benchmark harness: plays a fast, neutral terminal for one relay (osf7501 or script).

Forks a PTY of the given size, execs the command in it, reads the master as fast as the kernel
allows until EOF, and prints one JSON line: bytes read, seconds from spawn to EOF, the relay's peak
RSS (VmHWM of the exec'd process, polled), the CPU seconds of the relay and all it waited for (the
child included), and for latency runs the delay of every `T<ns>` marker
(CLOCK_MONOTONIC nanoseconds written by the child) from the child's write to the read here.
Usage: outer.py COLS ROWS -- COMMAND [ARGS...]
"""
import json, os, resource, pty, re, select, struct, sys, time, fcntl, termios

def main():
    sep = sys.argv.index('--')
    cols, rows = int(sys.argv[1]), int(sys.argv[2])
    cmd = sys.argv[sep + 1:]
    start = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(cmd[0], cmd)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    total = 0
    hwm = 0
    last_poll = 0.0
    delays = []
    pending = b''
    marker = re.compile(rb'T(\d{6,})\r?\n')
    while True:
        now = time.monotonic()
        if now - last_poll > 0.05:
            last_poll = now
            try:
                with open(f'/proc/{pid}/status') as f:
                    for line in f:
                        if line.startswith('VmHWM:'):
                            hwm = max(hwm, int(line.split()[1]))
            except OSError:
                pass
        r, _, _ = select.select([fd], [], [], 0.05)
        if not r:
            continue
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            break
        if not data:
            break
        arrived = time.monotonic_ns()
        total += len(data)
        if b'T' in data or pending:
            pending = (pending + data)[-256:]
            for m in marker.finditer(pending):
                delays.append((arrived - int(m.group(1))) / 1e6)
            last = None
            for m in marker.finditer(pending):
                last = m
            if last:
                pending = pending[last.end():]
    elapsed = time.monotonic() - start
    _, status = os.waitpid(pid, 0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(json.dumps({'bytes': total, 'seconds': elapsed, 'hwm_kb': hwm, 'cpu_s': cpu,
                      'status': os.waitstatus_to_exitcode(status), 'delays_ms': delays}))

main()
