#!/usr/bin/env bash
# CMicroHTTPD declares the few parts of <microhttpd.h> the server uses itself, so that building needs no
# libmicrohttpd-dev (Sources/CMicroHTTPD/include/CMicroHTTPD.h). This check compiles those declarations against
# the real header and fails on any difference:
#   values  (C++, ours in a namespace beside the real ones): every enumerator's value, every enum's underlying
#           type and Swift-relevant attributes (closed, flag enum), every struct's size and field offsets;
#   types   (C, the real header first, then lazy.c with our header's typedefs and struct tags): every callback
#           typedef and MHD_socket must be the same type, every function prototype lazy.c loads compatible.
# Then it proves it is not blind: a changed value, typedef and prototype must each make it fail.
# Needs the real header (Debian libmicrohttpd-dev; installed here when missing, for this check only: building
# and testing do not need it). Run by scripts/ci-extra.sh.
#   scripts/check-microhttpd-declarations.sh     # a few seconds
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/declarations.sh
real=/usr/include/microhttpd.h
declarations_setup check-microhttpd-declarations "$real" libmicrohttpd-dev

# Prints "NAME closed|open flag|noflag" for every top-level MHD_ enum of the C file $1 (from clang's AST dump).
enum_attributes() {
  "$cc" -x c -fsyntax-only -fno-color-diagnostics -Xclang -ast-dump "$@" 2>/dev/null | awk '
    /^[|`]-/ { if (name != "") print name, closed, flag; name = ""
               if ($1 ~ /EnumDecl$/ && $NF ~ /^MHD_/) { name = $NF; closed = "open"; flag = "noflag" } }
    /^[| ] [|`]-EnumExtensibilityAttr .* Closed$/ { closed = "closed" }
    /^[| ] [|`]-FlagEnumAttr/ { flag = "flag" }
    END { if (name != "") print name, closed, flag }'
}

# Compiles the values check for the CMicroHTTPD folder $1; prints the compiler's complaints.
check_values() {
  local header="$1/include/CMicroHTTPD.h" ast
  ast=$("$cc" -x c -fsyntax-only -fno-color-diagnostics -Xclang -ast-dump "$header")
  {
    printf '#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <sys/types.h>\n'
    printf '#include <sys/socket.h>\n#include <sys/time.h>\n#include <unistd.h>\n'
    printf 'namespace ours {\n#include "%s"\n}\n#include <microhttpd.h>\n' "$header"
    # Every enumerator ours declares: same value.
    grep -oE "EnumConstantDecl .* MHD_[A-Za-z0-9_]+ '" <<<"$ast" | grep -oE "MHD_[A-Za-z0-9_]+ '$" | tr -d " '" |
      while read -r name; do
        printf 'static_assert((long long)ours::%s == (long long)::%s, "%s: ours differs from microhttpd.h");\n' \
          "$name" "$name" "$name"
      done
    # Every enum ours declares: same underlying type (the raw value type Swift sees).
    grep -oE -- "-EnumDecl .* MHD_[A-Za-z0-9_]+$" <<<"$ast" | grep -oE "MHD_[A-Za-z0-9_]+$" | while read -r name; do
      printf 'static_assert(__is_same(__underlying_type(ours::%s), __underlying_type(::%s)), ' "$name" "$name"
      printf '"enum %s: ours has another underlying type than microhttpd.h");\n' "$name"
    done
    # Every struct ours defines: same size, same fields at the same offsets with the same sizes.
    awk '/-RecordDecl .* struct MHD_[A-Za-z0-9_]+ definition$/ { record = $(NF - 1); next }
         /^[|`]-/ { record = "" }
         record != "" && /-FieldDecl / { for (i = 2; i <= NF; i++) if ($i ~ /^\x27/) { print record, $(i - 1); break } }' \
      <<<"$ast" | sort -u | while read -r record field; do
      if [ "$record" != "${previous:-}" ]; then
        printf 'static_assert(sizeof(ours::%s) == sizeof(::%s), "struct %s: size differs");\n' \
          "$record" "$record" "$record"
        previous=$record
      fi
      printf 'static_assert(__builtin_offsetof(ours::%s, %s) == __builtin_offsetof(::%s, %s) && ' \
        "$record" "$field" "$record" "$field"
      printf 'sizeof(ours::%s::%s) == sizeof(::%s::%s), "%s.%s: offset or size differs");\n' \
        "$record" "$field" "$record" "$field" "$record" "$field"
    done
  } >"$work/values.cpp"
  "$cc" -x c++ -std=c++17 -fsyntax-only -fno-color-diagnostics "$work/values.cpp" 2>&1 || return 1
  # Attributes: Swift imports a closed enum as a Swift enum, an open one as a struct of constants.
  local theirs
  theirs=$(enum_attributes "$real")
  enum_attributes "$header" | while read -r name closed flag; do
    if ! grep -qx "$name $closed $flag" <<<"$theirs"; then
      echo "enum $name: ours is $closed $flag, microhttpd.h's is $(grep "^$name " <<<"$theirs" | cut -d' ' -f2-)"
      return 1
    fi
  done
}

# Compiles the types check for the CMicroHTTPD folder $1; prints the compiler's complaints.
check_types() {
  printf '#include <microhttpd.h>\n#define STACKFEED_MHD_DRIFT_CHECK\n#include "%s/lazy.c"\n' "$1" >"$work/types.c"
  "$cc" -x c -std=gnu17 -Werror -fsyntax-only -fno-color-diagnostics -I "$1/include" "$work/types.c" 2>&1
}

version=$(awk '$1 == "#define" && $2 == "MHD_VERSION" { print $3 }' "$real")
if ! check_values "$PWD/Sources/CMicroHTTPD" || ! check_types "$PWD/Sources/CMicroHTTPD"; then
  echo "check-microhttpd-declarations: Sources/CMicroHTTPD differs from $real (MHD_VERSION $version), above" >&2
  exit 1
fi
counts=$(grep -c "^static_assert" "$work/values.cpp")

# Not blind: each of these edits of a copy must make the check fail.
mutations=(
  "values include/CMicroHTTPD.h s/MHD_OPTION_ARRAY = 15/MHD_OPTION_ARRAY = 16/"
  "values include/CMicroHTTPD.h s/^  void \*ptr_value;/  int ptr_value;/"
  "values include/CMicroHTTPD.h 0,/^} __attribute__((enum_extensibility(closed)));/s//};/"
  "types include/CMicroHTTPD.h s/typedef int MHD_socket;/typedef long MHD_socket;/"
  "types include/CMicroHTTPD.h s/const char \*upload_data, size_t \*upload_data_size/const char *upload_data, int *upload_data_size/"
  "types lazy.c s/unsigned int flags, uint16_t port/unsigned int flags, uint32_t port/"
)
for mutation in "${mutations[@]}"; do
  read -r check file edit <<<"$mutation"
  refuse_mutant check-microhttpd-declarations Sources/CMicroHTTPD "check_$check" "$file" "$edit"
done
echo "check-microhttpd-declarations: ok against $real (MHD_VERSION $version): $counts value/layout asserts," \
  "typedefs and prototypes; ${#mutations[@]} wrong copies refused"
