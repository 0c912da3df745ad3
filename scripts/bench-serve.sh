#!/usr/bin/env bash
# `stackfeed serve` against nginx serving the same response bytes as static files, measured with wrk
# (docs/BENCHMARKS.md, "HTTP server"). Runs are paired and interleaved: for each run, endpoint and connection
# count, stackfeed then nginx, back to back. The server runs as by default, writing its request log (to a
# file); QUIET=1 adds --quiet.
#
#   scripts/bench-serve.sh                 # RUNS=5 runs of DURATION=5 s at 1, 16, 64 connections
#                                          # (also feed-pages-warm/-cold: a random 20-row page of the 1M rows per
#                                          # request, so that nearly every request is a page not answered before,
#                                          # with the database in the page cache and with the cache dropped)
#   MODE=threads scripts/bench-serve.sh    # the worker modes: --threads 1, 2, 4 and 0 (thread per connection)
#   MODE=rss scripts/bench-serve.sh        # RSS of the server every 15 s during RSS_SECONDS=300 s of load
#   MODE=instructions scripts/bench-serve.sh   # callgrind instructions per request (valgrind; noise-free):
#                                          # the same page again and again, a new page each time, a new
#                                          # gzipped render page each time, a cached page with a read token,
#                                          # an order with a write token (the last two on a copy of DB), each
#                                          # against its budget (docs/BENCHMARKS.md); exit 1 when one is over
#   MODE=flood scripts/bench-serve.sh      # the answer memo's policy: one client asking one page (the cached
#                                          # /v1/render?limit=20) alone, then during a flood of 16 connections
#                                          # asking random /v1/feed pages never asked before, with the memo on
#                                          # (--memo-size 64M) and off (0); the hot page's rate and latency, its
#                                          # share of answers from the memo during the flood (from the request
#                                          # log, which this mode needs: not QUIET), the flood's rate, and the
#                                          # server's RSS idle and after the flood (MEMOS="64M 0" by default;
#                                          # MEMOS=default for a binary without --memo-size)
#   MODE=gzip scripts/bench-serve.sh       # Content-Encoding at 16 connections: /v1/render pages never asked
#                                          # before (a random 20-card page per request) without and with
#                                          # Accept-Encoding: gzip, and their body bytes; the cached /v1/feed page
#                                          # gzipped against nginx sending the same gzip bytes (gzip_static),
#                                          # and uncompressed against nginx
#   MODE=pages scripts/bench-serve.sh      # pages never asked before at 16 connections (issue 31): random
#                                          # /v1/feed pages against nginx sending the first page's bytes (the
#                                          # same size), paired per run, and random gzipped /v1/render pages;
#                                          # with BASE=OTHER/stackfeed that build too, in the same runs (the
#                                          # order of the builds alternating from run to run), on BASE_DB
#                                          # (default DB; an older build refuses a database a newer one migrated),
#                                          # and the per-run ratios of their rates and of their CPU per request
#   BASE=OTHER/stackfeed MODE=binaries scripts/bench-serve.sh
#                                          # two builds on the cached /v1/feed?limit=20 page at 16 connections,
#                                          # paired and interleaved (each run starts each binary's server in
#                                          # turn, the order alternating from run to run), e.g. a change against
#                                          # the commit before it (docs/BENCHMARKS.md, "Metrics"); the median of
#                                          # the per-run ratios BIN/BASE
#
# BIN: the stackfeed binary (default: the release build of docs/DEVELOPING.md, `swift build -c release`: .build/release/stackfeed);
# DB: the 1M-row database (made with `stackfeed seed --generate 1000000` when missing).
# Prints one line per measurement (`figure name server conns run value`) and the min/median/max summary.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/stackfeed}
DB=${DB:-/tmp/stackfeed-bench-1m.sqlite}
RUNS=${RUNS:-5}
SECONDS_PER_RUN=${DURATION:-5}
MODE=${MODE:-compare}
RSS_SECONDS=${RSS_SECONDS:-300}
over=0  # MODE=instructions: 1 once a figure is over its budget
THREADS=${THREADS:-2}
QUIET=${QUIET:-0}
work=$(mktemp -d /tmp/stackfeed-bench-serve.XXXXXX)
results="$work/results.txt"
server_pid=""
cleanup() {
  stop_server
  stop_nginx
  rm -rf "$work"
}
source scripts/bench-nginx.sh
trap cleanup EXIT

[ -f "$DB" ] || "$BIN" seed --db "$DB" --generate 1000000 >/dev/null

start_server() {  # start_server THREADS [OPTIONS]: serve on a free port, sets $server_pid and $server
  quiet=()
  [ "$QUIET" = 1 ] && quiet=(--quiet)
  rm -f "$work/serve.log"
  "$BIN" serve --db "$DB" --port 0 "${quiet[@]}" --threads "$1" "${@:2}" 2>"$work/serve.log" &
  server_pid=$!
  until grep -q 'serving http' "$work/serve.log"; do sleep 0.05; done
  server=$(grep -o 'http://[^/]*' "$work/serve.log" | head -1)
}
server_ticks() {  # server_ticks SERVER: user + system clock ticks so far of stackfeed's process or nginx's workers
  local pids=$server_pid
  [ "$1" = nginx ] && pids=$([ -n "$nginx_pid" ] && pgrep -P "$nginx_pid")
  [ -n "$pids" ] || return 0
  for pid in $pids; do awk '{ print $14 + $15 }' "/proc/$pid/stat"; done | awk '{ ticks += $1 } END { print ticks }'
}
stop_server() {  # stops serve (TERM) and waits for it; nothing when none runs (safe in the EXIT trap)
  [ -n "$server_pid" ] || return 0
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

# start_static_nginx [DIRECTIVES]: nginx (scripts/bench-nginx.sh) serving $work/html on a free port (sets $port)
# with the http block's DIRECTIVES added, once it answers feed.json.
start_static_nginx() {
  port=$(free_port)
  start_nginx "$work" "worker_processes $THREADS;
user root;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000000;
  types { application/json json; }
  charset utf-8;
  charset_types application/json;
  ${1:-}
  server { listen 127.0.0.1:$port; root $work/html; }
}" "http://127.0.0.1:$port/feed.json"
}

# drop_page_cache: empties the kernel's page cache (root only); false, saying so once, where it cannot.
drop_page_cache() {
  sync
  if ! { echo 3 >/proc/sys/vm/drop_caches; } 2>/dev/null; then
    [ -n "${warned_cache:-}" ] || echo "bench-serve: cannot drop the page cache (not root?): no cold-cache runs" >&2
    warned_cache=1
    return 1
  fi
}

# wrk_run NAME SERVER CONNS RUN URL [WRK OPTIONS]: one wrk run; appends "rps/p50/p99 NAME SERVER CONNS RUN value"
# lines.
# The server's CPU per request (cpu_us) is also appended: user + system time of stackfeed's process (or nginx's
# workers) during the run over the requests wrk made, which the machine's other load moves much less than the
# rate.
wrk_run() {
  local threads=$(($3 < 2 ? $3 : 2)) output ticks=""
  output=$(mktemp -p "$work" wrk.XXXXXX)  # several may run at once (MODE=flood)
  ticks=$(server_ticks "$2")
  wrk -t"$threads" -c"$3" -d"${SECONDS_PER_RUN}s" --latency "${@:6}" "$5" >"$output"
  [ -n "$ticks" ] && ticks=$(($(server_ticks "$2") - ticks))
  python3 - "$output" "$1" "$2" "$3" "$4" "$ticks" "$(getconf CLK_TCK)" >>"$results" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
name, server, conns, run, ticks, per_second = sys.argv[2:8]
if ticks:
    requests = int(re.search(r"(\d+) requests in", text).group(1))
    print(f"cpu_us {name} {server} {conns} {run} {int(ticks) / int(per_second) * 1e6 / requests:.3f}")
def ms(value, unit):
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p50 = ms(*re.search(r"50%\s+([\d.]+)(us|ms|s)", text).groups())
p99 = ms(*re.search(r"99%\s+([\d.]+)(us|ms|s)", text).groups())
errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)", text)
for figure, value in (("rps", rps), ("p50_ms", p50), ("p99_ms", p99)):
    print(f"{figure} {name} {server} {conns} {run} {value:.3f}")
if errors:
    print(f"# errors {name} {server} {conns} {run}: {errors.group(0)}", file=sys.stderr)
PY
}

summary() {
  python3 - "$results" <<'PY'
import statistics, sys, collections
groups = collections.defaultdict(list)
for line in open(sys.argv[1]):
    figure, name, server, conns, run, value = line.split()
    groups[(name, int(conns), server, figure)].append(float(value))
print(f"{'endpoint':<10} {'conns':>5} {'server':<14} {'figure':<7} {'min':>10} {'median':>10} {'max':>10}  runs")
for (name, conns, server, figure), values in sorted(groups.items()):
    print(f"{name:<10} {conns:>5} {server:<14} {figure:<7} {min(values):>10.3f} {statistics.median(values):>10.3f}"
          f" {max(values):>10.3f}  {len(values)}")
# The paired ratio: stackfeed's rate over nginx's in the same run (measured back to back).
rates = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    figure, name, server, conns, run, value = line.split()
    if figure == "rps":
        rates[(name, int(conns))].setdefault(run, {})[server] = float(value)
for (name, conns), runs in sorted(rates.items()):
    ratios = [pair["stackfeed"] / pair["nginx"] for pair in runs.values() if {"stackfeed", "nginx"} <= pair.keys()]
    if ratios:
        print(f"{name:<10} {conns:>5} {'stackfeed/nginx':<14} {'ratio':<7} {min(ratios):>10.3f}"
              f" {statistics.median(ratios):>10.3f} {max(ratios):>10.3f}  {len(ratios)}")
PY
}

# Random pages: after=feed_item:N:N:N is the cursor after the N-th item of the generated feed; each wrk thread
# draws its own sequence.
cat >"$work/pages.lua" <<'LUA'
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("seed", threads * 7919)
end
function init(args) math.randomseed(seed) end
function request()
  local n = math.random(1, 999000)
  return wrk.format(nil, "/v1/feed?limit=20&after=feed_item:" .. n .. ":" .. n .. ":" .. n)
end
LUA

# Random /v1/render pages as above, without and with Accept-Encoding: gzip.
for coding in identity gzip; do
  sed -e 's|/v1/feed?limit=20&after=|/v1/render?limit=20\&after=|' \
    -e "s|return wrk.format(nil, \\(.*\\))$|return wrk.format(nil, \\1, {[\"Accept-Encoding\"] = \"$coding\"})|" \
    "$work/pages.lua" >"$work/render-pages-$coding.lua"
done

echo "load before: $(cat /proc/loadavg)"
echo "binary: $BIN ($(stat -c %s "$BIN") bytes), database: $DB ($(stat -c %s "$DB") bytes)," \
  "request log: $([ "$QUIET" = 1 ] && echo "off (--quiet)" || echo "on, to a file")"

case "$MODE" in
compare)
  start_server "$THREADS"
  mkdir -p "$work/html"
  curl -sf "$server/v1/feed?limit=20" >"$work/html/feed.json"
  curl -sf "$server/v1/render?limit=20" >"$work/html/render.json"
  start_static_nginx
  cmp <(curl -s "http://127.0.0.1:$port/feed.json") <(curl -s "$server/v1/feed?limit=20")
  echo "bodies: /v1/feed $(stat -c %s "$work/html/feed.json") B, /v1/render $(stat -c %s "$work/html/render.json") B"
  for run in $(seq 1 "$RUNS"); do
    for conns in 1 16 64; do
      wrk_run feed stackfeed "$conns" "$run" "$server/v1/feed?limit=20"
      wrk_run feed nginx "$conns" "$run" "http://127.0.0.1:$port/feed.json"
      # Pages never asked before, from a warm page cache (the database file read into it first) and from a
      # cold one (the kernel's page cache dropped first: every page read from the disk).
      cat "$DB" >/dev/null
      wrk_run feed-pages-warm stackfeed "$conns" "$run" "$server/" -s "$work/pages.lua"
      if drop_page_cache; then
        wrk_run feed-pages-cold stackfeed "$conns" "$run" "$server/" -s "$work/pages.lua"
      fi
      wrk_run render stackfeed "$conns" "$run" "$server/v1/render?limit=20"
      wrk_run render nginx "$conns" "$run" "http://127.0.0.1:$port/render.json"
    done
    echo "run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  ;;
gzip)
  start_server "$THREADS"
  mkdir -p "$work/html"
  # Body bytes per page: 40 random pages (never asked before) each way.
  python3 - "$server" <<'PY'
import random, sys, urllib.request
server, sizes = sys.argv[1], {"identity": [], "gzip": []}
for n in random.Random(1).sample(range(1, 999000), 40):
    for coding in sizes:
        url = f"{server}/v1/render?limit=20&after=feed_item:{n}:{n}:{n}"
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": coding})) as reply:
            assert (reply.headers.get("Content-Encoding") == "gzip") == (coding == "gzip")
            sizes[coding].append(len(reply.read()))
identity, gzip = (sum(values) / len(values) for values in sizes.values())
print(f"/v1/render pages never asked before, body bytes per page (mean of 40): identity {identity:.0f},"
      f" gzip {gzip:.0f} (1/{identity / gzip:.1f})")
PY
  curl -sf "$server/v1/feed?limit=20" >"$work/html/feed.json"
  curl -sf -H 'Accept-Encoding: gzip' "$server/v1/feed?limit=20" >"$work/html/feed.json.gz"
  start_static_nginx "gzip_static on; gzip_vary on;"
  cmp <(curl -s -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port/feed.json") \
    <(curl -s -H 'Accept-Encoding: gzip' "$server/v1/feed?limit=20")
  echo "bodies: /v1/feed $(stat -c %s "$work/html/feed.json") B, gzipped $(stat -c %s "$work/html/feed.json.gz") B" \
    "(the same bytes from both servers)"
  cat "$DB" >/dev/null
  for run in $(seq 1 "$RUNS"); do
    wrk_run render-pages stackfeed 16 "$run" "$server/" -s "$work/render-pages-identity.lua"
    wrk_run render-pages-gz stackfeed 16 "$run" "$server/" -s "$work/render-pages-gzip.lua"
    wrk_run feed stackfeed 16 "$run" "$server/v1/feed?limit=20"
    wrk_run feed nginx 16 "$run" "http://127.0.0.1:$port/feed.json"
    wrk_run feed-gz stackfeed 16 "$run" "$server/v1/feed?limit=20" -H 'Accept-Encoding: gzip'
    wrk_run feed-gz nginx 16 "$run" "http://127.0.0.1:$port/feed.json" -H 'Accept-Encoding: gzip'
    echo "run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  ;;
flood)
  cat "$DB" >/dev/null
  for run in $(seq 1 "$RUNS"); do
    for memo in ${MEMOS:-64M 0}; do  # MEMOS=default: the binary's own (one without --memo-size)
      if [ "$memo" = default ]; then start_server "$THREADS"; else start_server "$THREADS" --memo-size "$memo"; fi
      hot="$server/v1/render?limit=20"
      curl -sf "$hot" >/dev/null && curl -sf "$hot" >/dev/null  # remembered the second time it is made
      wrk_run hot-alone "memo=$memo" 1 "$run" "$hot"
      echo "rss_kb idle memo=$memo 0 $run $(awk '/VmRSS/ {print $2}' /proc/"$server_pid"/status)" >>"$results"
      logged=$(wc -l <"$work/serve.log")
      wrk_run flood "memo=$memo" 16 "$run" "$server/" -s "$work/pages.lua" &
      flood=$!
      wrk_run hot-flood "memo=$memo" 1 "$run" "$hot"
      wait "$flood"
      # The hot page's answers from the memo during the flood: the request log's durations (head read to answer
      # sent, no queueing) under 0.2 ms; composing the page takes over 1 ms.
      tail -n +"$((logged + 1))" "$work/serve.log" | awk -v name="memo=$memo" -v run="$run" '
        $2 == "/v1/render" { asked++; if ($6 < 0.2) fast++ }
        END { printf "hit_pct hot-flood %s 1 %s %.1f\n", name, run, 100 * fast / asked }' >>"$results"
      echo "rss_kb flood memo=$memo 16 $run $(awk '/VmRSS/ {print $2}' /proc/"$server_pid"/status)" >>"$results"
      stop_server
    done
    echo "run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  ;;
threads)
  for run in $(seq 1 "$RUNS"); do
    for threads in 1 2 4 0; do
      start_server "$threads"
      for conns in 16 64; do wrk_run feed "threads=$threads" "$conns" "$run" "$server/v1/feed?limit=20"; done
      stop_server
    done
    echo "run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  ;;
instructions)
  # The server under callgrind (one worker thread), sent N then N+M requests over one keep-alive connection;
  # the difference / M is the cost of a request, start-up and shutdown cancelling out. The budgets of
  # docs/BENCHMARKS.md ("Per-request budgets") are these lines.
  # valgrind 3.19 cannot read Swift 6.3's DWARF 5: a copy without debug information is profiled.
  cp "$BIN" "$work/stackfeed" && strip --strip-debug "$work/stackfeed"
  cat >"$work/client.py" <<'PY'
import http.client, sys
port, count, case, token = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
connection = http.client.HTTPConnection("127.0.0.1", port)
for n in range(count):
    # "new": the page after item n + 1, a page no earlier request asked for
    after = f"&after=feed_item:{n + 1}:{n + 1}:{n + 1}"
    method, body, expected, headers = "GET", None, 200, {"Authorization": f"Bearer {token}"} if token else {}
    if case == "same":
        path = "/v1/feed?limit=20"
    elif case == "new":
        path = "/v1/feed?limit=20" + after
    elif case == "render-new-gzip":
        path, headers["Accept-Encoding"] = "/v1/render?limit=20" + after, "gzip"
    elif case == "token":
        path = "/v1/me/feed?limit=20"
    elif case == "order":
        method, path, expected = "POST", "/v1/me/orders", 201
        body, headers["Content-Type"] = '{"items": [{"product": "arrival-tshirt", "quantity": 1}]}', "application/json"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    assert response.status == expected, (response.status, response.read())
    response.read()
PY
  instructions() {  # instructions DB COUNT CASE TOKEN [serve options]: total instructions of the server process
    local db=$1 count=$2 case=$3 token=$4
    shift 4
    rm -f "$work/callgrind.log"
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$work/stackfeed" serve --db "$db" \
      --port 0 --threads 1 "$@" 2>"$work/callgrind.log" &
    local pid=$!
    until grep -qs 'serving http' "$work/callgrind.log"; do sleep 0.2; done
    python3 "$work/client.py" "$(grep -o 'http://127.0.0.1:[0-9]*' "$work/callgrind.log" | grep -o '[0-9]*$')" \
      "$count" "$case" "$token"
    kill -TERM "$pid"
    wait "$pid" || true
    awk '/^(summary|totals):/ { print $2; exit }' "$work/callgrind.out"
  }
  per_request() {  # per_request LABEL BUDGET DB N M CASE TOKEN [serve options]: the figure against its budget
    local label=$1 budget=$2 db=$3 n=$4 m=$5 case=$6 token=$7
    shift 7
    local base more figure
    base=$(instructions "$db" "$n" "$case" "$token" "$@")
    more=$(instructions "$db" $((n + m)) "$case" "$token" "$@")
    figure=$(((more - base) / m))
    if [ "$figure" -le "$budget" ]; then
      echo "instructions per request: $label: $figure (budget $budget)"
    else
      echo "instructions per request: $label: $figure, OVER ITS BUDGET $budget"
      over=1
    fi
  }
  # The budgets of docs/BENCHMARKS.md, "Per-request budgets" (change both together): a figure over its budget
  # is said so, and the run exits 1.
  per_request "/v1/feed?limit=20, same page, request log on" 74000 "$DB" 100 1000 same ""
  per_request "/v1/feed?limit=20, same page, request log off" 71000 "$DB" 100 1000 same "" --quiet
  per_request "/v1/feed?limit=20, new page, request log on" 276000 "$DB" 100 1000 new ""
  per_request "/v1/feed?limit=20, new page, request log off" 273000 "$DB" 100 1000 new "" --quiet
  per_request "/v1/render?limit=20, new page, gzip, request log off" 5525000 "$DB" 20 200 render-new-gzip "" --quiet
  # A token's page and an order, on a copy of the database (the orders are written to it).
  cp "$DB" "$work/orders.sqlite"
  read_token=$("$BIN" token create --db "$work/orders.sqlite" --user default --scope read --name bench)
  write_token=$("$BIN" token create --db "$work/orders.sqlite" --user default --scope write --name bench)
  per_request "/v1/me/feed?limit=20 with a read token, cached, request log off" 135000 "$work/orders.sqlite" 100 \
    1000 token "$read_token" --quiet
  per_request "POST /v1/me/orders, one line, write token, request log off" 610000 "$work/orders.sqlite" 100 500 \
    order "$write_token" --quiet
  ;;
pages)
  start_server "$THREADS"
  mkdir -p "$work/html"
  curl -sf "$server/v1/feed?limit=20" >"$work/html/feed.json"
  stop_server
  start_static_nginx
  cat "$DB" "${BASE_DB:-$DB}" >/dev/null
  builds=(stackfeed)
  [ -n "${BASE:-}" ] && builds=(base stackfeed)
  new_bin=$BIN
  new_db=$DB
  for run in $(seq 1 "$RUNS"); do
    order=("${builds[@]}")
    [ $((run % 2)) = 0 ] && [ ${#builds[@]} = 2 ] && order=("${builds[1]}" "${builds[0]}")
    for which in "${order[@]}"; do
      BIN=$([ "$which" = base ] && echo "$BASE" || echo "$new_bin")
      DB=$([ "$which" = base ] && echo "${BASE_DB:-$new_db}" || echo "$new_db")
      start_server "$THREADS"
      wrk_run feed-pages "$which" 16 "$run" "$server/" -s "$work/pages.lua"
      wrk_run render-pages-gz "$which" 16 "$run" "$server/" -s "$work/render-pages-gzip.lua"
      stop_server
    done
    wrk_run feed-pages nginx 16 "$run" "http://127.0.0.1:$port/feed.json"
    echo "run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  BIN=$new_bin
  DB=$new_db
  [ -z "${BASE:-}" ] || python3 - "$results" <<'PY'
import collections, statistics, sys
values = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    figure, name, server, conns, run, value = line.split()
    values[(figure, name, run)][server] = float(value)
def paired(figure, name, top, bottom):
    ratios = sorted(pair[top] / pair[bottom] for (f, n, _), pair in values.items()
                    if f == figure and n == name and {top, bottom} <= pair.keys())
    if ratios:
        print(f"{name} 16 {figure} {top}/{bottom}: min {ratios[0]:.3f} median {statistics.median(ratios):.3f}"
              f" max {ratios[-1]:.3f} ({len(ratios)} paired runs)")
paired("rps", "feed-pages", "base", "nginx")
paired("rps", "feed-pages", "stackfeed", "nginx")
paired("cpu_us", "feed-pages", "nginx", "base")
paired("cpu_us", "feed-pages", "nginx", "stackfeed")
for name in ("feed-pages", "render-pages-gz"):
    paired("rps", name, "stackfeed", "base")
    paired("cpu_us", name, "stackfeed", "base")
PY
  ;;
binaries)
  [ -x "${BASE:-}" ] || { echo "bench-serve: MODE=binaries needs BASE=the other stackfeed binary" >&2; exit 64; }
  new_bin=$BIN
  for run in $(seq 1 "$RUNS"); do
    order=(base new)
    [ $((run % 2)) = 0 ] && order=(new base)
    for which in "${order[@]}"; do
      BIN=$([ "$which" = base ] && echo "$BASE" || echo "$new_bin")
      start_server "$THREADS"
      curl -sf "$server/v1/feed?limit=20" >/dev/null && curl -sf "$server/v1/feed?limit=20" >/dev/null
      wrk_run feed "$which" 16 "$run" "$server/v1/feed?limit=20"
      stop_server
    done
    echo "run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
  BIN=$new_bin
  python3 - "$results" <<'PY'
import collections, statistics, sys
rates = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    figure, name, server, conns, run, value = line.split()
    if figure == "rps":
        rates[run][server] = float(value)
ratios = sorted(pair["new"] / pair["base"] for pair in rates.values() if len(pair) == 2)
print(f"feed 16 new/base ratio: min {ratios[0]:.3f} median {statistics.median(ratios):.3f} max {ratios[-1]:.3f}"
      f" ({len(ratios)} paired runs)")
PY
  ;;
rss)
  start_server "$THREADS"
  wrk -t2 -c16 -d"${RSS_SECONDS}s" "$server/v1/feed?limit=20" >"$work/wrk.txt" &
  load=$!
  for second in $(seq 0 15 "$RSS_SECONDS"); do
    echo "rss t=${second}s $(grep VmRSS /proc/"$server_pid"/status | awk '{print $2}') kB"
    sleep 15
  done
  wait "$load"
  grep -E "Requests/sec|requests in" "$work/wrk.txt"
  ;;
esac
[ -s "$results" ] && cat "$results" && summary
echo "load after: $(cat /proc/loadavg)"
exit "$over"
