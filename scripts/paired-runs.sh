#!/usr/bin/env bash
# Paired wall-clock runs: each command once per round, interleaved, ROUNDS rounds; prints median, min and max.
#   scripts/paired-runs.sh 5 "before=./old/stackfeed list --format json --db F" "after=./new/stackfeed list --format json --db F"
# Interleaving spreads the machine's load changes over every command alike (compare ratios, report the load).
set -uo pipefail
rounds=$1
shift
declare -A times
echo "# $(date -u +%H:%M) UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
for ((round = 0; round < rounds; round++)); do
  for spec in "$@"; do
    label=${spec%%=*}
    start=$(date +%s.%N)
    bash -c "${spec#*=}" >/dev/null 2>&1 || echo "warning: $label exited non-zero" >&2
    end=$(date +%s.%N)
    times[$label]+="$(echo "$end - $start" | bc) "
  done
done
for spec in "$@"; do
  label=${spec%%=*}
  echo "${times[$label]}" | tr ' ' '\n' | grep . | sort -n |
    awk -v l="$label" '{a[NR] = $1} END {printf "%-24s median %.3f s  min %.3f  max %.3f  (n=%d)\n", l, a[int((NR + 1) / 2)], a[1], a[NR], NR}'
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
