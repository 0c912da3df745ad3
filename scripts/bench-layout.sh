#!/usr/bin/env bash
# Side-by-side layout benchmark: `stackfeed-bench layout` (release build) and the reference
# harness (Taffy, Yoga 3, Yoga 1, Cassowary via Python bindings) in ONE run on the same machine,
# interleaved over ROUNDS rounds (each round itself reports medians of REPS repetitions), then
# `stackfeed-bench relayout`. Every ratio is taken per round (Stackfeed and the anchor measured back
# to back) and printed as median [min, max] over the rounds; figures are medians over the rounds.
#
#   scripts/bench-layout.sh                 # 10,000 cards, 5 rounds x 5 reps
#   CARDS=1000 ROUNDS=1 REPS=3 scripts/bench-layout.sh
#
# Environment: CARDS (10000), ROUNDS (5), REPS (5), BENCH_VENV (.venv-bench, git-ignored; created
# with the pinned bindings when missing), HARNESS (path to layout_anchors.py; default: the first of
# ../shared/bench, ../../shared/bench, /work/shared/bench), OUT (also write the raw figures as JSON).
set -euo pipefail
cd "$(dirname "$0")/.."

CARDS=${CARDS:-10000}
ROUNDS=${ROUNDS:-5}
REPS=${REPS:-5}
VENV=${BENCH_VENV:-.venv-bench}
ENGINES=(yoga3-raw taffy-raw yoga1-raw kiwi)

if [ -z "${HARNESS:-}" ]; then
  for candidate in ../shared/bench ../../shared/bench /work/shared/bench; do
    if [ -f "$candidate/layout_anchors.py" ]; then HARNESS="$candidate/layout_anchors.py"; break; fi
  done
fi
if [ -z "${HARNESS:-}" ] || [ ! -f "$HARNESS" ]; then
  echo "bench-layout: layout_anchors.py not found; set HARNESS=/path/to/layout_anchors.py" >&2
  exit 66
fi

if [ ! -x "$VENV/bin/python" ]; then
  echo "bench-layout: creating $VENV with the pinned bindings" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q stretchable==1.1.8 pyyoga==0.1.0 poga==0.1.19 kiwisolver==1.5.1
fi

echo "bench-layout: swift build -c release --product stackfeed-bench" >&2
swift build -c release --product stackfeed-bench >&2
BENCH="$(swift build -c release --show-bin-path)/stackfeed-bench"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for round in $(seq 1 "$ROUNDS"); do
  echo "bench-layout: round $round/$ROUNDS: stackfeed-bench layout --cards $CARDS --reps $REPS" >&2
  "$BENCH" layout --cards "$CARDS" --reps "$REPS" --json >"$WORK/stackfeed-$round.jsonl"
  echo "bench-layout: round $round/$ROUNDS: layout_anchors.py ${ENGINES[*]}" >&2
  "$VENV/bin/python" "$HARNESS" --cards "$CARDS" --reps "$REPS" --engines "${ENGINES[@]}" --kiwi-shared \
    --json "$WORK/anchors-$round.json" >"$WORK/anchors-$round.txt"
done
echo "bench-layout: stackfeed-bench relayout --cards $CARDS --reps $REPS" >&2
"$BENCH" relayout --cards "$CARDS" --reps "$REPS" --json >"$WORK/relayout.jsonl"

"$VENV/bin/python" - "$WORK" "$ROUNDS" "$CARDS" "${OUT:-}" <<'PY'
import json, os, platform, statistics, sys
work, rounds, cards, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

ours = {}  # (name, unit) -> [values per round]
anchors = {}  # (engine, figure) -> [values per round]
versions = {}
for r in range(1, rounds + 1):
    with open(f"{work}/stackfeed-{r}.jsonl") as f:
        for line in f:
            fig = json.loads(line)
            ours.setdefault((fig["name"], fig["unit"]), []).append(fig["value"])
    with open(f"{work}/anchors-{r}.json") as f:
        data = json.load(f)
    if data.get("failures"):
        sys.exit(f"bench-layout: harness frame check failed: {data['failures']}")
    for res in data["results"]:
        e = res["engine"]
        versions[e] = res.get("engine_version", e)
        anchors.setdefault((e, "cold"), []).append(res["engine_only_us_per_card"])
relayout = [json.loads(line) for line in open(f"{work}/relayout.jsonl")]

med = statistics.median
spread = lambda v: f"{med(v):.2f} [{min(v):.2f}, {max(v):.2f}]"
us = {name: v for (name, unit), v in ours.items() if unit.startswith("us/")}

print(f"# {cards} cards at width 390, {rounds} interleaved rounds x REPS reps; {platform.machine()}, python {platform.python_version()}")
print(f"# load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
print("# anchors: engine-only us/card (harness layout time minus its measured binding overhead)")
print("# figures: median [min, max] over the rounds (each round: the median of its reps)")
print()
print(f"{'figure':<24}{'us/card':>30}")
for name in ["layout.build", "layout.cold", "layout.cold.single", "layout.cold.snapped", "text.measure", "text.title", "text.card", "text.card.cached"]:
    if name in us:
        unit = "   (per text)" if name in ("text.measure", "text.title") else ""
        print(f"{name:<24}{spread(us[name]):>30}{unit}")
print()
order = ["yoga3-raw", "taffy-raw", "yoga1-raw", "kiwi"]
cold = us["layout.cold"]
ratios = {}
print(f"{'anchor':<34}{'cold us/card':>30}{'ratio per round':>30}")
for e in order:
    if (e, "cold") not in anchors:
        continue
    a = anchors[(e, "cold")]
    ratios[e] = [x / y for x, y in zip(a, cold)]
    print(f"{e + ' (' + versions[e] + ')':<34}{spread(a):>30}{spread(ratios[e]):>30}")
print("  per round: " + "; ".join(f"{e} " + ", ".join(f"{x:.2f}" for x in ratios[e]) for e in ratios))
print()
goals = []
if "yoga3-raw" in ratios:
    r = med(ratios["yoga3-raw"])
    goals.append(f"vs Yoga 3: median {r:.2f}x (want >= 1.0) {'OK' if r >= 1.0 else 'SHORT'}")
if "kiwi" in ratios:
    r = med(ratios["kiwi"])
    goals.append(f"vs Cassowary, one solver per card: median {r:.2f}x (want >= 25) {'OK' if r >= 25 else 'SHORT'}")
print("ratio = anchor us/card / Stackfeed us/card (higher is better for Stackfeed); cold layout:")
for g in goals:
    print("  " + g)
print()
print("relayout (stackfeed-bench relayout: labels measured, uncached StandardTextMeasurer), median [min, max] over reps:")
for fig in relayout:
    rng = f" [{fig['min']}, {fig['max']}]" if "min" in fig else ""
    print(f"  {fig['name']:<24}{fig['value']:>12} {fig['unit']}{rng}")

if out:
    with open(out, "w") as f:
        json.dump({"cards": cards, "rounds": rounds,
                   "stackfeed": {f"{n} {u}": v for (n, u), v in ours.items()},
                   "anchors": {f"{e} {k}": v for (e, k), v in anchors.items()},
                   "relayout": relayout}, f, indent=1)
PY
