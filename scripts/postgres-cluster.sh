# A throwaway PostgreSQL cluster for the scripts (sourced, not run): bench-postgres-store.sh, bench-users.sh,
# resource-bounds.sh. Default settings but the port (a free one), listen_addresses (127.0.0.1) and the socket
# folder. As root, the server programs run as the user postgres (initdb refuses root).
#
#   . scripts/postgres-cluster.sh
#   pg_cluster_start "$work/pgdata" "$work"     # initdb when the folder is missing, then start; sets $pg_port
#   as_server "$pgbin/createdb" -h "$work" -p "$pg_port" -U stackfeed mydb
#   pg_cluster_stop "$work/pgdata"              # in the script's EXIT trap; nothing when it is not running
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)

# as_server COMMAND…: runs a server program as postgres when root, else as is.
as_server() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups "$@"; else "$@"; fi; }

# pg_cluster_start DATA SOCKETS: makes the cluster in DATA (superuser stackfeed, trust) unless it exists, and
# starts it on a free port of 127.0.0.1 with its socket in SOCKETS and its log in SOCKETS/postgres.log; sets
# pg_port. SOCKETS (and DATA's parent) must be writable by postgres when root.
pg_cluster_start() {
  local data=$1 sockets=$2
  [ "$(id -u)" = 0 ] && chown postgres "$sockets" "$(dirname "$data")"
  pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  if [ ! -d "$data" ]; then
    as_server "$pgbin/initdb" -D "$data" --locale=C --encoding=UTF8 -U stackfeed --auth=trust >/dev/null
  fi
  sed -i '/^port = \|^listen_addresses\|^unix_socket_directories/d' "$data/postgresql.conf"
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n" "$pg_port" "$sockets" \
    >>"$data/postgresql.conf"
  as_server "$pgbin/pg_ctl" -D "$data" -l "$sockets/postgres.log" -w start >/dev/null
}

# pg_cluster_stop DATA: stops the cluster in DATA when it runs.
pg_cluster_stop() {
  if [ -f "$1/postmaster.pid" ]; then as_server "$pgbin/pg_ctl" -D "$1" -m fast stop >/dev/null; fi
}
