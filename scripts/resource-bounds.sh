#!/usr/bin/env bash
# Resource bounds (issue 6, item 7; issue 22): `list` and `render` stream, so their peak memory does not grow with
# the feed, and a reader that closes the pipe early ends them quietly; `serve` keeps its memory, connections and
# files within bounds under SERVE_CLIENTS=512 clients asking pages never asked before (docs/RELIABILITY.md,
# "Bounded resources").
#
#   scripts/resource-bounds.sh            # list at 10k vs 1M rows, render (json, svg) at 1k vs 10k, serve (debug build)
#   SMALL=10000 BIG=1000000 RENDER_SMALL=10000 RENDER_BIG=1000000 STACKFEED_BIN=.build/release/stackfeed \
#     scripts/resource-bounds.sh          # the full figures with a release binary
#   ONLY=serve scripts/resource-bounds.sh # the serve section alone
#
# Peak RSS comes from /usr/bin/time (%M, KiB). "Flat" means the big run needs at most MAX_GROWTH_KB more
# than the small one (default 8 MiB; holding a million rows would take hundreds of MiB).
#
# serve, in both threading modes (--threads 2 and --threads 0, a thread per connection), with wrk at
# SERVE_CLIENTS connections for SERVE_SECONDS=10 s, each request a random 20-card /v1/render page of the BIG-row
# feed: peak RSS (VmHWM) at most MAX_SERVE_PEAK_KB (128 MiB), RSS 5 s after the load (once the server has closed
# its last client connection) at most 1.5 x its idle value (after start and one request), and the server answers
# afterwards; the same load with the server under `ulimit -n 64`: the server says on stderr that it lowered its
# connection limit, and under 1 % of the answers are not 2xx; on PostgreSQL (a throwaway cluster), two
# --threads 0 servers under that load at once: the most sessions pg_stat_activity shows for their database
# (sampled every 0.1 s) at most the bounds they print at start ("N database connections at most"). Answers other
# than 2xx are counted and printed for every load.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${STACKFEED_BIN:-$(swift build --show-bin-path)/stackfeed}
SMALL=${SMALL:-10000}
BIG=${BIG:-1000000}
RENDER_SMALL=${RENDER_SMALL:-1000}
RENDER_BIG=${RENDER_BIG:-10000}
MAX_GROWTH_KB=${MAX_GROWTH_KB:-8192}
ONLY=${ONLY:-all}
SERVE_CLIENTS=${SERVE_CLIENTS:-512}
SERVE_SECONDS=${SERVE_SECONDS:-10}
MAX_SERVE_PEAK_KB=${MAX_SERVE_PEAK_KB:-131072}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/stackfeed-bounds.XXXXXX")
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  if [ -n "${pgbin:-}" ]; then pg_cluster_stop "$WORK/pgdata"; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "resource-bounds: FAIL: $*" >&2; exit 1; }

# A database with the reference seeds plus N feed items, written straight with SQL (fast, and the same
# rows `seed --generate` would add: random-looking ids, contiguous positions after the seeds).
make_db() {
  local db=$1 rows=$2
  "$BIN" seed --db "$db" >/dev/null
  sqlite3 "$db" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
    INSERT INTO feed_item (id, title, subtitle, tag, image, position)
    SELECT lower(hex(randomblob(16))), 'Raise the bar', 'Level up in Vital Rise', CASE WHEN i % 3 = 0 THEN 'new' END,
      'raise', 6 + i FROM n;"
}

# Peak RSS in KiB of "$@" with stdout to /dev/null; fails when the command fails or writes to stderr.
peak_kb() {
  /usr/bin/time -f "%M" -o "$WORK/time" "$@" >/dev/null 2>"$WORK/err" || fail "$* failed: $(cat "$WORK/err")"
  [ ! -s "$WORK/err" ] || fail "$* wrote to stderr: $(head -c 300 "$WORK/err")"
  tail -1 "$WORK/time"
}

check_flat() {
  local what=$1 small=$2 small_kb=$3 big=$4 big_kb=$5
  echo "resource-bounds: $what peak RSS: $small rows ${small_kb} KiB, $big rows ${big_kb} KiB"
  [ $((big_kb - small_kb)) -le "$MAX_GROWTH_KB" ] ||
    fail "$what grows with the feed: +$((big_kb - small_kb)) KiB from $small to $big rows"
}

declare -A db
sizes=("$BIG")
[ "$ONLY" = serve ] || sizes+=("$SMALL" "$RENDER_SMALL" "$RENDER_BIG")
for rows in $(printf '%s\n' "${sizes[@]}" | sort -un); do
  db[$rows]="$WORK/feed-$rows.sqlite"
  make_db "${db[$rows]}" "$rows"
done

echo "resource-bounds: databases ready ($SECONDS s)"
if [ "$ONLY" != serve ]; then
  small_kb=$(peak_kb "$BIN" list --db "${db[$SMALL]}" --format json)
  big_kb=$(peak_kb "$BIN" list --db "${db[$BIG]}" --format json)
  check_flat "list --format json" "$SMALL" "$small_kb" "$BIG" "$big_kb"
  small_kb=$(peak_kb "$BIN" render --db "${db[$RENDER_SMALL]}" --format json)
  big_kb=$(peak_kb "$BIN" render --db "${db[$RENDER_BIG]}" --format json)
  check_flat "render --format json" "$RENDER_SMALL" "$small_kb" "$RENDER_BIG" "$big_kb"
  small_kb=$(peak_kb "$BIN" render --db "${db[$RENDER_SMALL]}" --format svg)
  big_kb=$(peak_kb "$BIN" render --db "${db[$RENDER_BIG]}" --format svg)
  check_flat "render --format svg" "$RENDER_SMALL" "$small_kb" "$RENDER_BIG" "$big_kb"

  # A closed pipe: the reader takes one line and goes; stackfeed must end at once, with exit 0 and no message.
  # SVG is one picture whose header holds the total height, so it lays out every row before writing anything
  # (its body waits in a temporary file): it is checked on the render-sized feed (see docs/RELIABILITY.md).
  for case in "list:$BIG" "list --format json:$BIG" "render --format json:$BIG" "render --format html:$BIG" \
    "render --format svg:$RENDER_BIG"; do
    command=${case%:*} rows=${case##*:}
    start=$(date +%s%N)
    set +o pipefail
    # shellcheck disable=SC2086
    "$BIN" $command --db "${db[$rows]}" 2>"$WORK/pipe-err" | head -1 >/dev/null
    status=${PIPESTATUS[0]}
    set -o pipefail
    ms=$((($(date +%s%N) - start) / 1000000))
    [ "$status" = 0 ] || fail "stackfeed $command | head -1: exit $status"
    [ ! -s "$WORK/pipe-err" ] || fail "stackfeed $command | head -1 wrote: $(head -c 300 "$WORK/pipe-err")"
    echo "resource-bounds: stackfeed $command | head -1 on $rows rows: exit 0, silent, ${ms} ms"
  done
fi

. scripts/serve-bounds.sh
echo "resource-bounds: ok ($SECONDS s)"
