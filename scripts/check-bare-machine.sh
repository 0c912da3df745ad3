#!/usr/bin/env bash
# The README promises that `swift test` passes on a machine with only Swift and libsqlite3-dev. CI has more
# (rsvg-convert, sqlite3, …: .ci/run installs them so every test runs there), so this check hides those
# programs from PATH and runs the tests that use them; they must pass, and the ones that need a hidden program
# must be skipped saying why. Run by scripts/ci-extra.sh after `swift test` (it reuses that build).
#   scripts/check-bare-machine.sh            # about 1 minute on 2 cores (the suites, already built)
set -euo pipefail
cd "$(dirname "$0")/.."

# Programs a bare machine lacks that tests (may) use. Tests find them on PATH
# (Tests/StackfeedTestSupport/OptionalTool.swift).
hidden=(rsvg-convert sqlite3 chromium chromium-browser google-chrome python3 fc-match wrk psql pg_ctl initdb nginx
  hyperfine)
# The test targets that run optional programs: those that look them up with OptionalTool.
filter=$(grep -rl --include='*.swift' 'OptionalTool\.' Tests | cut -d/ -f2 | grep -v '^StackfeedTestSupport$' | sort -u |
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
  tail -40 "$log"
  echo "check-bare-machine: the rsvg-convert tests were not skipped with their note" >&2
  exit 1
fi
grep -E "^. Test .* skipped" "$log" || true
echo "check-bare-machine: $filter passes without ${hidden[*]} ($((SECONDS - start)) s)"
