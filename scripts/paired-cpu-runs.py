#!/usr/bin/env python3
"""Interleaved paired runs: wall and CPU (user+sys from wait4) per process; per-round ratios vs the last command.

    scripts/paired-cpu-runs.py 7 "before=./old list --format json --db F" "after=./new list --format json --db F" "base=sqlite3 -json F 'SELECT …'"
"""
import os, subprocess, sys, time, statistics
rounds = int(sys.argv[1]); specs = [s.split("=", 1) for s in sys.argv[2:]]
res = {l: [] for l, _ in specs}
print(f"# {time.strftime('%H:%M', time.gmtime())} UTC, load {open('/proc/loadavg').read().split()[:3]}, {rounds} rounds")
for _ in range(rounds):
    for label, cmd in specs:
        t = time.perf_counter()
        p = subprocess.Popen(["bash", "-c", cmd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        res[label].append((time.perf_counter() - t, ru.ru_utime + ru.ru_stime))
base = specs[-1][0]
def fmt(xs): xs = sorted(xs); return f"median {statistics.median(xs):.3f} [{xs[0]:.3f}, {xs[-1]:.3f}]"
for label, _ in specs:
    print(f"{label:14} wall {fmt([w for w, _ in res[label]])} s  cpu {fmt([c for _, c in res[label]])} s")
    if label != base:
        print(f"{'':14} ratio to {base}: wall {fmt([a[0] / b[0] for a, b in zip(res[label], res[base])])}"
              f"  cpu {fmt([a[1] / b[1] for a, b in zip(res[label], res[base])])}")
print(f"# load after: {open('/proc/loadavg').read().split()[:3]}")
