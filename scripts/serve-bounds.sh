# The serve section of scripts/resource-bounds.sh (sourced by it, after its databases are made: it uses BIN,
# WORK, db, BIG, fail, servers and the SERVE_* settings described there). A failed bound is reported
# and the section goes on, so that one run shows every figure; it fails at its end.

failures=0
miss() { echo "resource-bounds: FAIL: $*" >&2; failures=$((failures + 1)); }  # a bound not kept

for tool in wrk curl; do command -v "$tool" >/dev/null || fail "the serve section needs $tool"; done

# Each request a random 20-card /v1/render page of the BIG-row feed (after=feed_item:N:N:N, the cursor after the
# item at position N), each wrk thread its own sequence: nearly every page is one never asked before. Counts the
# answers by status; done() prints "statuses 200=N 503=M … errors connect=… read=… write=… timeout=…".
cat >"$WORK/new-pages.lua" <<LUA
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("seed", #threads * 7919)
end
function init(args)
  math.randomseed(seed)
  statuses = {}
end
function request()
  local n = math.random(1, $((BIG - 100)))
  return wrk.format(nil, "/v1/render?limit=20&after=feed_item:" .. n .. ":" .. n .. ":" .. n)
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do total[status] = (total[status] or 0) + count end
  end
  local line = "statuses"
  for status, count in pairs(total) do line = line .. " " .. status .. "=" .. count end
  local e = summary.errors
  io.write(line .. " errors connect=" .. e.connect .. " read=" .. e.read .. " write=" .. e.write ..
    " timeout=" .. e.timeout .. "\n")
end
LUA

# start_server LOG [NOFILE] -- SERVE ARGUMENTS…: a server on a free port (under `ulimit -n NOFILE` when given),
# its stderr in LOG; waits for its "serving" line and sets server_pid and server_url.
start_server() {
  local log=$1 nofile=$2
  shift 3
  : >"$log"
  if [ -n "$nofile" ]; then
    (ulimit -n "$nofile" && exec "$BIN" serve --port 0 --quiet "$@") 2>"$log" &
  else
    "$BIN" serve --port 0 --quiet "$@" 2>"$log" &
  fi
  server_pid=$!
  servers+=("$server_pid")
  until grep -q 'serving http' "$log"; do
    kill -0 "$server_pid" 2>/dev/null || fail "serve $* did not start: $(cat "$log")"
    sleep 0.05
  done
  server_url=$(grep -o 'http://[^/]*' "$log" | head -1)
}

stop_server() {  # stop_server PID: SIGTERM, then waits for its exit (0)
  kill "$1"
  wait "$1" || fail "serve (pid $1) exited $? after SIGTERM"
}

status_kb() { awk -v field="$2:" '$1 == field {print $2}' "/proc/$1/status"; }  # status_kb PID VmRSS|VmHWM

# load URL OUT: the wrk run, its output in OUT. A client waits up to 30 s for an answer (a client past the
# connection limit waits in the listen backlog: that is slower, not an error).
load() {
  wrk -t2 -c"$SERVE_CLIENTS" -d"${SERVE_SECONDS}s" --timeout 30s -s "$WORK/new-pages.lua" "$1" >"$2" 2>&1 ||
    fail "wrk failed: $(cat "$2")"
}

# drained PID: waits until the server (on SQLite: its only socket then is the listening one) has closed every
# client connection, which it does once it has answered the requests it had taken; prints the seconds waited.
# wrk's clients go at the end of the load, but a server with a thread per connection may still be working off
# requests it took (each waits up to 5 s for a database connection): the load ends for it when they are done.
drained() {
  local start=$SECONDS
  while [ "$(find "/proc/$1/fd" -lname 'socket:*' 2>/dev/null | wc -l)" -gt 1 ]; do sleep 0.1; done
  echo $((SECONDS - start))
}

# check_answers OUT WHAT [report]: most answers 2xx (non-2xx under 1 %; with "report", only said), at least one
# answer, no socket errors but timeouts (a client still waiting when wrk stops is counted there); prints the
# figures.
check_answers() {
  local line ok=0 other=0 status count
  line=$(grep '^statuses' "$1") || fail "$2: no statuses from wrk: $(cat "$1")"
  for pair in $(echo "$line" | sed 's/ errors.*//; s/^statuses//'); do
    status=${pair%=*} count=${pair#*=}
    if [ "$status" -ge 200 ] && [ "$status" -lt 300 ]; then ok=$((ok + count)); else other=$((other + count)); fi
  done
  echo "resource-bounds: serve $2: $(grep -o 'Requests/sec: *[0-9.]*' "$1"), $ok 2xx, $other other ($line)"
  [ "$ok" -gt 0 ] || miss "$2: no 2xx answer"
  if [ "${3:-}" != report ] && [ $((other * 100)) -ge $((ok + other)) ]; then
    miss "$2: $other of $((ok + other)) answers are not 2xx (1 % allowed)"
  fi
  echo "$line" | grep -q 'connect=0 read=0 write=0' || miss "$2: socket errors: $line"
}

serve_mode() {  # serve_mode THREADS: the memory check, then the file descriptor check, in one threading mode
  local threads=$1 idle peak after drain log="$WORK/serve-$1.log"
  start_server "$log" "" -- --db "${db[$BIG]}" --threads "$threads"
  curl -sf -o /dev/null "$server_url/v1/render?limit=20" || fail "--threads $threads: the first request failed"
  idle=$(status_kb "$server_pid" VmRSS)
  load "$server_url" "$WORK/wrk-$threads.txt"
  drain=$(drained "$server_pid")
  peak=$(status_kb "$server_pid" VmHWM)
  sleep 5  # the issue's "5 s after the load"
  after=$(status_kb "$server_pid" VmRSS)
  curl -sf -o /dev/null "$server_url/v1/render?limit=20" || miss "--threads $threads: no answer after the load"
  stop_server "$server_pid"
  echo "resource-bounds: serve --threads $threads, $SERVE_CLIENTS clients ${SERVE_SECONDS} s: RSS idle ${idle} KiB," \
    "peak ${peak} KiB, 5 s after ${after} KiB (the last connection closed ${drain} s after wrk ended)"
  # Answers other than 2xx are said, not failed here: a slow (debug) build with a thread per connection takes
  # more requests at once than its database connections answer within their 5 s wait (503 + Retry-After).
  check_answers "$WORK/wrk-$threads.txt" "--threads $threads" report
  [ "$peak" -le "$MAX_SERVE_PEAK_KB" ] || miss "--threads $threads: peak RSS ${peak} KiB > ${MAX_SERVE_PEAK_KB} KiB"
  [ $((after * 2)) -le $((idle * 3)) ] || miss "--threads $threads: RSS ${after} KiB 5 s after the load > 1.5 x ${idle} KiB"

  log="$WORK/serve-$threads-nofile.log"
  start_server "$log" 64 -- --db "${db[$BIG]}" --threads "$threads"
  grep -q 'descriptor' "$log" || miss "--threads $threads under ulimit -n 64: no line on the connection limit"
  load "$server_url" "$WORK/wrk-$threads-nofile.txt"
  curl -sf -o /dev/null "$server_url/v1/render?limit=20" || miss "--threads $threads, ulimit -n 64: no answer after"
  stop_server "$server_pid"
  echo "resource-bounds: serve --threads $threads under ulimit -n 64: $(grep -v 'serving http' "$log" | head -3)"
  check_answers "$WORK/wrk-$threads-nofile.txt" "--threads $threads under ulimit -n 64"
  if grep -qi 'too many open files' "$log"; then miss "--threads $threads, ulimit -n 64: $(grep -i -m1 'too many' "$log")"; fi
}

serve_postgres() {  # two --threads 0 servers on one PostgreSQL database, both under load: sessions sampled
  . scripts/postgres-cluster.sh
  [ -n "$pgbin" ] || fail "the serve section needs PostgreSQL (initdb, postgres)"
  pg_cluster_start "$WORK/pgdata" "$WORK"
  local url="postgres://stackfeed@127.0.0.1:$pg_port/bounds" most=0 bound=0 sessions urls=() pids=() loads=()
  psql() { as_server "$pgbin/psql" -h "$WORK" -p "$pg_port" -U stackfeed -X -q -At "$@"; }
  as_server "$pgbin/createdb" -h "$WORK" -p "$pg_port" -U stackfeed bounds
  "$BIN" seed --db "$url" >/dev/null
  psql -d bounds -c "INSERT INTO feed_item (id, title, subtitle, tag, image, position)
    SELECT md5(i::text), 'Raise the bar', 'Level up in Vital Rise', CASE WHEN i % 3 = 0 THEN 'new' END, 'raise',
      6 + i FROM generate_series(1, $BIG) AS i"
  for n in 1 2; do
    start_server "$WORK/serve-pg-$n.log" "" -- --db "$url" --threads 0
    urls+=("$server_url") pids+=("$server_pid")
    # Each server says its bound at start: "…, 4 database connections at most, …".
    bound=$((bound + $(grep -o '[0-9]* database connections at most' "$WORK/serve-pg-$n.log" | cut -d' ' -f1)))
  done
  echo "resource-bounds: PostgreSQL max_connections $(psql -d postgres -c 'SHOW max_connections')"
  for n in 0 1; do
    load "${urls[$n]}" "$WORK/wrk-pg-$n.txt" &
    loads+=($!)
  done
  # One psql session, opened before the load (the servers may take every session there is), asked every 0.1 s.
  coproc SAMPLER { psql -d postgres; }
  while kill -0 "${loads[@]}" 2>/dev/null; do
    echo "SELECT count(*) FROM pg_stat_activity WHERE datname = 'bounds';" >&"${SAMPLER[1]}"
    read -r sessions <&"${SAMPLER[0]}"
    [ "$sessions" -le "$most" ] || most=$sessions
    sleep 0.1
  done
  wait "${loads[@]}"
  echo '\q' >&"${SAMPLER[1]}"
  echo "resource-bounds: serve on PostgreSQL, two servers, $SERVE_CLIENTS clients each: at most $most sessions" \
    "(their bounds: $bound together)"
  [ "$most" -le "$bound" ] || miss "two servers on PostgreSQL held $most sessions, more than their bounds ($bound)"
  for n in 0 1; do
    check_answers "$WORK/wrk-pg-$n.txt" "PostgreSQL server $((n + 1)) of 2, --threads 0" report
    stop_server "${pids[$n]}"
  done
}

serve_mode 2
serve_mode 0
serve_postgres
[ "$failures" = 0 ] || fail "serve: $failures bound(s) not kept (above)"
