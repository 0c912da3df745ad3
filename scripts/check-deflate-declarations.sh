#!/usr/bin/env bash
# CDeflate declares the few parts of <libdeflate.h> that GzipCore uses itself, so that building needs no
# libdeflate-dev (Sources/CDeflate/lazy.c: the result enum and every function it loads). This check compiles
# them against the real header and fails on any difference:
#   values  a program built with our enum and one built with libdeflate.h print every value we declare; the two
#           outputs must be equal;
#   types   lazy.c compiled after the real header (-Werror): every prototype it declares must be compatible
#           with libdeflate.h's, and its table of pointers takes their types.
# Then it proves it is not blind: a changed value and a changed signature must each make it fail.
# Needs libdeflate.h (Debian libdeflate-dev; installed here when missing, for this check only: building and
# testing do not need it). Run by scripts/ci-extra.sh.
#   scripts/check-deflate-declarations.sh     # a few seconds
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/declarations.sh
real=/usr/include/libdeflate.h
declarations_setup check-deflate-declarations "$real" libdeflate-dev

cat >"$work/values.c" <<'C'
#include <stdio.h>
int main(void) {
  printf("%d %d %d %d %zu\n", LIBDEFLATE_SUCCESS, LIBDEFLATE_BAD_DATA, LIBDEFLATE_SHORT_OUTPUT,
         LIBDEFLATE_INSUFFICIENT_SPACE, sizeof(enum libdeflate_result));
  return 0;
}
C

# Compares the declarations in folder $1 (a copy of Sources/CDeflate) with libdeflate.h; 0 when they agree.
compare() {
  local ours=$1
  sed -n '/^enum libdeflate_result {/,/^};/p' "$ours/lazy.c" >"$work/ours.h"
  grep -q LIBDEFLATE_SUCCESS "$work/ours.h" &&
    "$cc" -std=c11 -include "$work/ours.h" -o "$work/ours" "$work/values.c" &&
    "$cc" -std=c11 -include "$real" -o "$work/theirs" "$work/values.c" &&
    diff <("$work/ours") <("$work/theirs") >&2 &&
    printf '#include <libdeflate.h>\n#define STACKFEED_DEFLATE_DRIFT_CHECK\n#include "%s/lazy.c"\n' "$ours" \
      >"$work/types.c" &&
    "$cc" -std=gnu17 -Werror -Wall -fsyntax-only -I "$ours/include" "$work/types.c"
}

if ! compare "$PWD/Sources/CDeflate"; then
  echo "check-deflate-declarations: Sources/CDeflate differs from $real (above; ours <, libdeflate's >)" >&2
  exit 1
fi
# Not blind: a wrong value, then a wrong signature, must each be caught.
for change in 's/LIBDEFLATE_SHORT_OUTPUT = 2/LIBDEFLATE_SHORT_OUTPUT = 4/' \
  's/const void \*in, size_t in_nbytes,$/const void *in, int in_nbytes,/'; do
  refuse_mutant check-deflate-declarations Sources/CDeflate compare lazy.c "$change"
done
version=$(awk '$1 == "#define" && $2 == "LIBDEFLATE_VERSION_STRING" { print $3 }' "$real" | tr -d '"')
echo "check-deflate-declarations: Sources/CDeflate matches $real (libdeflate $version; and catches a changed" \
  "value and signature)"
