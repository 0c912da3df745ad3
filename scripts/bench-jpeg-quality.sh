#!/usr/bin/env bash
# JPEG quality by scale (docs/BENCHMARKS.md, "Images"; ImageRequest.jpegQuality): the reference feed's 10 image
# nodes at scale 3 (6 feed photos of 370 × 414 pt, 4 gallery tiles of 78 × 91 pt) encoded as libvips' thumbnail
# at several qualities, against the original files' bytes; and the error a quality leaves in a 370 × 414 pt frame
# of three feed photos at scale 1 and at scale 3, seen per point: the PSNR against the lossless resize, both
# averaged over each scale × scale block of pixels (a point). Needs vips (Debian libvips-tools) and python3 with
# numpy; reads nothing but Seeds/account/images.
#
#   scripts/bench-jpeg-quality.sh     # about a minute
set -euo pipefail
cd "$(dirname "$0")/.."
images=Seeds/account/images
work=$(mktemp -d /tmp/stackfeed-jpeg-quality.XXXXXX)
trap 'rm -rf "$work"' EXIT

# thumbnail NAME WIDTH HEIGHT OUT: the photo NAME covering WIDTH × HEIGHT pixels, cropped around the centre.
thumbnail() {
  vips thumbnail "$images/$1.jpg" "$4" "$2" --height "$3" --crop centre --size both
}

originals=$(cat "$images"/*.jpg | wc -c)
for quality in 82 75 70 65 60; do
  total=0
  for name in flex functional-female functional-male must-have raise reset; do
    thumbnail "$name" 1110 1242 "$work/tile.jpg[Q=$quality,strip,optimize_coding]"
    total=$((total + $(stat -c %s "$work/tile.jpg")))
  done
  for name in hoodie shorts top tshirt; do
    thumbnail "$name" 234 273 "$work/tile.jpg[Q=$quality,strip,optimize_coding]"
    total=$((total + $(stat -c %s "$work/tile.jpg")))
  done
  echo "quality $quality: $total bytes at scale 3, $(python3 -c "print(f'{$originals / $total:.1f}')")x fewer than the originals ($originals)"
done

for name in reset functional-male flex; do
  for scale in 1 3; do
    width=$((370 * scale)) height=$((414 * scale))
    thumbnail "$name" "$width" "$height" "$work/exact.v"
    vips rawsave "$work/exact.v" "$work/exact.raw"
    line="$name at scale $scale, PSNR per point:"
    for quality in 82 75 70 65 60; do
      vips jpegsave "$work/exact.v" "$work/tile.jpg" --Q "$quality" --strip --optimize-coding
      vips rawsave "$work/tile.jpg" "$work/tile.raw"
      psnr=$(python3 - "$work/exact.raw" "$work/tile.raw" "$width" "$height" "$scale" <<'PY'
import sys
import numpy
exact, tile, width, height, scale = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
def points(path):
    pixels = numpy.fromfile(path, dtype=numpy.uint8).reshape(height, width, 3).astype(numpy.float64)
    return pixels.reshape(height // scale, scale, width // scale, scale, 3).mean(axis=(1, 3))
error = ((points(exact) - points(tile)) ** 2).mean()
print(f"{10 * numpy.log10(255 ** 2 / error):.2f}")
PY
      )
      line="$line Q$quality $psnr dB,"
    done
    echo "${line%,}"
  done
done
