#!/usr/bin/env bash
# The answer memo under authenticated traffic (docs/BENCHMARKS.md, "The memo under authenticated traffic"): two
# builds of `stackfeed serve`, paired and interleaved (each run starts each binary's server in turn, the order
# alternating from run to run). Each server gets RUNS runs of DURATION seconds (default 70: a used token's
# last use is written once a minute, so every run holds at least one flush) of two wrk clients at once, 8
# connections each (16 in all), both with `Authorization: Bearer` of a read-scope token of the seeded user
# `default`: one on /v1/me/feed?limit=20, one on the cached /v1/feed?limit=20. Per run: the requests/s of both
# together, and the memo's hits and misses of that run (GET /metrics, stackfeed_answer_memo_*_total).
#
#   BASE=/work/baseline/.build/release/stackfeed scripts/bench-memo.sh      # BIN: .build/release/stackfeed
#
# Each binary gets a database of its own (ROWS generated rows, default 10000), made by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/stackfeed}
BASE=${BASE:?BASE: the other stackfeed binary}
RUNS=${RUNS:-3}
DURATION=${DURATION:-70}
ROWS=${ROWS:-10000}
work=$(mktemp -d /tmp/stackfeed-bench-memo.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

declare -A token
for name in base bin; do
  binary=$BASE
  [ "$name" = bin ] && binary=$BIN
  "$binary" seed --db "$work/$name.sqlite" --generate "$ROWS" >/dev/null
  token[$name]=$("$binary" token create --db "$work/$name.sqlite" --user default --scope read 2>/dev/null)
done

metric() {  # metric NAME: the value of the counter NAME on the running server's /metrics
  curl -s "$server/metrics" | awk -v name="$1" '$1 == name { print $2 }'
}

measure() {  # measure NAME RUN: one run of the binary NAME (base or bin)
  local binary=$BASE
  [ "$1" = bin ] && binary=$BIN
  rm -f "$work/serve.log"  # a log left by the server before would give its port
  "$binary" serve --db "$work/$1.sqlite" --port 0 --quiet --threads 2 >/dev/null 2>"$work/serve.log" &
  server_pid=$!
  until grep -q 'serving http' "$work/serve.log"; do sleep 0.05; done
  server=$(grep -o 'http://[^/]*' "$work/serve.log" | head -1)
  local auth="Authorization: Bearer ${token[$1]}"
  local hits0 misses0
  hits0=$(metric stackfeed_answer_memo_hits_total)
  misses0=$(metric stackfeed_answer_memo_misses_total)
  wrk -t1 -c8 -d"${DURATION}s" -H "$auth" "$server/v1/me/feed?limit=20" >"$work/me.txt" &
  local me=$!
  wrk -t1 -c8 -d"${DURATION}s" -H "$auth" "$server/v1/feed?limit=20" >"$work/feed.txt"
  wait "$me"
  local hits misses
  hits=$(($(metric stackfeed_answer_memo_hits_total) - hits0))
  misses=$(($(metric stackfeed_answer_memo_misses_total) - misses0))
  kill "$server_pid"
  wait "$server_pid" || true
  server_pid=""
  python3 - "$1" "$2" "$hits" "$misses" "$work/me.txt" "$work/feed.txt" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import re, sys
name, run, hits, misses, me, feed, load = sys.argv[1:8]
def rps(path):
    text = open(path).read()
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if bad:
        print(f"# {name} run {run}: {bad.group(0)} in {path}", file=sys.stderr)
    return float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
hits, misses = int(hits), int(misses)
print(f"{name} {run} rps_me {rps(me):.1f} rps_feed {rps(feed):.1f} hits {hits} misses {misses} "
      f"hit_rate {hits / max(1, hits + misses):.5f} load {load}", flush=True)
PY
} >>"$work/results.txt"

for run in $(seq 1 "$RUNS"); do
  if [ $((run % 2)) = 1 ]; then order="base bin"; else order="bin base"; fi
  for name in $order; do
    measure "$name" "$run"
    tail -1 "$work/results.txt"
  done
done

python3 - "$work/results.txt" <<'PY'
import statistics, sys, collections
rows = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    f = line.split()
    rows[f[0]][int(f[1])] = {f[i]: float(f[i + 1]) for i in range(2, len(f), 2)}
for name in ("base", "bin"):
    runs = rows[name].values()
    total = [r["rps_me"] + r["rps_feed"] for r in runs]
    print(f"{name}: requests/s (both clients) median {statistics.median(total):.0f} "
          f"[{min(total):.0f}, {max(total):.0f}]; memo hit rate median "
          f"{statistics.median(r['hit_rate'] for r in runs):.5f}; misses median "
          f"{statistics.median(r['misses'] for r in runs):.0f}")
ratios = [(rows["bin"][k]["rps_me"] + rows["bin"][k]["rps_feed"]) / (rows["base"][k]["rps_me"] + rows["base"][k]["rps_feed"])
          for k in rows["bin"] if k in rows["base"]]
print(f"requests/s bin/base per run: {', '.join(f'{r:.3f}' for r in ratios)}; median {statistics.median(ratios):.3f}")
PY
