#!/usr/bin/env bash
# PostgresCore against raw libpq, paired: scripts/postgres_anchor.c (C, libpq only) and `stackfeed-bench
# postgres` (Swift, through PostgresCore) insert the same number of feed-item-shaped rows in one transaction
# with one prepared statement, read 20-row keyset pages (first, middle) and stream every row, in alternating
# rounds on one server. Prints each figure's median with min and max, and the median of the per-round ratios
# Swift/C (rows/s: higher is better; µs/page: lower is better). The store benchmark of issue 13 (seed, list,
# /v1/feed on PostgreSQL) pairs with the same anchor.
#
#   STACKFEED_POSTGRES_URL=postgres://stackfeed@127.0.0.1:5432/bench scripts/bench-postgres.sh
#   ROWS=1000000 RUNS=5 STACKFEED_POSTGRES_URL=… scripts/bench-postgres.sh
#
# Needs a server the URL may write (tables feed_anchor and feed_bench are dropped and created) and libpq-dev
# (the anchor includes libpq-fe.h). Binaries: the default release build, as docs/DEVELOPING.md says.
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-100000}
RUNS=${RUNS:-5}
: "${STACKFEED_POSTGRES_URL:?set STACKFEED_POSTGRES_URL to a database this benchmark may write}"
export STACKFEED_POSTGRES_URL

swift build -c release --product stackfeed-bench >&2
BIN=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc=$(command -v cc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/clang")
"$cc" -O2 -std=c11 -Wall -Wextra -I/usr/include/postgresql -o "$work/postgres_anchor" scripts/postgres_anchor.c -lpq

echo "bench-postgres: $ROWS rows, $RUNS paired rounds, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq "$RUNS"); do
  "$work/postgres_anchor" "$STACKFEED_POSTGRES_URL" "$ROWS" text 21 >>"$work/c.txt"
  "$BIN/stackfeed-bench" postgres --rows "$ROWS" --reps 1 --json >>"$work/swift.txt"
  echo "bench-postgres: round $round done, load $(cut -d' ' -f1 /proc/loadavg)" >&2
done

python3 - "$work/c.txt" "$work/swift.txt" "$ROWS" <<'PY'
import json, statistics, sys
c_lines = [dict(f.split("=", 1) for f in line.split()) for line in open(sys.argv[1])]
swift = {}
for line in open(sys.argv[2]):
    figure = json.loads(line)
    swift.setdefault(figure["name"], []).append(figure["value"])
pairs = [("insert, rows/s", "insert_rows_per_s", "postgres.insert"),
         ("page after -1 (first), us", "page_first_us", "postgres.page.first"),
         ("page after N/2 (middle), us", "page_middle_us", "postgres.page.middle"),
         ("stream all rows, rows/s", "select_rows_per_s", "postgres.stream")]
def spread(values):
    return f"{statistics.median(values):,.1f} [{min(values):,.1f}-{max(values):,.1f}]"
print(f"rows={sys.argv[3]} rounds={len(c_lines)}")
print(f"{'figure':<30} {'raw libpq (C)':>28} {'PostgresCore (Swift)':>28} {'Swift/C':>22}")
for label, c_key, swift_key in pairs:
    c = [float(line[c_key]) for line in c_lines]
    s = swift[swift_key]
    ratios = [b / a for a, b in zip(c, s)]
    print(f"{label:<30} {spread(c):>28} {spread(s):>28} {statistics.median(ratios):>8.2f} [{min(ratios):.2f}-{max(ratios):.2f}]")
print(f"{'peak RSS, KB':<30} {spread([float(l['max_rss_kb']) for l in c_lines]):>28} {spread(swift['postgres.rss']):>28}")
PY
