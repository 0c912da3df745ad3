#!/usr/bin/env bash
# Live changes vs nchan (docs/BENCHMARKS.md, "Live changes vs nchan"; issue 29): `stackfeed serve`'s event streams
# side by side with nginx + nchan (Debian libnginx-mod-nchan), the pub/sub server deployments put in front for
# this. scripts/sse_subscribers.c is the client: one epoll loop holding every subscriber and making the writes,
# so deliveries and answers are timed on one clock.
#
# Each round, for each server (the order alternating from round to round; a server and its nginx started anew):
#   broadcast  SUBSCRIBERS streams (stackfeed: GET /v1/events; nchan: one channel, /sub/all) connected and idle:
#              the server's RSS (and PSS) before and after, per subscriber; then one broadcast — stackfeed: a new
#              feed item, POST /v1/feed-items as admin; nchan: the exact data bytes stackfeed sent for it,
#              published to the channel — and the latency from the write's answer (201/202) to each
#              subscriber's event: the first delivery, p50, p99 and the last (p0 … p100)
#   per-user   SUBSCRIBERS streams, each with its own user (stackfeed: GET /v1/me/events with the user's token;
#              nchan: one channel per user), then RATE changes/s for DURATION s spread over the users (stackfeed:
#              PATCH /v1/orders/{the user's order} with a new status, as admin, If-Match: *; nchan: a stackfeed
#              order change's data bytes published to the user's channel): events delivered per second, the
#              latency from each write's answer to its event (p50, p99), and the writes' own rate
# and for both: every stream's events counted against what was written — stackfeed's against the change log
# (the versions each subscriber may see), nchan's against the messages published to its channels — misses,
# duplicates, streams ended early.
#
#   scripts/bench-events.sh                      # SUBSCRIBERS=10000 ROUNDS=3 RATE=1000 DURATION=10
#   SUBSCRIBERS=1000 ROUNDS=1 scripts/bench-events.sh    # a quick check
#   PARTS=broadcast scripts/bench-events.sh      # only the idle subscribers and the broadcast (or PARTS=per-user)
#
# BIN: the stackfeed binary (default the release build of docs/DEVELOPING.md, `swift build -c release`:
# .build/release/stackfeed); THREADS (2): serve's --threads and nginx's worker_processes. Hold the machine's
# benchmark lock while it runs (docs/BENCHMARKS.md). Prints one line per figure ("figure part server round value")
# and the summary: min, median, max over the rounds and the paired ratios stackfeed/nchan.
#
# Needs: nginx with the nchan module (Debian: apt-get install nginx-light libnginx-mod-nchan; the nginx service may
# stay stopped: the script runs its own), a C compiler (cc), python3, sqlite3, curl, and a file descriptor limit
# (ulimit -n) of SUBSCRIBERS plus a few hundred (the client and the server each hold a socket per subscriber; the
# script raises the soft limit to the hard one).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
-h | --help)
  sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
  exit 0
  ;;
"") ;;
*)
  echo "bench-events: no arguments but --help; settings are environment variables (--help)" >&2
  exit 64
  ;;
esac
BIN=${BIN:-.build/release/stackfeed}
SUBSCRIBERS=${SUBSCRIBERS:-10000}
ROUNDS=${ROUNDS:-3}
RATE=${RATE:-1000}
DURATION=${DURATION:-10}
THREADS=${THREADS:-2}
PARTS=${PARTS:-broadcast per-user}
source scripts/bench-nginx.sh

missing=()
for program in nginx cc python3 sqlite3 curl; do command -v "$program" >/dev/null || missing+=("$program"); done
[ -f /usr/lib/nginx/modules/ngx_nchan_module.so ] || missing+=("the nchan module")
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench-events: missing ${missing[*]} (Debian: apt-get install nginx-light libnginx-mod-nchan gcc python3 sqlite3 curl)" >&2
  exit 69
fi
[ -x "$BIN" ] || { echo "bench-events: no $BIN (swift build -c release)" >&2; exit 69; }
ulimit -n "$(ulimit -Hn)"
needed=$((SUBSCRIBERS + 256))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$needed" ]; then
  echo "bench-events: ulimit -n is $(ulimit -n), $needed needed for $SUBSCRIBERS subscribers" >&2
  exit 69
fi

work=$(mktemp -d /tmp/stackfeed-bench-events.XXXXXX)
results="$work/results.txt"
server_pid=""
client_pid=""
cleanup() {
  local status=$?
  [ "$status" = 0 ] || tail -5 "$work/serve.log" "$work/nginx/nginx-error.log" >&2 2>/dev/null
  if [ -n "$client_pid" ]; then kill "$client_pid" 2>/dev/null || true; fi
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  stop_nginx
  rm -rf "$work"
}
trap cleanup EXIT

cc -O2 -std=c11 -Wall -o "$work/sse_subscribers" scripts/sse_subscribers.c

# The store: the reference feed, SUBSCRIBERS users with one order each, a write token for each of them
# (bench-users-tokens.py) and an admin token.
db="$work/feed.sqlite"
"$BIN" seed --db "$db" >/dev/null
"$BIN" seed --db "$db" --generate "$SUBSCRIBERS" --kind user --orders-per-user 1 >/dev/null
python3 scripts/bench-users-tokens.py "$db" "$SUBSCRIBERS" "$work/users.txt" >"$work/tokens.txt"
admin=$("$BIN" token create --db "$db" --user default --scope admin --name bench-events)

# The client's input. Streams: broadcast (anonymous) and per-user (each user's token), for each server.
# Writes, per-user: RATE x DURATION order changes, the users in a random order, repeated when there are more
# changes than users (the k-th change of a user is the k-th event of its stream).
python3 - "$work" "$SUBSCRIBERS" "$RATE" "$DURATION" <<'PY'
import random, sqlite3, sys
work, subscribers, rate, duration = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
users = open(f"{work}/users.txt").read().split()
tokens = open(f"{work}/tokens.txt").read().split()
latest = dict(sqlite3.connect(f"{work}/feed.sqlite").execute(
    "SELECT user_id, id FROM orders GROUP BY user_id HAVING ordered_at = MAX(ordered_at)"))
def lines(path, rows):
    with open(path, "w") as out:
        out.writelines(row + "\n" for row in rows)
lines(f"{work}/stackfeed-broadcast.streams", ["/v1/events"] * subscribers)
lines(f"{work}/nchan-broadcast.streams", ["/sub/all"] * subscribers)
lines(f"{work}/stackfeed-per-user.streams", [f"/v1/me/events\tBearer {token}" for token in tokens])
lines(f"{work}/nchan-per-user.streams", [f"/sub/u{n}" for n in range(subscribers)])
with_orders = [n for n, user in enumerate(users) if user in latest]
random.seed(29)
random.shuffle(with_orders)
count = int(rate * duration)
order = [with_orders[i % len(with_orders)] for i in range(count)]
lines(f"{work}/stackfeed-per-user.writes",
      [f'{n}\tPATCH\t/v1/orders/{latest[users[n]]}\t{{"status": "on its way {i}"}}' for i, n in enumerate(order)])
lines(f"{work}/nchan-per-user.targets", [str(n) for n in order])
# The warm-up: a subscriber of a user with an order, and a change of that order.
warm = min(with_orders)
lines(f"{work}/stackfeed-per-user.warm-stream", [f"/v1/me/events\tBearer {tokens[warm]}"])
lines(f"{work}/stackfeed-per-user.warm", [f'0\tPATCH\t/v1/orders/{latest[users[warm]]}\t{{"status": "warming up"}}'])
PY

# start_stackfeed: serve on a free port with room for every subscriber (sets $server_pid, $port).
start_stackfeed() {
  rm -f "$work/serve.log"  # a log left by the server before would give its port
  "$BIN" serve --db "$db" --port 0 --quiet --threads "$THREADS" --max-connections $((SUBSCRIBERS + 64)) \
    --max-subscribers $((SUBSCRIBERS + 16)) 2>"$work/serve.log" &
  server_pid=$!
  until grep -qs 'serving http' "$work/serve.log"; do sleep 0.05; done
  port=$(grep -o 'http://[^/]*' "$work/serve.log" | head -1 | sed 's/.*://')
}
stop_stackfeed() {
  kill "$server_pid"
  wait "$server_pid" || true
  server_pid=""
}

# start_nchan: nginx with nchan on a free port (sets $port): /sub/ID subscribes to channel ID with EventSource
# from the newest message on, /pub/ID publishes to it.
start_nchan() {
  port=$(free_port)
  mkdir -p "$work/nginx"
  start_nginx "$work/nginx" "load_module /usr/lib/nginx/modules/ngx_nchan_module.so;
worker_processes $THREADS;
worker_rlimit_nofile $((2 * SUBSCRIBERS + 512));
user root;
events { worker_connections $((2 * SUBSCRIBERS + 256)); }
http {
  access_log off;
  keepalive_requests 100000000;
  server {
    listen 127.0.0.1:$port backlog=4096;
    location = /ready { return 204; }
    location ~ ^/sub/(\\w+)\$ { nchan_subscriber eventsource; nchan_channel_id \$1; nchan_subscriber_first_message newest; }
    location ~ ^/pub/(\\w+)\$ { nchan_publisher; nchan_channel_id \$1; }
  }
}" "http://127.0.0.1:$port/ready"
}

# memory PIDS: the summed RSS and PSS of the processes, in KiB ("RSS PSS").
memory() {
  local rss=0 pss=0 pid
  for pid in "$@"; do
    rss=$((rss + $(awk '/^Rss:/ { print $2 }' "/proc/$pid/smaps_rollup")))
    pss=$((pss + $(awk '/^Pss:/ { print $2 }' "/proc/$pid/smaps_rollup")))
  done
  echo "$rss $pss"
}
server_pids() { if [ "$1" = stackfeed ]; then echo "$server_pid"; else nginx_processes; fi; }

# newest_version: the change log's newest version (0 when empty).
newest_version() { sqlite3 "$db" 'SELECT coalesce(max(version), 0) FROM change_log'; }

# run_client SERVER PART ROUND WARM_STREAM WARM_WRITE [OPTIONS]: first one subscriber (the stream line WARM_STREAM)
# and one write (WARM_WRITE, meant for it) warm the server up, so its one-time costs are not counted; then the
# subscribers of PART connect, the memory is read with all of them idle, and the writes of
# $work/SERVER-PART.writes are made (OPTIONS: the client's). The client's files are kept as
# $work/SERVER-PART-ROUND.{events,writes}; sets $v0, the change log's newest version before the writes.
run_client() {
  local server=$1 part=$2 round=$3 base="$work/$1-$2-$3" before after
  echo "$4" >"$work/warm.streams"
  echo "$5" >"$work/warm.writes"
  echo go | "$work/sse_subscribers" --port "$port" --streams "$work/warm.streams" --writes "$work/warm.writes" \
    --writes-out /dev/null --events-out /dev/null "${@:6}" >/dev/null
  v0=$(newest_version)
  before=$(memory $(server_pids "$server"))
  mkfifo "$base.go"
  "$work/sse_subscribers" --port "$port" --streams "$work/$server-$part.streams" --events-out "$base.events" \
    --writes "$work/$server-$part.writes" --writes-out "$base.writes" "${@:6}" <"$base.go" >"$base.out" &
  client_pid=$!
  exec 3>"$base.go"
  until grep -q '^connected' "$base.out"; do
    kill -0 "$client_pid" 2>/dev/null || { echo "bench-events: the client stopped" >&2; exit 1; }
    sleep 0.05
  done
  after=$(memory $(server_pids "$server"))
  echo go >&3
  exec 3>&-
  wait "$client_pid"
  client_pid=""
  read -r _ connected connect_ms <"$base.out"
  read -r _ _ _ ended failed < <(grep '^done' "$base.out")
  python3 - "$before" "$after" "$connected" "$part" "$server" "$round" "$connect_ms" "$ended" "$failed" \
    >>"$results" <<'PY'
import sys
(rss0, pss0), (rss1, pss1) = (map(int, s.split()) for s in sys.argv[1:3])
connected, part, server, run, connect_ms, ended, failed = sys.argv[3:10]
n = int(connected)
print(f"rss_kib_per_sub {part} {server} {run} {(rss1 - rss0) / n:.3f}")
print(f"pss_kib_per_sub {part} {server} {run} {(pss1 - pss0) / n:.3f}")
print(f"rss_mib_idle {part} {server} {run} {rss1 / 1024:.1f}")
print(f"connect_s {part} {server} {run} {float(connect_ms) / 1000:.2f}")
print(f"streams_ended_early {part} {server} {run} {ended}")
print(f"streams_refused {part} {server} {run} {failed}")
PY
}

# deliveries SERVER PART ROUND V0 V1: latency and counts of a finished run from the client's files; for stackfeed
# the expected events are the change log's versions in (V0, V1] each subscriber may see.
deliveries() {
  python3 - "$work" "$db" "$@" >>"$results" <<'PY'
import collections, sqlite3, sys
work, db, server, part, run, v0, v1 = sys.argv[1:8]
base = f"{work}/{server}-{part}-{run}"
writes = [tuple(map(int, line.split())) for line in open(f"{base}.writes")]
bad = sum(1 for _, status, _, _ in writes if status not in (200, 201, 202))
events = collections.defaultdict(list)
for line in open(f"{base}.events"):
    stream, kind, id_, at = line.split()
    if kind in ("change", "resume"):
        events[int(stream)].append((kind, id_, int(at)))
streams = len(open(f"{work}/{server}-{part}.streams").read().splitlines())
resumes = sum(1 for got in events.values() for kind, _, _ in got if kind == "resume")
# The writes meant for each stream, in the order they were made.
meant = collections.defaultdict(list)
for stream, _, sent, answered in writes:
    for target in (range(streams) if stream < 0 else [stream]):
        meant[target].append((sent, answered))
# What each stream should have: stackfeed's from the change log (the versions its subscriber may see), nchan's
# the messages published to its channel.
if server == "stackfeed":
    rows = sqlite3.connect(db).execute(
        "SELECT version, audience FROM change_log WHERE version > ? AND version <= ?", (int(v0), int(v1))).fetchall()
    users = open(f"{work}/users.txt").read().split() if part == "per-user" else None
    everyone = {str(v) for v, audience in rows if audience is None}
    own = collections.defaultdict(set)
    for v, audience in rows:
        if audience is not None:
            own[audience].add(str(v))
missed = duplicated = 0
from_answer, from_request, arrivals = [], [], []
for s in range(streams):
    changes = [(id_, at) for kind, id_, at in events[s] if kind == "change"]
    ids = [id_ for id_, _ in changes]
    duplicated += len(ids) - len(set(ids))
    if server == "stackfeed":
        missed += len((everyone | (own[users[s]] if users else set())) - set(ids))
    else:
        missed += max(0, len(meant[s]) - len(set(ids)))
    # The k-th event of a stream is the k-th write meant for it.
    for (_, at), (sent, answered) in zip(changes, meant[s]):
        from_answer.append((at - answered) / 1e6)
        from_request.append((at - sent) / 1e6)
        arrivals.append(at)
def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")
for figure, value in (("events", len(arrivals)), ("missed", missed), ("duplicated", duplicated),
                      ("resume_events", resumes), ("failed_writes", bad)):
    print(f"{figure} {part} {server} {run} {value}")
for name, latencies in (("answer", from_answer), ("request", from_request)):
    for p in (0, 50, 99, 100):
        print(f"p{p}_ms_from_{name} {part} {server} {run} {percentile(latencies, p):.2f}")
if part == "per-user" and arrivals:
    first = min(sent for _, _, sent, _ in writes)
    print(f"writes_per_s {part} {server} {run} {len(writes) / ((max(a for *_, a in writes) - first) / 1e9):.1f}")
    print(f"delivered_per_s {part} {server} {run} {len(arrivals) / ((max(arrivals) - first) / 1e9):.1f}")
PY
}

# one_round SERVER PART ROUND: SERVER started anew, PART's subscribers and writes, SERVER stopped.
one_round() {
  local server=$1 part=$2 round=$3 warm_stream warm_write options=()
  if [ "$server" = stackfeed ]; then
    start_stackfeed
    options=(--write-header "Authorization: Bearer $admin" --write-header 'Content-Type: application/json')
    [ -f "$work/$part.data" ] || options+=(--capture "$work/$part.data")
  else
    start_nchan
    options=(--write-header 'X-EventSource-Event: change')
  fi
  warm_stream=$(head -1 "$work/$server-$part.streams")
  case "$server-$part" in
  stackfeed-broadcast)
    printf -- '-1\tPOST\t/v1/feed-items\t{"title": "Live round %s", "tag": "new"}\n' "$round" >"$work/$server-$part.writes"
    warm_write=$'-1\tPOST\t/v1/feed-items\t{"title": "Warming up"}'
    ;;
  stackfeed-per-user)
    options+=(--write-header 'If-Match: *' --rate "$RATE" --write-connections 16)
    warm_stream=$(cat "$work/stackfeed-per-user.warm-stream")
    warm_write=$(cat "$work/stackfeed-per-user.warm")
    ;;
  nchan-broadcast)
    printf -- '-1\tPOST\t/pub/all\t%s\n' "$(cat "$work/broadcast.data")" >"$work/$server-$part.writes"
    warm_write=$(head -1 "$work/$server-$part.writes")
    ;;
  nchan-per-user)
    python3 -c 'import sys; data = open(sys.argv[1]).read()
print("".join(f"{n}\tPOST\t/pub/u{n}\t{data}\n" for n in open(sys.argv[2]).read().split()), end="")' \
      "$work/per-user.data" "$work/nchan-per-user.targets" >"$work/nchan-per-user.writes"
    options+=(--rate "$RATE" --write-connections 16)
    warm_write=$'0\tPOST\t/pub/u0\t'"$(cat "$work/per-user.data")"
    ;;
  esac
  run_client "$server" "$part" "$round" "$warm_stream" "$warm_write" "${options[@]}"
  if [ "$server" = stackfeed ]; then
    deliveries stackfeed "$part" "$round" "$v0" "$(newest_version)"
    stop_stackfeed
  else
    deliveries nchan "$part" "$round" 0 0
    stop_nginx
  fi
}

echo "load before: $(cat /proc/loadavg)"
echo "binary: $BIN ($(stat -c %s "$BIN") bytes); $SUBSCRIBERS subscribers, $ROUNDS rounds, per-user $RATE changes/s for $DURATION s;" \
  "nginx $(nginx -v 2>&1 | sed 's/.*\///'), nchan $(dpkg-query -W -f '${Version}' libnginx-mod-nchan 2>/dev/null || echo '?')"
for part in $PARTS; do
  case $part in
  broadcast | per-user) ;;
  *) echo "bench-events: PARTS takes broadcast and per-user, not $part" >&2; exit 64 ;;
  esac
  for round in $(seq "$ROUNDS"); do
    # Stackfeed first in odd rounds (the first gives nchan its bytes), nchan first in even ones.
    servers="stackfeed nchan"
    [ $((round % 2)) = 0 ] && servers="nchan stackfeed"
    for server in $servers; do
      one_round "$server" "$part" "$round"
      echo "# $part $server round $round done; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    done
  done
done
echo "load after: $(cat /proc/loadavg)"
for part in $PARTS; do echo "$part: the event's data, $(wc -c <"$work/$part.data") bytes"; done

python3 - "$results" <<'PY'
import collections, statistics, sys
groups = collections.defaultdict(list)
paired = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    figure, part, server, run, value = line.split()
    groups[(part, figure, server)].append(float(value))
    paired[(part, figure, run)][server] = float(value)
    print(line, end="")
print(f"\n{'part':<10} {'figure':<20} {'server':<16} {'min':>10} {'median':>10} {'max':>10}  rounds")
for (part, figure, server), values in sorted(groups.items()):
    print(f"{part:<10} {figure:<20} {server:<16} {min(values):>10.3f} {statistics.median(values):>10.3f}"
          f" {max(values):>10.3f}  {len(values)}")
ratios = collections.defaultdict(list)
for (part, figure, run), pair in paired.items():
    if {"stackfeed", "nchan"} <= pair.keys() and pair["nchan"] > 0:
        ratios[(part, figure)].append(pair["stackfeed"] / pair["nchan"])
for (part, figure), values in sorted(ratios.items()):
    print(f"{part:<10} {figure:<20} {'stackfeed/nchan':<16} {min(values):>10.3f} {statistics.median(values):>10.3f}"
          f" {max(values):>10.3f}  {len(values)}")
PY
