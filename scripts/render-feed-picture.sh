#!/usr/bin/env bash
# Regenerates docs/feed.svg, the README's picture of the reference feed: the bundled seeds in a fresh
# database, rendered with `stackfeed render --format svg` at 390 pt (the reference phone) with the
# stand-in icons of docs/assets, then converted to PNG with rsvg-convert (scripts/check-svg.sh) to prove
# that it is a valid picture.
#   scripts/render-feed-picture.sh [--check] [--png FILE]
# --check     leave docs/feed.svg alone; fail when it differs from a fresh render (stale picture)
# --png FILE  keep the PNG (to look at it)
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
scripts/check-svg.sh --out "$work" "$work/feed.svg" >/dev/null
[ -z "$png" ] || cp "$work/feed.png" "$png"
if [ "$check" = 1 ]; then
  cmp -s "$work/feed.svg" docs/feed.svg || { echo "docs/feed.svg is stale: run scripts/render-feed-picture.sh" >&2; exit 1; }
  echo "docs/feed.svg is up to date and converts to PNG"
else
  mv "$work/feed.svg" docs/feed.svg
  echo "wrote docs/feed.svg ($(wc -c <docs/feed.svg) bytes); it converts to PNG"
fi
