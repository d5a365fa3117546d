#!/usr/bin/env python3
"""Benchmark child: writes `T<monotonic ns>` every 10 ms, N times, then exits."""
import os, sys, time
n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
for _ in range(n):
    os.write(1, b'T%d\n' % time.monotonic_ns())
    time.sleep(0.01)
