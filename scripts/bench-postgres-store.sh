#!/usr/bin/env bash
# The feed on PostgreSQL against SQLite and against raw libpq (docs/BENCHMARKS.md, "PostgreSQL"), in one run:
# a throwaway cluster (initdb, pg_ctl, default settings but the port and socket), then RUNS rounds, each
# interleaving every side:
#   seed   - raw libpq (scripts/postgres_anchor.c: one prepared INSERT per row, one transaction, insert phase
#            only), the store in process (stackfeed-bench store: FeedItemPlugin.generate, the same), and the
#            whole `stackfeed seed --generate ROWS --no-reference` process on PostgreSQL and on SQLite;
#   page   - a 20-row page: the store's composer in process (stackfeed-bench store, median of 201; the store is
#            seeded with the bundled header, order and 6 feed items too, so the first page is header, feed item,
#            order, 17 feed items), then raw libpq selecting the same rows from that same database
#            (postgres_anchor --pages, median of 200): the first page pgbench-style (BEGIN REPEATABLE READ READ
#            ONLY, the header, 20 feed items, the order with its lines, END: 5 statements, each waited for: 5 round
#            trips) and pipelined (the same 5 in one libpq pipeline: 1 round trip), the middle page as its one
#            SELECT of 21 feed items (1 round trip); also the store's round trips per page (Connection.roundTrips),
#            and the whole `stackfeed list --format json --limit 20` process (median of 11);
#   serve  - /v1/feed?limit=20 requests/s with wrk at 16 connections, one server process (--threads 2) and
#            two (--threads 1 each, 8 connections each, requests/s added), on SQLite and on PostgreSQL.
#
#   scripts/bench-postgres-store.sh                # ROWS=100000 RUNS=5 DURATION=5
# BIN / BENCH: the release binaries (swift build -c release); ANCHOR: scripts/postgres_anchor.c, built with cc
# against libpq-dev. Prints one line per measurement and a min/median/max summary.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/stackfeed}
BENCH=${BENCH:-.build/release/stackfeed-bench}
ANCHOR=${ANCHOR:-scripts/postgres_anchor.c}
ROWS=${ROWS:-100000}
RUNS=${RUNS:-5}
DURATION=${DURATION:-5}
. scripts/postgres-cluster.sh
. scripts/bench-servers.sh
work=$(mktemp -d /tmp/stackfeed-bench-pg.XXXXXX)
results="$work/results.txt"
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  pg_cluster_stop "$work/data"
  rm -rf "$work"
}
trap cleanup EXIT

pg_cluster_start "$work/data" "$work"
port=$pg_port
for database in anchor store cli; do as_server "$pgbin/createdb" -h "$work" -p "$port" -U stackfeed "$database"; done
url() { echo "postgres://stackfeed@127.0.0.1:$port/$1"; }
cc -O2 -std=c11 -I/usr/include/postgresql -o "$work/postgres_anchor" "$ANCHOR" -lpq

record() { echo "$1 $2 $3 $4" >>"$results"; }  # record FIGURE SIDE RUN VALUE
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
median_of() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

rps() { wrk -t"$1" -c"$2" -d"${DURATION}s" "$3" | awk '/Requests\/sec/ {print $2} /Non-2xx/ {print "errors: " $0 > "/dev/stderr"}'; }

echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, $("$pgbin/postgres" --version), rows $ROWS, runs $RUNS"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# binary: $BIN ($(stat -c %s "$BIN") bytes), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
cat <<'LEGEND'
# sides: libpq = scripts/postgres_anchor.c (raw libpq; pages read the store's own database right after the store's
#   run); libpq-pgbench = the first page's 5 statements each waited for, as a pgbench script (BEGIN REPEATABLE READ
#   READ ONLY, header, 20 feed items, order with its lines, END: 5 round trips); libpq-pipelined = the same 5 in
#   one libpq pipeline (1 round trip); store-X = stackfeed-bench store in process; cli-X = a stackfeed process.
# page_*_us: lower is better; *_rows_per_s and feed_rps: higher is better; round_trips_*: per page, store only.
# The target (issue 13): store-postgres >= 0.7x raw libpq; for the first page against libpq-pgbench, both
#   ratios printed.
LEGEND
sqlite="$work/feed.sqlite"
for run in $(seq 1 "$RUNS"); do
  # Seeding: the anchor, then the store in process (which also times its pages); paging: raw libpq on the
  # store's database right after; then the CLI processes.
  insert=$("$work/postgres_anchor" "$(url anchor)" "$ROWS" text 1 | sed -E 's/.* insert_s=([0-9.]+) .*/\1/')
  record seed_rows_per_s libpq "$run" "$(echo "$ROWS / $insert" | bc)"
  for side in postgres sqlite; do
    target=$([ $side = postgres ] && url store || echo "$work/bench.sqlite")
    STACKFEED_BENCH_DB=$target "$BENCH" store --rows "$ROWS" --reps 1 --json >"$work/store.json"
    python3 - "$work/store.json" "$side" "$run" >>"$results" <<'PY'
import json, sys
path, side, run = sys.argv[1:]
names = {"store.seed": "seed_rows_per_s", "store.page.first": "page_first_us", "store.page.middle": "page_middle_us",
         "store.page.first.round_trips": "round_trips_first", "store.page.middle.round_trips": "round_trips_middle"}
for line in open(path):
    figure = json.loads(line)
    print(f"{names[figure['name']]} store-{side} {run} {figure['value']}")
PY
    if [ $side = postgres ]; then
      read -r pgbench pipelined middle < <("$work/postgres_anchor" --pages "$(url store)" 200 | sed -E \
        's/.* page_first_pgbench_us=([0-9.]+) page_first_pipelined_us=([0-9.]+) page_middle_us=([0-9.]+).*/\1 \2 \3/')
      record page_first_us libpq-pgbench "$run" "$pgbench"
      record page_first_us libpq-pipelined "$run" "$pipelined"
      record page_middle_us libpq "$run" "$middle"
    fi
  done
  as_server "$pgbin/dropdb" -h "$work" -p "$port" -U stackfeed cli
  as_server "$pgbin/createdb" -h "$work" -p "$port" -U stackfeed cli
  rm -f "$sqlite"*
  for db in "$(url cli)" "$sqlite"; do
    side=$([ "$db" = "$sqlite" ] && echo sqlite || echo postgres)
    "$BIN" migrate --db "$db" >/dev/null
    took=$(seconds "$BIN" seed --db "$db" --generate "$ROWS" --no-reference)
    record seed_rows_per_s "cli-$side" "$run" "$(echo "$ROWS / $took" | bc)"
    page=$(for _ in $(seq 11); do seconds "$BIN" list --db "$db" --format json --limit 20; done | median_of)
    record page_first_us "cli-$side" "$run" "$(echo "$page * 1000000" | bc)"
  done
  # /v1/feed at 16 connections: one server process, then two.
  for db in "$(url cli)" "$sqlite"; do
    side=$([ "$db" = "$sqlite" ] && echo sqlite || echo postgres)
    serve "$db" 2
    cmp <(curl -s "${urls[0]}/v1/feed?limit=20") <("$BIN" list --db "$db" --format json --limit 20)
    record feed_rps "1-server-$side" "$run" "$(rps 2 16 "${urls[0]}/v1/feed?limit=20")"
    stop_servers
    serve "$db" 1
    serve "$db" 1
    rps 1 8 "${urls[0]}/v1/feed?limit=20" >"$work/a.rps" &
    first_wrk=$!
    rps 1 8 "${urls[1]}/v1/feed?limit=20" >"$work/b.rps"
    wait "$first_wrk"
    record feed_rps "2-servers-$side" "$run" "$(echo "$(cat "$work/a.rps") + $(cat "$work/b.rps")" | bc)"
    stop_servers
  done
  echo "# run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$results" <<'PY'
import collections, statistics, sys
groups = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    figure, side, run, value = line.split()
    groups[(figure, side)][int(run)] = float(value)
print(f"{'figure':<16} {'side':<20} {'min':>12} {'median':>12} {'max':>12}  runs")
for (figure, side), runs in sorted(groups.items()):
    values = list(runs.values())
    print(f"{figure:<16} {side:<20} {min(values):>12.1f} {statistics.median(values):>12.1f} {max(values):>12.1f}  {len(values)}")
# Paired ratios, per run: the store's seed rate over raw libpq's, raw libpq's page time over the store's.
def ratio(figure, side, base, invert):
    a, b = groups.get((figure, side), {}), groups.get((figure, base), {})
    values = [(b[r] / a[r]) if invert else (a[r] / b[r]) for r in a if r in b]
    if values:
        print(f"ratio {figure:<16} {side:<16} vs {base:<15} median {statistics.median(values):.3f}"
              f" [{min(values):.3f}, {max(values):.3f}]  (>= 0.7 is the target; higher is better)")
ratio("seed_rows_per_s", "store-postgres", "libpq", False)
ratio("seed_rows_per_s", "cli-postgres", "libpq", False)
ratio("page_first_us", "store-postgres", "libpq-pgbench", True)
ratio("page_first_us", "store-postgres", "libpq-pipelined", True)
ratio("page_middle_us", "store-postgres", "libpq", True)
PY
