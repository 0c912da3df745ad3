#!/usr/bin/env bash
# The README promises that `swift build` and `swift test` work on a machine with only Swift and libsqlite3-dev.
# CI has more (rsvg-convert, sqlite3, libmicrohttpd, …: .ci/run installs them so every test runs there), so this
# check takes them away and builds and runs the tests that use them; they must pass, and the ones that need
# something taken away must be skipped saying why. Programs are hidden from PATH; GNU libmicrohttpd (its header,
# from libmicrohttpd-dev, and its library, from libmicrohttpd12) is hidden from the file system in a mount
# namespace of this script's own (unshare -m, as root), where the package is built (incrementally: the build
# recompiles every C file whose recorded headers changed or vanished, so an #include <microhttpd.h> fails here)
# and `serve` must refuse to start without the library, saying what to install. Run by scripts/ci-extra.sh
# after `swift test` (it reuses that build).
#   scripts/check-bare-machine.sh            # about 1 minute on 2 cores (the suites, already built)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != --inside ]; then
  if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
    echo "check-bare-machine: needs root and unshare (util-linux) to hide libmicrohttpd in a mount namespace" >&2
    exit 1
  fi
  hiding=$(mktemp -d)
  status=0
  unshare --mount --propagation private "$0" --inside "$hiding" || status=$?
  rmdir "$hiding" # empty out here: the namespace mounted its own file system on it
  exit "$status"
fi
hiding=$2
mount -t tmpfs stackfeed-bare-machine "$hiding"

# Makes every entry of the folder $1 whose name matches one of the patterns $2… vanish for this namespace: the
# folder is replaced by one of symbolic links to its other entries (in a second view of the original).
hide_in() {
  local folder=$1 original view
  shift
  original=$(mktemp -d -p "$hiding")
  view=$(mktemp -d -p "$hiding")
  mount --bind "$folder" "$original"
  for entry in "$original"/* "$original"/.[!.]*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    local name=${entry##*/} pattern keep=1
    for pattern in "$@"; do
      # shellcheck disable=SC2053
      [[ $name == $pattern ]] && keep=0
    done
    [ "$keep" = 1 ] && ln -s "$entry" "$view/$name"
  done
  mount --bind "$view" "$folder"
}
# awk reads all of ldconfig's list (no early exit): an early exit would kill ldconfig with SIGPIPE, and under
# pipefail that silently ends this script with status 141.
library=$(ldconfig -p | awk '$1 == "libmicrohttpd.so.12" && !found { print $NF; found = 1 }')
if [ -z "$library" ]; then
  echo "check-bare-machine: libmicrohttpd.so.12 is not installed, so this check would prove nothing" \
    "(apt-get install libmicrohttpd12; .ci/run does)" >&2
  exit 1
fi
libpq=$(ldconfig -p | awk '$1 == "libpq.so.5" && !found { print $NF; found = 1 }')
if [ -z "$libpq" ]; then
  echo "check-bare-machine: libpq.so.5 is not installed, so this check would prove nothing" \
    "(apt-get install libpq5; .ci/run does)" >&2
  exit 1
fi
libdeflate=$(ldconfig -p | awk '$1 == "libdeflate.so.0" && !found { print $NF; found = 1 }')
if [ -z "$libdeflate" ]; then
  echo "check-bare-machine: libdeflate.so.0 is not installed, so this check would prove nothing" \
    "(apt-get install libdeflate0; .ci/run does)" >&2
  exit 1
fi
libvips=$(ldconfig -p | awk '$1 == "libvips.so.42" && !found { print $NF; found = 1 }')
if [ -z "$libvips" ]; then
  echo "check-bare-machine: libvips.so.42 is not installed, so this check would prove nothing" \
    "(apt-get install libvips42; .ci/run does)" >&2
  exit 1
fi
# libpq-dev's headers (/usr/include/postgresql) and libpq5's library go too: PostgresCore declares and loads it;
# and so do libdeflate-dev's header and libdeflate0's library, which GzipCore declares and loads, and
# libvips-dev's headers and libvips42's library, which ImageCore declares and loads.
hide_in /usr/include 'microhttpd.h' 'postgresql' 'libdeflate.h' 'vips'
# Each library folder once, with the patterns of every library in it (a second hide_in of a folder would hide
# its first view).
declare -A patterns=()
for pair in "$library:libmicrohttpd.*" "$libpq:libpq.*" "$libdeflate:libdeflate.*" "$libvips:libvips.*"; do
  folder=$(dirname "$(readlink -f "${pair%%:*}")")
  patterns[$folder]="${patterns[$folder]:-} ${pair#*:}"
done
for folder in "${!patterns[@]}"; do
  read -ra names <<<"${patterns[$folder]}"
  hide_in "$folder" "${names[@]}"
done
# Not blind: the header and the library are gone for the compiler and the dynamic loader.
clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
if printf '#include <microhttpd.h>\n' | "$clang" -x c -fsyntax-only - 2>/dev/null; then
  echo "check-bare-machine: <microhttpd.h> is still found" >&2
  exit 1
fi
for gone in "$library" "$libpq" "$libdeflate" "$libvips" /usr/include/postgresql/libpq-fe.h /usr/include/libdeflate.h \
  /usr/include/vips/vips.h; do
  if [ -e "$gone" ]; then
    echo "check-bare-machine: $gone is still there" >&2
    exit 1
  fi
done

# Programs a bare machine lacks that tests (may) use. Tests find them on PATH
# (Tests/StackfeedTestSupport/OptionalTool.swift).
hidden=(rsvg-convert sqlite3 chromium chromium-browser google-chrome python3 fc-match wrk psql pg_ctl initdb postgres
  createdb nginx hyperfine promtool)
# Debian keeps the PostgreSQL server programs off PATH, in /usr/lib/postgresql/*/bin, where the tests also look
# unless STACKFEED_POSTGRES_BIN names the folder: empty, it names none (Tests/StackfeedTestSupport/
# PostgresPrograms.swift).
export STACKFEED_POSTGRES_BIN=
# Here the missing programs are the point: their tests must skip with a note, not fail as they do under
# .ci/run's STACKFEED_REQUIRE_ALL_TESTS=1 (Tests/StackfeedTestSupport/Requirement.swift).
unset STACKFEED_REQUIRE_ALL_TESTS
# The test targets that run optional programs, libraries or servers: those that look them up with OptionalTool,
# OptionalLibrary, OptionalPythonModule or PostgresPrograms.
filter=$(grep -rlE --include='*.swift' 'Optional(Tool|Library|PythonModule)\.|PostgresPrograms\.' Tests | cut -d/ -f2 | grep -v '^StackfeedTestSupport$' | sort -u |
  paste -sd'|')

# A hard-coded absolute path would escape the hiding: every optional program goes through OptionalTool.
# bash and setpriv (util-linux) are part of every Debian/Ubuntu system.
if grep -rnE '"/(usr/)?(local/)?s?bin/' Tests --include='*.swift' | grep -vE '"/bin/bash"|"/usr/bin/setpriv"'; then
  echo "check-bare-machine: tests name a program by absolute path (above): look it up with OptionalTool" >&2
  exit 1
fi

shadow=$(mktemp -d)
trap 'rm -rf "$shadow"' EXIT
swift_dir=$(dirname "$(readlink -f "$(command -v swift)")")
IFS=: read -ra path_dirs <<<"$PATH"
for dir in "${path_dirs[@]}"; do
  [ -d "$dir" ] && [ "$dir" != "$swift_dir" ] || continue
  for program in "$dir"/*; do
    name=${program##*/}
    [ -x "$program" ] && [ ! -e "$shadow/$name" ] || continue
    [[ " ${hidden[*]} " == *" $name "* ]] && continue
    ln -s "$program" "$shadow/$name"
  done
done
for name in "${hidden[@]}"; do
  if PATH="$swift_dir:$shadow" command -v "$name" >/dev/null; then
    echo "check-bare-machine: $name is still on the reduced PATH" >&2
    exit 1
  fi
done

log=$(mktemp)
trap 'rm -rf "$shadow" "$log"' EXIT
start=$SECONDS
if ! PATH="$swift_dir:$shadow" swift test --filter "$filter" >"$log" 2>&1; then
  tail -40 "$log"
  echo "check-bare-machine: swift test --filter $filter fails without ${hidden[*]}" >&2
  exit 1
fi
if ! grep -q "needs rsvg-convert, which is not on PATH" "$log"; then
  grep -E "skipped|PNG|rsvg" "$log" || true
  tail -20 "$log"
  echo "check-bare-machine: the rsvg-convert tests were not skipped with their note" >&2
  exit 1
fi
# require LOG GREP-ARGS… -- MESSAGE: fails the check with MESSAGE (and the log's end) unless grep finds the line.
require() {
  local log=$1 message=${*: -1}
  if ! grep -q "${@:2:$#-3}" "$log"; then
    tail -40 "$log"
    echo "check-bare-machine: $message" >&2
    exit 1
  fi
}
require "$log" "needs libmicrohttpd.so.12, which cannot be loaded (apt-get install libmicrohttpd12" -- \
  "the serve tests were not skipped with their note"
require "$log" "needs a PostgreSQL server: initdb and postgres" -- "the PostgreSQL tests were not skipped with their note"
# The two tests that run only where a library is missing must have run and passed. They run again on their own,
# one test at a time: in the parallel run above, lines of concurrent tests can interleave in the log and split
# the line a grep looks for.
only=$(mktemp)
trap 'rm -rf "$shadow" "$log" "$only"' EXIT
if ! PATH="$swift_dir:$shadow" swift test --no-parallel \
  --filter 'LibraryTests/withoutLibrary|withoutLibpqAConnectionNamesThePackage|withoutLibvips' >"$only" 2>&1; then
  tail -40 "$only"
  echo "check-bare-machine: the tests of a machine without libmicrohttpd12, libpq5, libdeflate0 or libvips42 fail" >&2
  exit 1
fi
require "$only" -E '^. Test "without libmicrohttpd12, serve exits 74 .* passed' -- \
  "the test of serve without libmicrohttpd did not run and pass"
require "$only" -E '^. Test "without libpq5, a connection fails with one sentence naming the package" passed' -- \
  "the test of a connection without libpq did not run and pass"
require "$only" -E '^. Test "without libdeflate0, compressing gives nil and the reason names the package" passed' -- \
  "the test of gzip without libdeflate did not run and pass"
require "$only" -E '^. Test "without libdeflate0, a request asking for gzip is answered uncompressed, with Vary" passed' -- \
  "the test of serve without libdeflate did not run and pass"
require "$log" "needs libdeflate.so.0, which cannot be loaded (apt-get install libdeflate0" -- \
  "the gzip tests were not skipped with their note"
require "$only" -E '^. Test "without libvips42, nothing is decoded and the reason names the package" passed' -- \
  "the test of images without libvips did not run and pass"
require "$only" -E '^. Test "without libvips42, a resize answers the stored bytes, never for long" passed' -- \
  "the test of resizing without libvips did not run and pass"
require "$log" "needs libvips.so.42, which cannot be loaded (apt-get install libvips42" -- \
  "the libvips tests were not skipped with their note"
grep -E "^. (Test|Suite) .* skipped" "$log" || true
echo "check-bare-machine: $filter pass without ${hidden[*]}, libmicrohttpd12, libmicrohttpd-dev, libpq5, libpq-dev," \
  "libdeflate0, libdeflate-dev, libvips42, libvips-dev ($((SECONDS - start)) s)"
