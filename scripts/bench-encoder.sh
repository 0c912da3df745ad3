#!/usr/bin/env bash
# The render/1 encoder beside orjson, in one run (issue 31): Stackfeed's encoder writing the laid-out feed in
# process (`stackfeed-bench render`: render.bytes.indented, the CLI's form; render.bytes.compact, the HTTP
# API's) and orjson serialising the same document from Python objects (`json.load` of `stackfeed render --format
# json` once, then `orjson.dumps(doc)` compact and with OPT_INDENT_2), in bytes per second. Rounds alternate
# which side goes first; each round is a median of REPS repetitions per side, and the ratio is taken per round:
# median [min, max] over the rounds.
#
#   scripts/bench-encoder.sh                  # 10,000 generated rows (+ the 8 seeded), 5 rounds x 5 reps
#   ROWS=1000 ROUNDS=2 REPS=3 scripts/bench-encoder.sh
#
# Environment: ROWS (10000), ROUNDS (5), REPS (5), PYTHON (python3; it needs orjson: `pip install orjson`), BIN (a
# folder holding release builds of stackfeed and stackfeed-bench, e.g. another commit's; default: built here).
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-10000}
ROUNDS=${ROUNDS:-5}
REPS=${REPS:-5}
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import orjson' 2>/dev/null; then
  echo "bench-encoder: $PYTHON has no orjson; pip install orjson (or set PYTHON)" >&2
  exit 69
fi

if [ -z "${BIN:-}" ]; then
  echo "bench-encoder: swift build -c release (stackfeed, stackfeed-bench)" >&2
  swift build -c release --product stackfeed >&2
  swift build -c release --product stackfeed-bench >&2
  BIN="$(swift build -c release --show-bin-path)"
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$BIN/stackfeed" --db "$WORK/feed.sqlite" seed --generate "$ROWS" >/dev/null
"$BIN/stackfeed" --db "$WORK/feed.sqlite" render --format json >"$WORK/render.json"

cat >"$WORK/orjson_bench.py" <<'PY'
import json, statistics, sys, time
import orjson
path, reps = sys.argv[1], int(sys.argv[2])
with open(path, "rb") as file:
    document = json.load(file)
def rate(option):
    samples, size = [], 0
    for _ in range(reps):
        start = time.perf_counter()
        size = len(orjson.dumps(document, option=option))
        samples.append(size / (time.perf_counter() - start) / 1e6)
    return statistics.median(samples), size
compact, compact_size = rate(None)
indented, indented_size = rate(orjson.OPT_INDENT_2)
print(json.dumps({"compact": compact, "indented": indented, "compact_bytes": compact_size,
                  "indented_bytes": indented_size, "version": orjson.__version__}))
PY

echo "# $(date -u +%H:%M) UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $ROUNDS rounds x $REPS reps, $(wc -c <"$WORK/render.json") bytes of render JSON"
for round in $(seq 1 "$ROUNDS"); do
  stackfeed() { "$BIN/stackfeed-bench" render --rows "$ROWS" --reps "$REPS" --json >"$WORK/stackfeed-$round.jsonl"; }
  anchor() { "$PYTHON" "$WORK/orjson_bench.py" "$WORK/render.json" "$REPS" >"$WORK/orjson-$round.json"; }
  if ((round % 2)); then stackfeed; anchor; else anchor; stackfeed; fi
  echo "bench-encoder: round $round/$ROUNDS done, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done

"$PYTHON" - "$WORK" "$ROUNDS" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
def spread(values):
    values = sorted(values)
    return f"{statistics.median(values):,.0f} [{values[0]:,.0f}, {values[-1]:,.0f}]"
def ratio(values):
    values = sorted(values)
    return f"{statistics.median(values):.2f} [{values[0]:.2f}, {values[-1]:.2f}]"
ours, theirs = [], []
for round in range(1, rounds + 1):
    figures = {}
    for line in open(f"{work}/stackfeed-{round}.jsonl"):
        figure = json.loads(line)
        figures[figure["name"]] = figure["value"]
    ours.append(figures)
    theirs.append(json.load(open(f"{work}/orjson-{round}.json")))
print(f"orjson {theirs[0]['version']}: compact {theirs[0]['compact_bytes']:,} B, indented {theirs[0]['indented_bytes']:,} B")
for form in ("compact", "indented"):
    mine = [figures[f"render.bytes.{form}"] for figures in ours]
    anchor = [figures[form] for figures in theirs]
    print(f"{form:9} stackfeed {spread(mine)} MB/s   orjson {spread(anchor)} MB/s   "
          f"ratio {ratio([a / b for a, b in zip(mine, anchor)])}")
encode = sorted(figures["render.encode"] for figures in ours)
print(f"render.encode (a text piece per row into a 64 KiB block, as the CLI): {statistics.median(encode):.2f} us/row")
PY
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
