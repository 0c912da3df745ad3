# Sourced by the benchmark scripts that compare with nginx (bench-serve.sh, bench-images.sh, bench-events.sh):
# the one way to run an nginx of their own — its own configuration, prefix directory and free port, in the
# foreground, never the system's service.
#
#   port=$(free_port)             a TCP port free on 127.0.0.1 now
#   start_nginx DIR CONF URL      writes CONF (main-context directives and blocks; the pid file and error log in
#                                 DIR are added) to DIR/nginx.conf, starts nginx with DIR as its prefix, sets
#                                 $nginx_pid and waits until URL answers (any HTTP status)
#   stop_nginx                    stops it (TERM) and waits for it; nothing when none runs
#   nginx_processes               the pids of the running nginx: the master, then its workers
#
# Debian: apt-get install nginx-light (plus libnginx-mod-nchan for bench-events.sh,
# libnginx-mod-http-image-filter for bench-images.sh); the nginx service may stay stopped.

nginx_pid=""

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_nginx() {
  local dir=$1 conf=$2 url=$3
  {
    echo "pid $dir/nginx.pid;"
    echo "error_log $dir/nginx-error.log;"
    echo "$conf"
  } >"$dir/nginx.conf"
  nginx -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' &
  nginx_pid=$!
  until curl -s -o /dev/null "$url"; do
    kill -0 "$nginx_pid" 2>/dev/null || { echo "nginx did not start: $(tail -3 "$dir/nginx-error.log")" >&2; return 1; }
    sleep 0.05
  done
}

stop_nginx() {
  [ -n "$nginx_pid" ] || return 0
  kill "$nginx_pid" 2>/dev/null || true
  wait "$nginx_pid" 2>/dev/null || true
  nginx_pid=""
}

nginx_processes() {
  echo "$nginx_pid" $(cat "/proc/$nginx_pid/task/$nginx_pid/children" 2>/dev/null)
}
