#!/usr/bin/env bash
# Images (docs/BENCHMARKS.md, "Images"): `stackfeed serve` resizing a 1.15 MB reference JPEG (reset.jpg,
# 1020 × 1029) to a gallery tile of 77 × 91 points at scale 3 (231 × 273 pixels, cover, JPEG) against nginx's
# image_filter doing the same crop per request (Debian libnginx-mod-http-image-filter, gd) and against
# vipsthumbnail run once per image; a kept variant against nginx sending the same bytes as a static file; the
# server's peak RSS while resizing at 16 connections; and the bytes on the wire for the reference feed's images
# at scale 3 (each image node's frame, as the layout gives it) against the original files. wrk at 16
# connections; for each run, stackfeed then nginx, back to back (paired ratios).
#
#   BIN=.build/release/stackfeed scripts/bench-images.sh     # RUNS=3 runs of DURATION=5 s, THREADS=2
#   flock /work/bench.lock scripts/bench-images.sh           # on a shared machine: one benchmark at a time
#   PHOTO=FILE scripts/bench-images.sh                        # another JPEG stored (PUT) as the image 'reset'
#                                                              # first: the same figures for that photo (its
#                                                              # bytes then count in the bytes on the wire)
# Prints the load average before and after (write it beside the figures).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/stackfeed}
RUNS=${RUNS:-3}
DURATION=${DURATION:-5}
THREADS=${THREADS:-2}
CONNS=${CONNS:-16}
photo=${PHOTO:-Seeds/account/images/reset.jpg}
work=$(mktemp -d /tmp/stackfeed-bench-images.XXXXXX)
results="$work/results.txt"
server_pid=""
cleanup() {
  stop_server
  stop_nginx
  rm -rf "$work"
}
source scripts/bench-nginx.sh
trap cleanup EXIT

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "photo: $photo, $(stat -c %s "$photo") bytes, $(vipsheader -f width "$photo") x $(vipsheader -f height "$photo")"
"$BIN" seed --db "$work/feed.sqlite" >/dev/null
# The JPEG quality stackfeed writes a tile at scale 3 at (ImageRequest.jpegQuality): nginx and vipsthumbnail are
# given the same, so every side encodes the same pixels at the same setting.
quality=65

start_server() {  # start_server [OPTIONS]: serve on a free port (sets $server_pid and $server)
  # The previous server's log goes first: its 'serving' line would name a port nobody listens on any more.
  rm -f "$work/serve.log"
  "$BIN" serve --db "$work/feed.sqlite" --port 0 --quiet --threads "$THREADS" "$@" 2>"$work/serve.log" &
  server_pid=$!
  until grep -qs 'serving http' "$work/serve.log"; do sleep 0.05; done
  server=$(grep -o 'http://[^/]*' "$work/serve.log" | head -1)
}
stop_server() {  # stops serve (TERM) and waits for it; nothing when none runs (safe in the EXIT trap)
  [ -n "$server_pid" ] || return 0
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

if [ -n "${PHOTO:-}" ]; then  # stored as the image 'reset' through the API, checked as every upload is
  admin=$("$BIN" token create --db "$work/feed.sqlite" --user default --scope admin)
  start_server
  curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $admin" -H 'If-Match: *' --data-binary @"$photo" \
    "$server/v1/images/reset"
  stop_server
fi
version=$(sqlite3 "$work/feed.sqlite" "SELECT version FROM images WHERE name = 'reset'")
tile="/v1/images/reset?v=$version&w=77&h=91&fit=cover&scale=3&r=2&format=jpeg"

# nginx (scripts/bench-nginx.sh) on a free port (sets $port): /photo/reset.jpg cropped by image_filter as
# stackfeed crops it, /static/tile.jpg the bytes stackfeed answers for the tile.
mkdir -p "$work/html/photo" "$work/html/static"
cp "$photo" "$work/html/photo/reset.jpg"
curl_tile() { curl -sf -o "$1" "$server$tile"; }
start_image_nginx() {
  port=$(free_port)
  start_nginx "$work" "load_module /usr/lib/nginx/modules/ngx_http_image_filter_module.so;
worker_processes $THREADS;
user root;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 100000000;
  types { image/jpeg jpg; }
  server {
    listen 127.0.0.1:$port;
    root $work/html;
    location /photo/ {
      image_filter crop 231 273;
      image_filter_jpeg_quality $quality;
      image_filter_buffer 4M;
    }
  }
}" "http://127.0.0.1:$port/static/tile.jpg"
}

# cpu_ticks PID…: the user + system CPU the processes used so far, in clock ticks (all their threads).
cpu_ticks() {
  local pid total=0
  for pid in "$@"; do total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat"))); done
  echo "$total"
}

# wrk_run NAME SERVER RUN URL PID…: one wrk run against the server of processes PID…; appends "rps/p99_ms/cpu_ms
# NAME SERVER RUN value" lines (cpu_ms: the server's CPU per request, which the other processes on a shared
# machine change less than the rate).
wrk_run() {
  local before
  before=$(cpu_ticks "${@:5}")
  # A resize takes up to a second or two on a loaded machine: wrk's default 2 s timeout would count those
  # requests as errors, not as answers.
  wrk -t2 -c"$CONNS" -d"${DURATION}s" --timeout 30s --latency "$4" >"$work/wrk.txt"
  python3 - "$work/wrk.txt" "$1" "$2" "$3" "$(($(cpu_ticks "${@:5}") - before))" "$(getconf CLK_TCK)" >>"$results" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
name, server, run = sys.argv[2:5]
ticks, per_second = int(sys.argv[5]), int(sys.argv[6])
requests = int(re.search(r"(\d+) requests in", text).group(1))
def ms(value, unit):
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p99 = ms(*re.search(r"99%\s+([\d.]+)(us|ms|s)", text).groups())
for error in re.findall(r"(?:Non-2xx.*|Socket errors.*)", text):
    print(f"# errors {name} {server} {run}: {error}", file=sys.stderr)
print(f"rps {name} {server} {run} {rps:.1f}")
print(f"p99_ms {name} {server} {run} {p99:.3f}")
print(f"cpu_ms {name} {server} {run} {1000 * ticks / per_second / requests:.4f}")
PY
}

# The tile's bytes, made once, for nginx's static file.
start_server
curl_tile "$work/html/static/tile.jpg"
stop_server
start_image_nginx
# Like for like: both answer a JPEG of the same pixels (sizes and bytes printed).
curl -sf -o "$work/nginx-tile.jpg" "http://127.0.0.1:$port/photo/reset.jpg"
for file in "$work/html/static/tile.jpg" "$work/nginx-tile.jpg"; do
  echo "$(basename "$file"): $(vipsheader -f width "$file") x $(vipsheader -f height "$file"), $(stat -c %s "$file") bytes"
done

for run in $(seq "$RUNS"); do
  start_server --memo-size 0  # nothing kept: every request resizes
  wrk_run resize stackfeed "$run" "$server$tile" "$server_pid"
  stop_server
  wrk_run resize nginx-image_filter "$run" "http://127.0.0.1:$port/photo/reset.jpg" $(nginx_processes)
  start_server  # the variant kept after the first request
  curl -sf -o /dev/null "$server$tile"
  wrk_run kept stackfeed "$run" "$server$tile" "$server_pid"
  stop_server
  wrk_run kept nginx-static "$run" "http://127.0.0.1:$port/static/tile.jpg" $(nginx_processes)
done

# vipsthumbnail, one process per image, one after another (what a script resizing on demand would do).
count=40
start=$(date +%s.%N)
for _ in $(seq $count); do vipsthumbnail "$photo" -s 231x273 -m centre -o "$work/thumb.jpg[Q=$quality,strip,optimize_coding]"; done
python3 -c "import sys; t = float(sys.argv[2]) - float(sys.argv[1]); print(f'vipsthumbnail: {int(sys.argv[3]) / t:.1f} images/s, {1000 * t / int(sys.argv[3]):.1f} ms each (one process per image, serial)')" \
  "$start" "$(date +%s.%N)" "$count"

# Peak RSS while resizing at $CONNS connections (nothing kept, so every request decodes and resizes).
start_server --memo-size 0
wrk -t2 -c"$CONNS" -d"${DURATION}s" "$server$tile" >/dev/null
echo "stackfeed serve peak RSS resizing at $CONNS connections: $(awk '/VmHWM/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$server_pid/status")"
stop_server

# Bytes on the wire: every image node of the reference feed laid out at 390 points, its frame at scale 3
# (ImageVariant's rounding: whole points up), AVIF (where the server writes it), WebP and JPEG, against the
# original files.
start_server
"$BIN" render --db "$work/feed.sqlite" --format json --width 390 >"$work/render.json"
python3 - "$work/render.json" "$work/feed.sqlite" "$server" <<'PY'
import json, math, sqlite3, sys, urllib.error, urllib.request
render, database, server = sys.argv[1:4]
stored = {name: (version, size) for name, version, size in
          sqlite3.connect(database).execute("SELECT name, version, length(bytes) FROM images")}
nodes = []
def walk(node):
    if isinstance(node, dict):
        if node.get("type") == "image" and node.get("image") in stored:
            nodes.append((node["image"], node["frame"]))
        for value in node.values(): walk(value)
    elif isinstance(node, list):
        for value in node: walk(value)
walk(json.load(open(render)))
def points(side):
    return max(1, math.ceil(side - 0.001))
totals = {"original": 0, "jpeg": 0, "webp": 0, "avif": 0}
for name, frame in nodes:
    version, size = stored[name]
    url = f"{server}/v1/images/{name}?v={version}&w={points(frame['width'])}&h={points(frame['height'])}&fit=cover&scale=3&r=2"
    totals["original"] += size
    for fmt in ("jpeg", "webp", "avif"):
        if totals[fmt] is None:
            continue
        try:
            totals[fmt] += len(urllib.request.urlopen(url + f"&format={fmt}").read())
        except urllib.error.HTTPError:
            if fmt != "avif": raise
            totals[fmt] = None  # 400: this server's libvips writes no AVIF
print(f"bytes on the wire, {len(nodes)} image nodes of the reference feed at scale 3: originals {totals['original']:,} B,"
      f" JPEG {totals['jpeg']:,} B ({totals['original'] / totals['jpeg']:.1f}x fewer),"
      f" WebP {totals['webp']:,} B ({totals['original'] / totals['webp']:.1f}x fewer)"
      + (f", AVIF {totals['avif']:,} B ({totals['original'] / totals['avif']:.1f}x fewer)" if totals["avif"] else ", no AVIF"))
PY
stop_server

python3 - "$results" <<'PY'
import collections, statistics, sys
groups = collections.defaultdict(list)
runs = collections.defaultdict(dict)
cpu = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    figure, name, server, run, value = line.split()
    groups[(name, server, figure)].append(float(value))
    if figure == "rps":
        runs[(name, run)][server] = float(value)
    if figure == "cpu_ms":
        cpu[(name, run)][server] = float(value)
print(f"{'request':<8} {'server':<20} {'figure':<7} {'min':>9} {'median':>9} {'max':>9}  runs")
for (name, server, figure), values in sorted(groups.items()):
    digits = 3 if figure == "cpu_ms" else 1
    print(f"{name:<8} {server:<20} {figure:<7} {min(values):>9.{digits}f} {statistics.median(values):>9.{digits}f}"
          f" {max(values):>9.{digits}f}  {len(values)}")
for name in ("resize", "kept"):
    ratios = [pair["stackfeed"] / other for (n, _), pair in runs.items() if n == name
              for server, other in pair.items() if server != "stackfeed"]
    print(f"{name}: stackfeed/nginx requests/s, paired per run: median {statistics.median(ratios):.2f}"
          f" [{min(ratios):.2f}, {max(ratios):.2f}]")
    ratios = [other / pair["stackfeed"] for (n, _), pair in cpu.items() if n == name and pair.get("stackfeed")
              for server, other in pair.items() if server != "stackfeed"]
    if ratios:
        print(f"{name}: nginx/stackfeed CPU per request, paired per run: median {statistics.median(ratios):.2f}"
              f" [{min(ratios):.2f}, {max(ratios):.2f}]")
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
