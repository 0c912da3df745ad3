#!/usr/bin/env bash
# The window a PostgreSQL answer memo must close (docs/STORAGE.md, "The answer memo on PostgreSQL"): how long after
# a writer's COMMIT returns its NOTIFY reaches a listening session's socket, and the cost of the protocol Sync
# round trip that closes it. A throwaway cluster (initdb, default settings, 127.0.0.1), scripts/notify_window.c
# built against libpq (Debian libpq-dev, installed here when missing, for this script only).
#
#   scripts/measure-notify-window.sh            # COMMITS=2000
set -euo pipefail
cd "$(dirname "$0")/.."
COMMITS=${COMMITS:-2000}
if [ ! -f /usr/include/postgresql/libpq-fe.h ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq libpq-dev >/dev/null
fi
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d /tmp/stackfeed-notify-window.XXXXXX)
as_server() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups "$@"; else "$@"; fi; }
cleanup() {
  [ -f "$work/data/postmaster.pid" ] && as_server "$pgbin/pg_ctl" -D "$work/data" -m fast stop >/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
[ "$(id -u)" = 0 ] && chown postgres "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_server "$pgbin/initdb" -D "$work/data" -U stackfeed --auth=trust >/dev/null
printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n" "$port" "$work" >>"$work/data/postgresql.conf"
as_server "$pgbin/pg_ctl" -D "$work/data" -l "$work/server.log" -w start >/dev/null
cc -O2 -std=c11 -Wall -I/usr/include/postgresql -o "$work/notify_window" scripts/notify_window.c -lpq
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $("$pgbin/postgres" --version), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tcp 127.0.0.1:  $("$work/notify_window" "postgres://stackfeed@127.0.0.1:$port/postgres" "$COMMITS" | tr '\n' ' ')"
echo "unix socket:    $("$work/notify_window" "host=$work port=$port user=stackfeed dbname=postgres" "$COMMITS" | tr '\n' ' ')"
