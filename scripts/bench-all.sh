#!/usr/bin/env bash
# Every Stackfeed benchmark side by side with its baseline, in ONE run on this machine (interleaved,
# median of RUNS runs), each figure printed with its baseline and the ratio:
#
#   writes   stackfeed seed --generate N (process: start, migration, one transaction)
#            vs sqlite_anchor.c (gcc -O2, raw C API, indexed schema, insert phase only)
#   reads    stackfeed list --format json vs sqlite3 -json printing the same columns (which runs first
#            alternates from run to run); peak RSS
#   start-up stackfeed list --limit 20 (the first page) vs a bare sqlite3 process reading the same 20 rows;
#            stackfeed --help; the shared libraries the binary loads (ldd)
#   paging   stackfeed list --format json --limit 20 --after C (middle) vs sqlite3 running the same keyset
#            query; the last page (depth N) vs the first page
#   format   view-model texts vs a new DateFormatter per call and vs the same texts made the ordinary way with
#            one reused DateFormatter, both sides with Foundation's TimeZone (again with CivilTime's ZoneInfo on
#            Stackfeed's side); the order date alone (stackfeed-bench format)
#   render   stackfeed render --format json of a RENDER_ROWS-row feed, and its split (stackfeed-bench render)
#   layout   scripts/bench-layout.sh (StackLayout vs Yoga, Taffy, Cassowary), unless LAYOUT=0
#   serve    scripts/bench-serve.sh (stackfeed serve vs nginx with wrk), unless SERVE=0
#   postgres scripts/bench-postgres-store.sh (the store on PostgreSQL vs raw libpq and SQLite), unless POSTGRES=0
#   + the in-process splits of stackfeed-bench storage and list, and how each cost grows with N.
#
#   scripts/bench-all.sh                               # N = 10k, 100k, 1M; 5 runs
#   SIZES="10000 100000" RUNS=1 LAYOUT=0 SERVE=0 POSTGRES=0 scripts/bench-all.sh
#
# Environment: SIZES, RUNS (5), PAGE_RUNS (31), RENDER_ROWS (10000), LAYOUT (1), ANCHOR (path to
# sqlite_anchor.c; default: the first of ../shared/bench, ../../shared/bench, /work/shared/bench),
# OUT (also write the raw figures as JSON), WORK (scratch folder; default a temporary one, removed).
# Binaries are the default release build, as docs/DEVELOPING.md says: swift build -c release. Every process is timed
# by wall clock and by its own CPU time (user + system, from wait4); ratios are medians of per-round pairs,
# printed with their min and max.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"10000 100000 1000000"}
RUNS=${RUNS:-5}
PAGE_RUNS=${PAGE_RUNS:-31}
RENDER_ROWS=${RENDER_ROWS:-10000}
LAYOUT=${LAYOUT:-1}

if [ -z "${ANCHOR:-}" ]; then
  for candidate in ../shared/bench ../../shared/bench /work/shared/bench; do
    if [ -f "$candidate/sqlite_anchor.c" ]; then ANCHOR="$candidate/sqlite_anchor.c"; break; fi
  done
fi
if [ -z "${ANCHOR:-}" ] || [ ! -f "$ANCHOR" ]; then
  echo "bench-all: sqlite_anchor.c not found; set ANCHOR=/path/to/sqlite_anchor.c" >&2
  exit 66
fi
command -v sqlite3 >/dev/null || { echo "bench-all: the sqlite3 command-line tool is needed" >&2; exit 69; }

# The default release build (Package.swift links the Swift runtime into the stackfeed command; see
# docs/BENCHMARKS.md, "Start-up").
BUILD=(swift build -c release)
echo "bench-all: ${BUILD[*]}" >&2
"${BUILD[@]}" >&2
BIN=$("${BUILD[@]}" --show-bin-path)

if [ -z "${WORK:-}" ]; then
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
else
  mkdir -p "$WORK"
fi
gcc -O2 -std=c11 -o "$WORK/sqlite_anchor" "$ANCHOR" -lsqlite3

LAYOUT_TEXT="$WORK/layout.txt"
if [ "$LAYOUT" = 1 ]; then
  echo "bench-all: scripts/bench-layout.sh" >&2
  if [ -z "${BENCH_VENV:-}" ] && [ ! -x .venv-bench/bin/python ]; then
    for venv in ../*/.venv-bench /work/wt/*/.venv-bench; do
      if [ -x "$venv/bin/python" ]; then export BENCH_VENV="$venv"; break; fi
    done
  fi
  scripts/bench-layout.sh >"$LAYOUT_TEXT"
fi

TMPDIR="$WORK" python3 - "$BIN" "$WORK" "$RUNS" "$PAGE_RUNS" "$RENDER_ROWS" "${OUT:-}" $SIZES <<'PY'
import json, os, platform, re, statistics, subprocess, sys, time

bin_dir, work, runs, page_runs, render_rows, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
sizes = [int(s) for s in sys.argv[7:]]
stackfeed, bench, anchor = f"{bin_dir}/stackfeed", f"{bin_dir}/stackfeed-bench", f"{work}/sqlite_anchor"
columns = "id, title, subtitle, tag, image"
med = statistics.median

def run(cmd, rss=False):
    """Wall seconds of one process, and its peak RSS in MB (through /usr/bin/time) when asked."""
    rss_file = f"{work}/rss.txt"
    full = ["/usr/bin/time", "-f", "%M", "-o", rss_file] + cmd if rss else cmd
    start = time.perf_counter()
    proc = subprocess.run(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"bench-all: {' '.join(cmd)} failed: {proc.stderr.decode()}")
    if not rss:
        return wall, None
    with open(rss_file) as f:
        return wall, int(f.read().split()[-1]) / 1024

def timed(cmd):
    """Wall seconds and CPU seconds (user + system, from wait4) of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"bench-all: {' '.join(cmd)} failed (status {status})")
    return wall, usage.ru_utime + usage.ru_stime

def rounds(commands, count):
    """Runs every command once per round, `count` rounds after one warm-up, the order rotated each round."""
    names = list(commands)
    times = {name: {"wall": [], "cpu": []} for name in names}
    for index in range(count + 1):
        for name in names[index % len(names):] + names[:index % len(names)]:
            wall, cpu = timed(commands[name])
            if index > 0:
                times[name]["wall"].append(wall)
                times[name]["cpu"].append(cpu)
    return times

def paired(a, b):
    """Median, min and max of the per-round ratios a/b."""
    ratios = [x / y for x, y in zip(a, b) if y > 0]
    return med(ratios), min(ratios), max(ratios)

def remove(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)

def bench_figures(name, rows, reps):
    proc = subprocess.run([bench, name, "--rows", str(rows), "--reps", str(reps), "--json"], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"bench-all: stackfeed-bench {name} failed: {proc.stderr}")
    return {json.loads(l)["name"] + " " + json.loads(l)["unit"]: json.loads(l)["value"] for l in proc.stdout.splitlines()}

load = os.getloadavg()
libraries = [line.split()[0] for line in subprocess.run(["ldd", stackfeed], capture_output=True, text=True).stdout.splitlines()]
sqlite_version = subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[0]
raw = {"sizes": sizes, "runs": runs, "load_before": load, "results": {}}
rows_out = []
for n in sizes:
    print(f"bench-all: {n} rows", file=sys.stderr)
    r = {k: [] for k in ["anchor_insert", "anchor_select", "seed", "list", "list_rss", "sqlite_json", "sqlite_rss"]}
    db, adb = f"{work}/feed-{n}.sqlite", f"{work}/anchor-{n}.sqlite"
    middle = n // 2
    cursor = f"feed_item:{middle}:{middle}:{middle}"
    keyset = f"SELECT {columns}, position FROM feed_item WHERE position > {middle} ORDER BY position LIMIT 21"
    for i in range(runs):
        a = subprocess.run([anchor, adb, str(n), "indexed"], capture_output=True, text=True, check=True).stdout
        fields = dict(kv.split("=", 1) for kv in a.split())
        r["anchor_insert"].append(float(fields["insert_rows_per_s"]))
        r["anchor_select"].append(float(fields["select_rows_per_s"]))
        remove(adb)
        remove(db)
        wall, _ = run([stackfeed, "seed", "--generate", str(n), "--db", db])
        r["seed"].append(n / wall)
        # The pair's order alternates from run to run: neither side always reads the file the other just read.
        pair = [("list", "list_rss", [stackfeed, "list", "--format", "json", "--db", db]),
                ("sqlite_json", "sqlite_rss", ["sqlite3", "-json", db, f"SELECT {columns} FROM feed_item ORDER BY position"])]
        for key, rss_key, command in (pair if i % 2 == 0 else pair[::-1]):
            wall, rss = run(command, rss=True)
            r[key].append(wall); r[rss_key].append(rss)
    # Start-up and paging: short processes, interleaved in rounds (wall and CPU time of each).
    last = int(subprocess.run(["sqlite3", db, "SELECT max(position) FROM feed_item"], capture_output=True, text=True,
                              check=True).stdout) - 20
    pages = rounds({
        "first": [stackfeed, "list", "--limit", "20", "--db", db],
        "sqlite_first": ["sqlite3", db, f"SELECT {columns} FROM feed_item ORDER BY position LIMIT 20"],
        "deep": [stackfeed, "list", "--limit", "20", "--after", f"feed_item:{last}:{last}:{last}", "--db", db],
        "page": [stackfeed, "list", "--format", "json", "--limit", "20", "--after", cursor, "--db", db],
        "sqlite_page": ["sqlite3", "-json", db, keyset],
        "help": [stackfeed, "--help"],
    }, page_runs)
    r["pages"] = pages
    m = {k: med(v) for k, v in r.items() if k != "pages"}
    m["pages"] = pages
    m.update(bench_figures("format", n, 3))
    m.update(bench_figures("storage", n, 1))
    m.update(bench_figures("list", n, 1))
    raw["results"][n] = {"runs": r, "bench": {k: v for k, v in m.items() if " " in k}, "last_page_after": last}
    rows_out.append((n, m))
    remove(db)

render_db = f"{work}/render-{render_rows}.sqlite"
run([stackfeed, "seed", "--db", render_db])
run([stackfeed, "seed", "--generate", str(render_rows), "--db", render_db])
render_walls = [run([stackfeed, "render", "--format", "json", "--db", render_db])[0] for _ in range(runs)]
render = bench_figures("render", render_rows, 3)
raw["render"] = {"process_s": render_walls, "bench": render}
load_after = os.getloadavg()
raw["load_after"] = load_after

def fmt(v, digits=2):
    return f"{v:,.{digits}f}"

print(f"# Stackfeed vs baselines, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
      f"{os.cpu_count()} cores, SQLite {sqlite_version}")
print(f"# load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; "
      f"{runs} interleaved runs ({page_runs} rounds for start-up and pages); default release build (swift build -c release)")
print(f"# stackfeed loads {len(libraries)} shared libraries: {' '.join(libraries)}")
print("# ratio: median of the per-run (per-round) ratios [min, max]; Stackfeed and baseline: medians")
print()
print(f"{'figure':<52}{'rows':>10}{'Stackfeed':>12}{'baseline':>12}  {'ratio':>6} {'[min, max]':<15} target")

def line(label, n, ours, theirs, ratio, target, digits=2):
    print(f"{label:<52}{n:>10,}{fmt(ours, digits):>12}{fmt(theirs, digits):>12}  {ratio[0]:>6.2f} "
          f"{f'[{ratio[1]:.2f}, {ratio[2]:.2f}]':<15} {target}")

for n, m in rows_out:
    p = m["pages"]
    ms = lambda name, kind="wall": med(p[name][kind]) * 1e3
    line("seed --generate, rows/s (vs C insert)", n, m["seed"], m["anchor_insert"],
         paired(raw["results"][n]["runs"]["seed"], raw["results"][n]["runs"]["anchor_insert"]), ">= 0.70", 0)
    line("list --format json, s (vs sqlite3 -json)", n, m["list"], m["sqlite_json"],
         paired(raw["results"][n]["runs"]["list"], raw["results"][n]["runs"]["sqlite_json"]), "<= 1.5", 3)
    for kind in ("wall", "cpu"):
        line(f"list --limit 20, first page, ms {kind} (vs sqlite3)", n, ms("first", kind), ms("sqlite_first", kind),
             paired(p["first"][kind], p["sqlite_first"][kind]), "<= 2")
    for kind in ("wall", "cpu"):
        line(f"list --limit 20 --after last-20, ms {kind} (vs first)", n, ms("deep", kind), ms("first", kind),
             paired(p["deep"][kind], p["first"][kind]), "<= 1.2")
    line("list --format json --limit 20 --after middle, ms", n, ms("page"), ms("sqlite_page"),
         paired(p["page"]["wall"], p["sqlite_page"]["wall"]), "<= 2")
    line("stackfeed --help, ms (vs the first page of sqlite3)", n, ms("help"), ms("sqlite_first"),
         paired(p["help"]["wall"], p["sqlite_first"]["wall"]), "")
    print(f"{'view-model texts, ns/row (vs DateFormatter per call)':<52}{n:>10,}{fmt(m['format.viewmodels ns/row'], 0):>12}"
          f"{fmt(m['format.naive ns/row'], 0):>12}  {m['format.speedup x']:>5.1f}x {'':<15} >= 20x")
    print(f"{'view-model texts, ns/row (vs one reused DateFormatter)':<52}{n:>10,}{fmt(m['format.viewmodels ns/row'], 0):>12}"
          f"{fmt(m['format.reused ns/row'], 0):>12}  {m['format.speedup.reused x']:>5.1f}x {'':<15} >= 3x")
    print(f"{'  the same, Stackfeed with ZoneInfo (the CLI zones)':<52}{n:>10,}{fmt(m['format.viewmodels.zoneinfo ns/row'], 0):>12}"
          f"{fmt(m['format.reused ns/row'], 0):>12}  {m['format.speedup.reused.zoneinfo x']:>5.1f}x")
    print(f"{'order date alone, ns/date (vs one reused DateFormatter)':<52}{n:>10,}{fmt(m['format.date.stackfeed ns/date'], 0):>12}"
          f"{fmt(m['format.date.reused ns/date'], 0):>12}  {m['format.date.speedup.reused x']:>5.1f}x {'':<15}")
print()
base_rss = dict(rows_out).get(100000, {}).get("list_rss")
print(f"{'peak RSS of list --format json, MB':<46}{'rows':>10}{'Stackfeed':>14}{'sqlite3':>14}  {'vs 100k':>7}  target")
for n, m in rows_out:
    growth = m["list_rss"] / base_rss if base_rss else float("nan")
    print(f"{'':<46}{n:>10,}{fmt(m['list_rss'], 1):>14}{fmt(m['sqlite_rss'], 1):>14}  {growth:>7.2f}  {'<= 1.3 at 1M' if n == 1000000 else ''}")
print()
print("how each cost grows (Stackfeed; in-process figures from stackfeed-bench)")
print(f"{'rows':>10}{'seed s':>9}{'gen rows/s':>12}{'read rows/s':>13}{'list s':>9}{'list rows/s':>13}{'compose r/s':>13}{'page ms':>9}{'in-proc page us':>17}{'format ns/row':>15}")
for n, m in rows_out:
    print(f"{n:>10,}{n / m['seed']:>9.2f}{fmt(m['storage.generate rows/s'], 0):>12}{fmt(m['storage.read rows/s'], 0):>13}"
          f"{m['list']:>9.3f}{fmt(m['list.json rows/s'], 0):>13}{fmt(m['list.compose rows/s'], 0):>13}"
          f"{med(m['pages']['page']['wall']) * 1e3:>9.2f}{m['storage.page us/page']:>17.0f}{m['format.viewmodels ns/row']:>15.0f}")
print()
rows_rendered = render_rows + 8
wall = med(render_walls)
print(f"render --format json, {rows_rendered:,} rows: process {wall:.3f} s = {rows_rendered / wall:,.0f} rows/s; "
      f"in process {render['render.total rows/s']:,.0f} rows/s")
parts = [("load (read + card trees)", "render.load us/row"), ("layout (without text)", "render.layout us/row"),
         ("text measurement", "render.text us/row"), ("JSON encoding", "render.encode us/row")]
total = sum(render[k] for _, k in parts)
for label, key in parts:
    print(f"  {label:<28}{render[key]:>9.2f} us/row {100 * render[key] / total:>5.1f}%")
if out:
    with open(out, "w") as f:
        json.dump(raw, f, indent=1)
PY

if [ "$LAYOUT" = 1 ]; then
  echo
  cat "$LAYOUT_TEXT"
fi

# The two suites with servers of their own, each side by side with its baseline in its own script: the HTTP
# server against nginx (wrk), and the store on PostgreSQL against raw libpq (a throwaway cluster). SERVE=0 or
# POSTGRES=0 leaves one out; without its programs it is left out, saying so.
if [ "${SERVE:-1}" = 1 ]; then
  if command -v wrk >/dev/null && command -v nginx >/dev/null; then
    echo
    BIN="$BIN/stackfeed" scripts/bench-serve.sh
  else
    echo "bench-all: the HTTP suite needs wrk and nginx (apt-get install wrk nginx): left out" >&2
  fi
fi
if [ "${POSTGRES:-1}" = 1 ]; then
  if [ -n "$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null)" ]; then
    echo
    BENCH="$BIN/stackfeed-bench" BIN="$BIN/stackfeed" scripts/bench-postgres-store.sh
  else
    echo "bench-all: the PostgreSQL suite needs postgresql (apt-get install postgresql): left out" >&2
  fi
fi
