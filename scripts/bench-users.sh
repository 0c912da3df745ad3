#!/usr/bin/env bash
# Per-user feeds and order writes (docs/BENCHMARKS.md, "Users and writes"), in one run, side by side:
#   data   - one SQLite file and one PostgreSQL database (a throwaway cluster: initdb, pg_ctl, default settings but
#            the port and socket), each seeded with USERS users of ORDERS orders each and ITEMS feed items
#            (`stackfeed seed --generate`), and TOKENS write tokens for random users (inserted as the store keeps
#            them: the SHA-256 of each `sft_…` secret; `token create` is one process per token);
#   pages  - wrk at 16 connections: `/v1/me/feed?limit=20` with a random token per request (a page of a random
#            user: mostly never asked before) against anonymous `/v1/feed?limit=20&after=…` pages of random
#            positions (never asked before), paired back to back, on SQLite (one server, --threads 2) and on
#            PostgreSQL with one server (--threads 2) and two (--threads 1 each, 8 connections each: requests/s
#            added, p99 the larger of the two);
#   cached - `/v1/feed?limit=20` asked again and again (the answer memo) on PostgreSQL and on SQLite;
#   orders - `POST /v1/me/orders` (one line item, a random write token per request, no Idempotency-Key) at 16
#            connections against scripts/order_anchor.c, a C program making the same transactions on the same
#            SQLite file from 16 threads (the ceiling: no HTTP, no JSON); rate, p99, and CPU per order (the
#            server's process, the C program's whole run: user + system time). Each side writes into its own
#            fresh copy of the seeded file: orders pile up, and a store grown to 3.4 M orders made both sides
#            about 2.5 times slower than one of 40,000.
#
#   scripts/bench-users.sh            # USERS=100000 ORDERS=10 ITEMS=1000000 TOKENS=10000 RUNS=5 DURATION=5
#   WARM=10 PARTS=pages scripts/bench-users.sh   # the pages only, each server first warmed by 10 s of me-feed
#            (a PostgreSQL server sends a /v1/me page's statements ahead for the user a token proved before)
#   PARTS=orders ORDER_THREADS="2 16" PREFER=minimal scripts/bench-users.sh   # the orders only, the server at
#            --threads 2 and 16 (writes answered at once share a commit: docs/HTTP.md), answers without the row
# BIN: the release binary (swift build -c release). Prints one line per measurement and the min/median/max
# summary with the paired ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/stackfeed}
USERS=${USERS:-100000}
ORDERS=${ORDERS:-10}
ITEMS=${ITEMS:-1000000}
TOKENS=${TOKENS:-10000}
RUNS=${RUNS:-5}
DURATION=${DURATION:-5}
PARTS=${PARTS:-pages orders}      # which figures: pages (per-user, anonymous and cached pages), orders
ORDER_THREADS=${ORDER_THREADS:-2} # the server's --threads for the orders, each a figure of its own
PREFER=${PREFER:-}                # minimal: the orders are sent with Prefer: return=minimal
BASE_BIN=${BASE_BIN:-}            # another build's binary (e.g. main before a change): its orders side by side
KEEP=${KEEP:-/tmp/stackfeed-bench-users}  # the seeded databases are kept here between runs (seeding takes minutes)
WARM=${WARM:-0}                   # seconds of unmeasured me-feed load on each new server before its figures (0: none)
. scripts/postgres-cluster.sh
. scripts/bench-servers.sh
work=$(mktemp -d /tmp/stackfeed-bench-users.XXXXXX)
results="$work/results.txt"
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  pg_cluster_stop "$KEEP/pgdata"
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$KEEP"

pages() { case " $PARTS " in *" pages "*) return 0 ;; *) return 1 ;; esac; }
sqlite_db="$KEEP/users.sqlite"

# seed_store DB: the data and the tokens file DB.tokens (one `sft_…` secret per line), unless already made.
seed_store() {
  local db=$1 tokens=$2
  [ -s "$tokens" ] && return
  echo "# seeding $db: $USERS users x $ORDERS orders, $ITEMS feed items, $TOKENS tokens" >&2
  /usr/bin/time -f "# seed users: %e s" "$BIN" seed --db "$db" --generate "$USERS" --kind user \
    --orders-per-user "$ORDERS" >/dev/null
  /usr/bin/time -f "# seed feed items: %e s" "$BIN" seed --db "$db" --generate "$ITEMS" >/dev/null
  python3 scripts/bench-users-tokens.py "$db" "$TOKENS" "$tokens.users" >"$tokens.new"
  mv "$tokens.new" "$tokens"
}
seed_store "$sqlite_db" "$KEEP/sqlite.tokens"
# The cluster (for the pages only): made once in $KEEP, started on a free port each run.
if pages; then
  pg_cluster_start "$KEEP/pgdata" "$work"
  pg_url="postgres://stackfeed@127.0.0.1:$pg_port/users"
  if [ ! -f "$KEEP/pg.created" ]; then
    as_server "$pgbin/createdb" -h "$work" -p "$pg_port" -U stackfeed users
    touch "$KEEP/pg.created"
  fi
  seed_store "$pg_url" "$KEEP/pg.tokens"
fi


# Lua scripts: a random token per request (read from the file in the environment's TOKENS_FILE), random pages.
tokens_lua='
local tokens = {}
local threads = 0
function setup(thread) threads = threads + 1; thread:set("seed", threads * 7919) end
function init(args)
  math.randomseed(seed)
  for line in io.lines(os.getenv("TOKENS_FILE")) do tokens[#tokens + 1] = line end
end
local function token() return tokens[math.random(1, #tokens)] end'
cat >"$work/me.lua" <<LUA
$tokens_lua
function request()
  return wrk.format("GET", "/v1/me/feed?limit=20", {["Authorization"] = "Bearer " .. token()})
end
LUA
cat >"$work/order.lua" <<LUA
$tokens_lua
function request()
  return wrk.format("POST", "/v1/me/orders",
    {["Authorization"] = "Bearer " .. token(), ["Content-Type"] = "application/json"$([ "$PREFER" = minimal ] && echo ', ["Prefer"] = "return=minimal"')},
    '{"items": [{"product": "arrival-tshirt", "quantity": 1}]}')
end
function response(status, headers, body)
  if status ~= 201 then io.stderr:write("order answered " .. status .. ": " .. body .. "\\n") end
end
LUA
cat >"$work/pages.lua" <<LUA
local threads = 0
function setup(thread) threads = threads + 1; thread:set("seed", threads * 7919) end
function init(args) math.randomseed(seed) end
function request()
  local n = math.random(1, $((ITEMS - 1000)))
  return wrk.format(nil, "/v1/feed?limit=20&after=feed_item:" .. n .. ":" .. n .. ":" .. n)
end
LUA

# wrk_run FIGURE SIDE RUN CONNS URL [wrk options]: appends "rps|p99_ms FIGURE SIDE RUN value" to $results.
wrk_run() {
  wrk -t2 -c"$4" -d"${DURATION}s" --latency "${@:6}" "$5" >"$work/wrk.txt"
  parse_wrk "$1" "$2" "$3" "$work/wrk.txt"
}
# wrk_pair FIGURE SIDE RUN PATH [wrk options]: two wrk at 8 connections each against the two servers in $urls.
wrk_pair() {
  wrk -t1 -c8 -d"${DURATION}s" --latency "${@:5}" "${urls[0]}$4" >"$work/wrk-a.txt" &
  local first=$!
  wrk -t1 -c8 -d"${DURATION}s" --latency "${@:5}" "${urls[1]}$4" >"$work/wrk-b.txt"
  wait "$first"
  parse_wrk "$1" "$2" "$3" "$work/wrk-a.txt" "$work/wrk-b.txt"
}
parse_wrk() {  # parse_wrk FIGURE SIDE RUN FILE…: requests/s added, p99 the largest
  python3 - "$@" >>"$results" <<'PY'
import re, sys
figure, side, run, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def ms(value, unit): return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
rps, p99 = 0.0, 0.0
for name in files:
    text = open(name).read()
    rps += float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p99 = max(p99, ms(*re.search(r"99%\s+([\d.]+)(us|ms|s)", text).groups()))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if errors: print(f"# errors {figure} {side} {run}: {errors.group(0)}", file=sys.stderr)
print(f"rps {figure} {side} {run} {rps:.1f}")
print(f"p99_ms {figure} {side} {run} {p99:.3f}")
PY
}

# The orders' CPU: user + system time of the server process (its /proc stat, in clock ticks) or of the C program
# (/usr/bin/time, its whole run), in microseconds per order.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
cpu_us() { awk -v t="$1" -v n="$2" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t / hz * 1e6 / n }'; }

cc -O2 -std=c11 -Wall -Wextra -pthread -o "$work/order_anchor" scripts/order_anchor.c -lsqlite3
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, $("$pgbin/postgres" --version), $USERS users x $ORDERS orders," \
  "$ITEMS feed items, $TOKENS tokens, runs $RUNS of ${DURATION} s, parts: $PARTS, orders at --threads $ORDER_THREADS${PREFER:+, Prefer: return=$PREFER}"
echo "# binary: $BIN ($(stat -c %s "$BIN") bytes), built from $(git -C "$(dirname "$BIN")" rev-parse --short HEAD 2>/dev/null || echo unknown)"
[ -z "$BASE_BIN" ] || echo "# base: $BASE_BIN, built from $(git -C "$(dirname "$BASE_BIN")" rev-parse --short HEAD 2>/dev/null || echo unknown) (the base-t sides)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq 1 "$RUNS"); do
  cat "$sqlite_db" >/dev/null  # into the page cache (the VM's DAMON evicts cold pages: docs/BENCHMARKS.md)
  # Pages: per-user and anonymous new pages back to back, on each store and server count.
  for store in $(pages && echo sqlite pg1 pg2); do
    case $store in
    sqlite) serve "$sqlite_db" 2; tokens=$KEEP/sqlite.tokens ;;
    pg1) serve "$pg_url" 2; tokens=$KEEP/pg.tokens ;;
    pg2) serve "$pg_url" 1; serve "$pg_url" 1; tokens=$KEEP/pg.tokens ;;
    esac
    for url in $([ "$WARM" -gt 0 ] && echo "${urls[@]}"); do  # each server has seen the tokens (and prepared)
      TOKENS_FILE=$tokens wrk -t1 -c8 -d"${WARM}s" -s "$work/me.lua" "$url/" >/dev/null
    done
    if [ "$store" = pg2 ]; then
      TOKENS_FILE=$tokens wrk_pair me-feed "$store" "$run" / -s "$work/me.lua"
      wrk_pair anon-pages "$store" "$run" / -s "$work/pages.lua"
      wrk_pair cached-feed "$store" "$run" "/v1/feed?limit=20"
    else
      TOKENS_FILE=$tokens wrk_run me-feed "$store" "$run" 16 "${urls[0]}/" -s "$work/me.lua"
      wrk_run anon-pages "$store" "$run" 16 "${urls[0]}/" -s "$work/pages.lua"
      wrk_run cached-feed "$store" "$run" 16 "${urls[0]}/v1/feed?limit=20"
    fi
    stop_servers
  done
  # Orders: the server and the C program each on a fresh copy of the same SQLite file, written to the disk
  # before the side starts (no writeback of the copy during the run); which goes first alternates from run to run.
  sides=$(for threads in $ORDER_THREADS; do echo "sqlite-t$threads ${BASE_BIN:+base-t$threads}"; done)
  case " $PARTS " in *" orders "*) ;; *) sides= ;; esac
  for side in $([ $((run % 2)) = 1 ] && echo $sides c-anchor || echo c-anchor $sides); do
    orders_db=$work/orders.sqlite
    rm -f "$orders_db" "$orders_db-wal" "$orders_db-shm"
    cp "$sqlite_db" "$orders_db" && sync
    if [ "$side" != c-anchor ]; then
      serve "$orders_db" "${side#*-t}" "$([ "${side%%-*}" = base ] && echo "$BASE_BIN")"
      before=$(cpu_ticks "${servers[0]}")
      TOKENS_FILE=$KEEP/sqlite.tokens wrk_run orders "$side" "$run" 16 "${urls[0]}/" -s "$work/order.lua"
      ticks=$(($(cpu_ticks "${servers[0]}") - before))
      echo "cpu_us orders $side $run $(cpu_us "$ticks" "$(grep -o '[0-9]* requests in' "$work/wrk.txt" | cut -d' ' -f1)")" \
        >>"$results"
      stop_servers
    else
      /usr/bin/time -f '%U %S' -o "$work/anchor.time" \
        "$work/order_anchor" "$orders_db" 16 "$DURATION" "$KEEP/sqlite.tokens.users" >"$work/anchor.txt"
      read -r rate p99 <"$work/anchor.txt"
      echo "rps orders c-anchor $run $rate" >>"$results"
      echo "p99_ms orders c-anchor $run $p99" >>"$results"
      ticks=$(awk -v hz="$(getconf CLK_TCK)" '{ printf "%d", ($1 + $2) * hz }' "$work/anchor.time")
      echo "cpu_us orders c-anchor $run $(cpu_us "$ticks" "$(awk -v r="$rate" -v d="$DURATION" 'BEGIN { printf "%d", r * d }')")" \
        >>"$results"
    fi
  done
  echo "# run $run done, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
cat "$results"
python3 - "$results" <<'PY'
import collections, statistics, sys
values = collections.defaultdict(list)
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    figure, name, side, run, value = line.split()
    values[(figure, name, side)].append(float(value))
    runs[(figure, name, side)][run] = float(value)
print(f"{'figure':<7} {'measure':<12} {'side':<9} {'min':>10} {'median':>10} {'max':>10}  runs")
for (figure, name, side), v in sorted(values.items()):
    print(f"{figure:<7} {name:<12} {side:<9} {min(v):>10.1f} {statistics.median(v):>10.1f} {max(v):>10.1f}  {len(v)}")
def ratio(label, top, bottom):
    a, b = runs.get(top, {}), runs.get(bottom, {})
    r = [a[k] / b[k] for k in a if k in b and b[k] > 0]
    if r: print(f"ratio   {label:<44} {min(r):>7.3f} {statistics.median(r):>7.3f} {max(r):>7.3f}  {len(r)}")
print("paired ratios (min median max runs):")
for store in ("sqlite", "pg1", "pg2"):
    ratio(f"me-feed / anon-pages rps, {store}", ("rps", "me-feed", store), ("rps", "anon-pages", store))
ratio("cached-feed rps, pg1 / sqlite", ("rps", "cached-feed", "pg1"), ("rps", "cached-feed", "sqlite"))
for side in sorted({side for (_, name, side) in values if name == "orders" and side != "c-anchor"}):
    ratio(f"orders rps, server {side} / c-anchor", ("rps", "orders", side), ("rps", "orders", "c-anchor"))
    ratio(f"orders CPU/order, {side} / c-anchor", ("cpu_us", "orders", side), ("cpu_us", "orders", "c-anchor"))
PY
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
