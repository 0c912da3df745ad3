#!/usr/bin/env bash
# How long a re-seed committed on a PostgreSQL primary takes to show on a streaming replica (docs/STORAGE.md,
# "Read replicas"): a throwaway primary (initdb, pg_ctl, default settings) and a hot standby made with
# `pg_basebackup -R`, both on this machine; RUNS times `stackfeed seed --reset --no-reference --generate ROWS`
# on the primary, then psql polls the replica until the feed it holds is the new one. Prints the lag of each
# run (from the seed process's exit to the first poll that sees the new feed) and min/median/max.
#
#   scripts/measure-replica-lag.sh            # ROWS=100000 RUNS=5, BIN=.build/release/stackfeed
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/stackfeed}
ROWS=${ROWS:-100000}
RUNS=${RUNS:-5}
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d /tmp/stackfeed-replica-lag.XXXXXX)
as_server() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups "$@"; else "$@"; fi; }
cleanup() {
  for data in standby primary; do
    [ -f "$work/$data/postmaster.pid" ] && as_server "$pgbin/pg_ctl" -D "$work/$data" -m fast stop >/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
[ "$(id -u)" = 0 ] && chown postgres "$work"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
settings() { printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n" "$1" "$work" >>"$work/$2/postgresql.conf"; }

primary=$(free_port)
as_server "$pgbin/initdb" -D "$work/primary" --locale=C --encoding=UTF8 -U stackfeed --auth=trust >/dev/null
settings "$primary" primary
as_server "$pgbin/pg_ctl" -D "$work/primary" -l "$work/primary.log" -w start >/dev/null
standby=$(free_port)
as_server "$pgbin/pg_basebackup" -h "$work" -p "$primary" -U stackfeed -D "$work/standby" -R --checkpoint=fast
settings "$standby" standby
as_server "$pgbin/pg_ctl" -D "$work/standby" -l "$work/standby.log" -w start >/dev/null
url="postgres://stackfeed@127.0.0.1:$primary/postgres"
"$BIN" seed --db "$url" >/dev/null

echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $("$pgbin/postgres" --version), rows $ROWS, load $(cut -d' ' -f1-3 /proc/loadavg)"
lags=()
for run in $(seq 1 "$RUNS"); do
  "$BIN" seed --db "$url" --reset --no-reference --generate "$ROWS" >/dev/null
  done_at=$(date +%s.%N)
  # The id of the new feed's first item: the replica has the new feed once it holds that row.
  first=$(psql -h 127.0.0.1 -p "$primary" -U stackfeed -At -c 'SELECT id FROM feed_item ORDER BY position LIMIT 1' postgres)
  until [ "$(psql -h 127.0.0.1 -p "$standby" -U stackfeed -At -c "SELECT count(*) FROM feed_item WHERE id = '$first'" postgres)" = 1 ]; do :; done
  lag=$(echo "$(date +%s.%N) - $done_at" | bc)
  echo "run $run: lag $lag s"
  lags+=("$lag")
done
printf '%s\n' "${lags[@]}" | sort -n | awk '{a[NR] = $1} END {printf "lag: median %.3f s, min %.3f, max %.3f (n=%d)\n", a[int((NR + 1) / 2)], a[1], a[NR], NR}'
