# Sourced by the benchmark scripts that run several `stackfeed serve` at once (bench-users.sh,
# bench-postgres-store.sh): the one way they start and stop them. Needs $work (a scratch folder) and $BIN.
#
#   serve DB THREADS [BINARY]   one server (BINARY, default $BIN) on DB at a free port, --quiet; waits until it
#                               listens, appends its pid to $servers and its URL to $urls
#   stop_servers                stops every server started (TERM), waits for each, empties both lists

servers=()
urls=()

serve() {
  local log="$work/serve-${#servers[@]}.log"
  : >"$log"  # a log of an earlier run's server of the same number would give that server's port
  "${3:-$BIN}" serve --db "$1" --port 0 --quiet --threads "$2" >/dev/null 2>"$log" &
  servers+=($!)
  until grep -q 'serving http' "$log"; do sleep 0.05; done
  urls+=("$(grep -o 'http://[^/]*' "$log" | head -1)")
}

stop_servers() {
  for pid in "${servers[@]}"; do kill "$pid" && wait "$pid" || true; done
  servers=()
  urls=()
}
