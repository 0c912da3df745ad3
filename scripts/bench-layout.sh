#!/usr/bin/env bash
# Side-by-side layout benchmark: `stackfeed-bench layout` (release build) and the reference
# harness (Taffy, Yoga 3, Yoga 1, Cassowary via Python bindings) in ONE run on the same machine,
# interleaved over ROUNDS rounds; every figure is the median over the rounds (each round itself
# reports medians of REPS repetitions). Prints each figure with the anchors and the ratios.
#
#   scripts/bench-layout.sh                 # 10,000 cards, 3 rounds x 5 reps
#   CARDS=1000 ROUNDS=1 REPS=3 scripts/bench-layout.sh
#
# Environment: CARDS (10000), ROUNDS (3), REPS (5), BENCH_VENV (.venv-bench, git-ignored; created
# with the pinned bindings when missing), HARNESS (path to layout_anchors.py; default: the first of
# ../shared/bench, ../../shared/bench, /work/shared/bench), OUT (also write the raw figures as JSON).
set -euo pipefail
cd "$(dirname "$0")/.."

CARDS=${CARDS:-10000}
ROUNDS=${ROUNDS:-3}
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

"$VENV/bin/python" - "$WORK" "$ROUNDS" "$CARDS" "${OUT:-}" <<'PY'
import json, platform, statistics, sys
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
        anchors.setdefault((e, "relayout"), []).append(
            max(res["relayout_us_per_card"] - res.get("binding_us_per_card", 0.0), 0.0))

med = lambda values: statistics.median(values)
us = {name: med(v) for (name, unit), v in ours.items() if unit.startswith("us/")}
anchor = {key: med(v) for key, v in anchors.items()}

print(f"# {cards} cards at width 390, median of {rounds} interleaved rounds; {platform.machine()}, python {platform.python_version()}")
print("# anchors: engine-only us/card (harness layout time minus its measured binding overhead)")
print()
print(f"{'figure':<24}{'us/card':>10}{'cards/s':>11}")
for name in ["layout.build", "layout.cold", "layout.cold.snapped", "layout.relayout", "text.measure", "text.title", "text.card", "text.card.cached"]:
    if name in us:
        unit = "us/text" if name in ("text.measure", "text.title") else "us/card"
        print(f"{name:<24}{us[name]:>10.2f}{1e6 / us[name]:>11.0f}" + ("   (per text)" if unit == "us/text" else ""))
print()
order = ["yoga3-raw", "taffy-raw", "yoga1-raw", "kiwi"]
print(f"{'anchor':<34}{'cold us/card':>13}{'ratio':>8}{'relayout us/card':>18}{'ratio':>8}")
cold, relayout = us.get("layout.cold"), us.get("layout.relayout")
for e in order:
    if (e, "cold") not in anchor:
        continue
    c, rl = anchor[(e, "cold")], anchor[(e, "relayout")]
    label = f"{e} ({versions[e]})"
    print(f"{label:<34}{c:>13.2f}{c / cold:>8.2f}{rl:>18.2f}{rl / relayout:>8.2f}")
print()
goals = []
if ("yoga3-raw", "cold") in anchor:
    r = anchor[("yoga3-raw", "cold")] / cold
    goals.append(f"vs Yoga 3: {r:.2f}x (want >= 1.0) {'OK' if r >= 1.0 else 'SHORT'}")
if ("kiwi", "cold") in anchor:
    r = anchor[("kiwi", "cold")] / cold
    goals.append(f"vs Cassowary, one solver per card: {r:.2f}x (want >= 20) {'OK' if r >= 20 else 'SHORT'}")
print("ratio = anchor us/card / Stackfeed us/card (higher is better for Stackfeed); cold layout:")
for g in goals:
    print("  " + g)
print("relayout: Stackfeed re-lays out one changed card; the harness dirties every leaf of every card.")

if out:
    with open(out, "w") as f:
        json.dump({"cards": cards, "rounds": rounds,
                   "stackfeed": {f"{n} {u}": v for (n, u), v in ours.items()},
                   "anchors": {f"{e} {k}": v for (e, k), v in anchors.items()}}, f, indent=1)
PY
