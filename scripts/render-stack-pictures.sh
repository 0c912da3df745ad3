#!/usr/bin/env bash
# Regenerates docs/stack-collapsed.svg, docs/stack-transit.svg and docs/stack-expanded.svg, the pictures of
# docs/CARDSTACK.md: the bundled seeds in a fresh database rendered with `stackfeed render --mode stack
# --format svg` at 390 pt in each state (transit: the default half-way translation, 260) with the stand-in
# icons of docs/assets, then converted to PNG with rsvg-convert (scripts/check-svg.sh).
#   scripts/render-stack-pictures.sh [--check] [--png DIR]
# --check    leave docs/ alone; fail when a picture differs from a fresh render (stale picture)
# --png DIR  keep the PNGs (DIR/stack-<state>.png) to look at them
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
png=""
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1; shift ;;
    --png) png="${2:?--png needs a folder}"; shift 2 ;;
    *) echo "usage: scripts/render-stack-pictures.sh [--check] [--png DIR]" >&2; exit 64 ;;
  esac
done
swift build --product stackfeed >/dev/null
bin="$(swift build --show-bin-path)/stackfeed"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" seed --db "$work/feed.sqlite" >/dev/null
stale=0
for state in collapsed transit expanded; do
  "$bin" render --db "$work/feed.sqlite" --mode stack --state "$state" --format svg --width 390 --time-zone UTC \
    --assets docs/assets --out "$work/stack-$state.svg"
  if [ "$check" = 1 ]; then
    cmp -s "$work/stack-$state.svg" "docs/stack-$state.svg" || { echo "docs/stack-$state.svg is stale" >&2; stale=1; }
  fi
done
scripts/check-svg.sh --out "${png:-$work}" "$work"/stack-*.svg >/dev/null
if [ "$check" = 1 ]; then
  [ "$stale" = 0 ] || { echo "run scripts/render-stack-pictures.sh" >&2; exit 1; }
  echo "docs/stack-*.svg are up to date and convert to PNG"
else
  mv "$work"/stack-*.svg docs/
  echo "wrote docs/stack-collapsed.svg, docs/stack-transit.svg, docs/stack-expanded.svg; they convert to PNG"
fi
