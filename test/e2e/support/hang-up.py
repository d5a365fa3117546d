#!/usr/bin/env python3
"""Plays a terminal that hangs up: runs COMMAND in a PTY, reads until READY has appeared, then closes the
PTY's master (what a closed window, a killed pane or a dropped ssh connection does: the kernel sends
SIGHUP and the terminal answers EIO from then on). Prints one JSON line: how COMMAND ended, or that it
was still running after the wait (then it is killed).
Usage: hang-up.py WAIT_SECONDS -- COMMAND [ARGS...]
"""
import json, os, pty, select, signal, sys, time

def main():
    sep = sys.argv.index('--')
    wait = float(sys.argv[1])
    cmd = sys.argv[sep + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(cmd[0], cmd)
    seen = b''
    deadline = time.monotonic() + 60
    while b'READY' not in seen and time.monotonic() < deadline:
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            try:
                seen = (seen + os.read(fd, 65536))[-4096:]
            except OSError:
                break
    os.close(fd)
    end = time.monotonic() + wait
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            if os.WIFSIGNALED(status):
                print(json.dumps({'signal': os.WTERMSIG(status)}))
            else:
                print(json.dumps({'status': os.WEXITSTATUS(status)}))
            return
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    print(json.dumps({'stillRunning': True}))

main()
