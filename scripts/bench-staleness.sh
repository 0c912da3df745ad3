#!/usr/bin/env bash
# How stale a remembered answer on PostgreSQL gets (docs/HTTP.md, "Reading your own writes"; docs/BENCHMARKS.md,
# "PostgreSQL reads without a round trip"): two `stackfeed serve` over one database of a throwaway cluster
# (default settings, 127.0.0.1), A and B. COMMITS times: `POST /v1/feed-items` on A (an admin token), then
# `GET /v1/feed?limit=5` of B (remembered, no round trip) asked again and again over one kept-alive connection
# until the new item is in it. Prints, per figure, the time from A's 201 arriving to B's first answer with the
# item (the staleness a client sees: B's listener hearing the commit, plus one request), min/median/p99/max, and
# how many of the answers asked in between were old. With LOAD=1 the same again while wrk asks B for that
# page at 16 connections (the listener's thread then shares the two cores with the server's workers).
#
#   scripts/bench-staleness.sh           # COMMITS=300, BIN=.build/release/stackfeed
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/stackfeed}
COMMITS=${COMMITS:-300}
LOAD=${LOAD:-1}
. scripts/postgres-cluster.sh
work=$(mktemp -d /tmp/stackfeed-staleness.XXXXXX)
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  pg_cluster_stop "$work/pgdata"
  rm -rf "$work"
}
trap cleanup EXIT
pg_cluster_start "$work/pgdata" "$work"
as_server "$pgbin/createdb" -h "$work" -p "$pg_port" -U stackfeed feed
url="postgres://stackfeed@127.0.0.1:$pg_port/feed"
"$BIN" seed --db "$url" >/dev/null
token=$("$BIN" token create --db "$url" --user default --scope admin)
ports=()
for name in a b; do
  rm -f "$work/$name.log"  # a log left by the server before would give its port
  "$BIN" serve --db "$url" --port 0 --quiet --threads 2 >/dev/null 2>"$work/$name.log" &
  servers+=($!)
  until grep -q 'serving http' "$work/$name.log"; do sleep 0.05; done
  ports+=("$(grep -o 'http://[^/]*' "$work/$name.log" | head -1 | sed 's/.*://')")
done
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, $("$pgbin/postgres" --version), $COMMITS commits per figure"
echo "# binary: $BIN, built from $(git rev-parse --short HEAD 2>/dev/null || echo unknown); load before: $(cut -d' ' -f1-3 /proc/loadavg)"

measure() {  # measure FIGURE: the commits on A, B polled
  python3 - "$1" "${ports[0]}" "${ports[1]}" "$token" "$COMMITS" <<'PY'
import http.client, json, statistics, sys, time, uuid
figure, port_a, port_b, token, commits = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
a = http.client.HTTPConnection("127.0.0.1", port_a)
b = http.client.HTTPConnection("127.0.0.1", port_b)
def get_b():
    b.request("GET", "/v1/feed?limit=5")
    reply = b.getresponse()
    return reply.read()
get_b(); get_b()  # remembered from the second on
lags, olds = [], 0
for _ in range(commits):
    item = "stale-" + uuid.uuid4().hex[:12]
    a.request("POST", "/v1/feed-items", body=json.dumps({"id": item, "title": "Stale"}),
              headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    reply = a.getresponse(); reply.read()
    assert reply.status == 201, reply.status
    acknowledged = time.perf_counter()
    while item.encode() not in get_b():
        olds += 1
    lags.append((time.perf_counter() - acknowledged) * 1000)
lags.sort()
p99 = lags[min(len(lags) - 1, int(len(lags) * 0.99))]
print(f"{figure}: {len(lags)} commits, ms from A's 201 to B's first answer with the item: min {lags[0]:.3f} "
      f"median {statistics.median(lags):.3f} p99 {p99:.3f} max {lags[-1]:.3f}; old answers in between: {olds}")
PY
}
measure idle
if [ "$LOAD" = 1 ]; then
  wrk -t1 -c16 -d600s "http://127.0.0.1:${ports[1]}/v1/feed?limit=5" >/dev/null &
  load=$!
  sleep 1
  measure "B under wrk (16 connections)"
  kill "$load"; wait "$load" 2>/dev/null || true
fi
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
