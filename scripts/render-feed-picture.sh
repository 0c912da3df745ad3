#!/usr/bin/env bash
# Regenerates docs/feed.svg, the README's picture of the reference feed: the bundled seeds in a fresh
# database, rendered with `stackfeed render --format svg` at 390 pt (the reference phone) with the
# stand-in icons of docs/assets, then converted to PNG with rsvg-convert (scripts/check-svg.sh) to prove
# that it is a valid picture. Also regenerates docs/CARDSTACK.md's pictures of the same feed as a card
# stack, docs/stack-collapsed.svg, docs/stack-transit.svg and docs/stack-expanded.svg (`--mode stack`).
#   scripts/render-feed-picture.sh [--check] [--png FILE]
# --check     leave docs/ alone; fail when a picture differs from a fresh render (stale picture)
# --png FILE  keep the feed's PNG (to look at it); the stack PNGs go beside it as stack-<state>.png
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
png=""
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1; shift ;;
    --png) png="${2:?--png needs a file}"; shift 2 ;;
    *) echo "usage: scripts/render-feed-picture.sh [--check] [--png FILE]" >&2; exit 64 ;;
  esac
done
swift build --product stackfeed >/dev/null
bin="$(swift build --show-bin-path)/stackfeed"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" seed --db "$work/feed.sqlite" >/dev/null
"$bin" render --db "$work/feed.sqlite" --format svg --width 390 --time-zone UTC --assets docs/assets \
  --out "$work/feed.svg"
pictures=(feed)
for state in collapsed transit expanded; do
  "$bin" render --db "$work/feed.sqlite" --mode stack --state "$state" --format svg --width 390 --time-zone UTC \
    --assets docs/assets --out "$work/stack-$state.svg"
  pictures+=("stack-$state")
done
scripts/check-svg.sh --out "$work" "$work"/*.svg >/dev/null
if [ -n "$png" ]; then
  cp "$work/feed.png" "$png"
  for state in collapsed transit expanded; do cp "$work/stack-$state.png" "$(dirname "$png")/stack-$state.png"; done
fi
stale=0
for picture in "${pictures[@]}"; do
  if [ "$check" = 1 ]; then
    cmp -s "$work/$picture.svg" "docs/$picture.svg" || { echo "docs/$picture.svg is stale" >&2; stale=1; }
  else
    mv "$work/$picture.svg" "docs/$picture.svg"
  fi
done
if [ "$check" = 1 ]; then
  [ "$stale" = 0 ] || { echo "run scripts/render-feed-picture.sh" >&2; exit 1; }
  echo "docs/feed.svg and docs/stack-*.svg are up to date and convert to PNG"
else
  echo "wrote docs/feed.svg ($(wc -c <docs/feed.svg) bytes) and docs/stack-*.svg; they convert to PNG"
fi
