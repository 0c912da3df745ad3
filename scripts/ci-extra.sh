#!/usr/bin/env bash
# The slow reliability checks (issues 6 and 22), run by .ci/run after `swift test`; about 2 minutes on 2 cores,
# resource-bounds.sh's serve section about 2.5 more, check-fuzz.sh 2 more.
#   fault-kill.sh       kill -9 during seed --generate 400000 and migrate: integrity, old-or-new state, next command
#   resource-bounds.sh  peak RSS of list/render at small vs large feeds; quiet end on a closed pipe; serve under
#                       512 clients in both threading modes: RSS, ulimit -n 64, two servers on PostgreSQL
#                       (scripts/serve-bounds.sh; wrk, curl, PostgreSQL's server programs)
#   check-microhttpd-declarations.sh  CMicroHTTPD's own declarations equal libmicrohttpd-dev's header (installs it)
#   check-libpq-declarations.sh  CPostgres's own declarations of libpq equal libpq-dev's libpq-fe.h (installs it)
#   check-deflate-declarations.sh  CDeflate's own declarations of libdeflate equal libdeflate-dev's header (installs it)
#   check-vips-declarations.sh  CVips's own declarations of libvips and Little CMS equal libvips-dev's vips.h and
#                               lcms2.h (.ci/run installs it)
#   check-bare-machine.sh  the tests that use optional programs (rsvg-convert, …), libmicrohttpd, libpq and
#                          libdeflate pass with them hidden, and the package builds without libmicrohttpd-dev's header
#   check-serve-answers.sh  every answer the serve suites receive is one docs/openapi.json describes (openapi-core)
#   check-fuzz.sh       Schemathesis, a fuzzing client generated from /openapi.json, against a real serve for 2 minutes
# The fast ones (bad seeds, hostile files, layout input, migrations, 2 writers x 20k + 4 readers) are in
# the Swift suite: Tests/StackfeedCLITests/Reliability*.swift, Tests/StackLayoutTests/Reliability*.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
[ -x /usr/bin/time ] || need+=(time)
command -v sqlite3 >/dev/null || need+=(sqlite3)
command -v wrk >/dev/null || need+=(wrk)
command -v curl >/dev/null || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  echo "ci-extra: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
swift build --product stackfeed 2>&1 | tail -1
export STACKFEED_BIN
STACKFEED_BIN="$(swift build --show-bin-path)/stackfeed"
start=$SECONDS
scripts/fault-kill.sh
scripts/resource-bounds.sh
scripts/check-microhttpd-declarations.sh
scripts/check-libpq-declarations.sh
scripts/check-deflate-declarations.sh
scripts/check-vips-declarations.sh
scripts/check-bare-machine.sh
scripts/check-serve-answers.sh
scripts/check-fuzz.sh
echo "ci-extra: ok in $((SECONDS - start)) s"
