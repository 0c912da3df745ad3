#!/usr/bin/env bash
# Converts SVG pictures to PNG with rsvg-convert (Debian: apt-get install librsvg2-bin) and
# fails when one is rejected or yields an empty PNG. With no arguments it checks the renderer
# goldens (Tests/StackRenderTests/__Snapshots__/*.svg) and docs/*.svg.
#   scripts/check-svg.sh [--out DIR] [FILE.svg ...]
# --out DIR keeps the PNGs (DIR/<name>.png) so that a person can look at them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=""
if [ "${1:-}" = "--out" ]; then
  out="${2:?--out needs a folder}"
  shift 2
fi
command -v rsvg-convert >/dev/null || { echo "check-svg: rsvg-convert not found (apt-get install librsvg2-bin)" >&2; exit 69; }
if [ $# -eq 0 ]; then
  shopt -s nullglob
  set -- Tests/StackRenderTests/__Snapshots__/*.svg docs/*.svg
fi
[ $# -gt 0 ] || { echo "check-svg: no SVG files to check" >&2; exit 66; }
keep="${out:-$(mktemp -d)}"
mkdir -p "$keep"
[ -n "$out" ] || trap 'rm -rf "$keep"' EXIT
failed=0
for svg in "$@"; do
  png="$keep/$(basename "${svg%.svg}").png"
  if ! rsvg-convert --format png --output "$png" "$svg" 2>"$keep/.err"; then
    echo "FAIL $svg: $(tr '\n' ' ' <"$keep/.err")" >&2
    failed=1
  elif [ ! -s "$png" ]; then
    echo "FAIL $svg: empty PNG" >&2
    failed=1
  else
    echo "ok   $svg -> $png"
  fi
done
rm -f "$keep/.err"
exit "$failed"
