#!/usr/bin/env bash
# CVips declares the few parts of <vips/vips.h> (libvips 8.14), GLib and <lcms2.h> (Little CMS 2.14, libvips'
# colour management) that ImageCore uses itself, so that building needs no libvips-dev (Sources/CVips/lazy.c:
# the enum values and every function it loads). This check compiles them against the real headers and fails on
# any difference:
#   values  a program built with our enums and one built with vips.h and lcms2.h print every value we declare
#           (and the enums' sizes); the two outputs must be equal;
#   types   lazy.c compiled after the real headers (-Werror): every prototype it declares must be compatible
#           with vips.h's, GLib's and lcms2.h's, and its tables of pointers take their types.
# Then it proves it is not blind: a changed value and a changed signature must each make it fail.
# Needs vips.h (Debian libvips-dev, which .ci/run installs; installed here when missing, for this check only:
# building and testing do not need it). Run by scripts/ci-extra.sh.
#   scripts/check-vips-declarations.sh     # a few seconds
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/declarations.sh
real=/usr/include/vips/vips.h
lcms=/usr/include/lcms2.h  # Little CMS's, which libvips-dev brings (liblcms2-dev)
declarations_setup check-vips-declarations "$real" libvips-dev
read -r -a flags <<<"$(pkg-config --cflags vips)"

cat >"$work/values.c" <<'C'
#include <stdio.h>
int main(void) {
  printf("%d %d %d %d %d %d %zu %zu %zu %zu %zu\n", VIPS_INTERPRETATION_sRGB, VIPS_FORMAT_UCHAR, VIPS_MAX_COORD,
         VIPS_EXTEND_BACKGROUND, VIPS_COMPASS_DIRECTION_CENTRE, VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
         sizeof(VipsInterpretation), sizeof(VipsBandFormat), sizeof(VipsExtend), sizeof(VipsCompassDirection),
         sizeof(VipsForeignHeifCompression));
  printf("%ld %ld %ld %ld %ld\n", (long)TYPE_RGB_8, (long)TYPE_RGBA_8, (long)INTENT_RELATIVE_COLORIMETRIC,
         (long)cmsFLAGS_NOCACHE, (long)cmsFLAGS_COPY_ALPHA);
  return 0;
}
C

# Compares the declarations in folder $1 (a copy of Sources/CVips) with vips.h; 0 when they agree.
compare() {
  local ours=$1
  sed -n '/^#ifndef STACKFEED_VIPS_DRIFT_CHECK/,/^#endif/p' "$ours/lazy.c" >"$work/ours.h"
  grep -q VIPS_INTERPRETATION_sRGB "$work/ours.h" &&
    "$cc" -std=c11 -include "$work/ours.h" -o "$work/ours" "$work/values.c" &&
    "$cc" -std=c11 "${flags[@]}" -include "$real" -include "$lcms" -o "$work/theirs" "$work/values.c" &&
    diff <("$work/ours") <("$work/theirs") >&2 &&
    printf '%s\n' '#include <vips/vips.h>' '#include <lcms2.h>' '#define STACKFEED_VIPS_DRIFT_CHECK' \
      "#include \"$ours/lazy.c\"" >"$work/types.c" &&
    "$cc" -std=gnu17 -Werror -Wall "${flags[@]}" -fsyntax-only -I "$ours/include" "$work/types.c"
}

if ! compare "$PWD/Sources/CVips"; then
  echo "check-vips-declarations: Sources/CVips differs from $real (above; ours <, libvips's >)" >&2
  exit 1
fi
# Not blind: a wrong value, then a wrong signature, must each be caught.
for change in 's/VIPS_EXTEND_BACKGROUND = 5/VIPS_EXTEND_BACKGROUND = 4/' \
  's/^int vips_image_get_width(const VipsImage \*image);/long vips_image_get_width(const VipsImage *image);/' \
  's/^#define TYPE_RGB_8 262169/#define TYPE_RGB_8 262168/' \
  's/^void cmsDeleteTransform(cmsHTRANSFORM hTransform);/long cmsDeleteTransform(cmsHTRANSFORM hTransform);/'; do
  refuse_mutant check-vips-declarations Sources/CVips compare lazy.c "$change"
done
echo "check-vips-declarations: Sources/CVips matches $real (libvips $(pkg-config --modversion vips)) and $lcms" \
  "(Little CMS $(pkg-config --modversion lcms2)); and catches a changed value and signature of each"
