#!/usr/bin/env bash
# A fuzzing client generated from the OpenAPI document (issue 32): Schemathesis (PyPI, the version .ci/run pins)
# reads GET /openapi.json from a real `stackfeed serve` on a fresh seeded temporary SQLite database and sends it
# generated requests, with an admin token made by `stackfeed token create --scope admin`, for a fixed budget
# ($STACKFEED_FUZZ_SECONDS, default 120): its coverage phase (each parameter's edges and each status), random
# requests, and stateful sequences following the document's links (POST then GET, PATCH, DELETE of what it made).
# Every answer must pass the checks below; the RFC-backed exceptions are in scripts/schemathesis.toml and
# docs/HTTP.md, "Fuzzing". Run by scripts/ci-extra.sh after `swift build --product stackfeed` (a debug build, as CI
# builds it); $STACKFEED_BIN names the binary, else the debug build's. Replay a run with
# STACKFEED_FUZZ_SEED=N (Schemathesis prints the seed it used).
# Exit 0 when Schemathesis finds nothing; else its report of each failure (with a curl line to reproduce it) and
# the server's log lines of the 5xx answers.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${STACKFEED_BIN:-$(swift build --show-bin-path)/stackfeed}
budget=${STACKFEED_FUZZ_SECONDS:-120}
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance
checks+=,response_schema_conformance,use_after_free,ensure_resource_availability,ignored_auth
checks+=,negative_data_rejection,missing_required_header,unsupported_method,allow_header_conformance
scratch=$(mktemp -d)
server=
stop() {
  if [ -n "$server" ]; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" || true
  fi
  rm -rf "$scratch"
}
trap stop EXIT
db=$scratch/fuzz.sqlite
"$bin" seed --db "$db" >/dev/null
STACKFEED_FUZZ_TOKEN=$("$bin" token create --db "$db" --user default --scope admin --name fuzz 2>/dev/null)
export STACKFEED_FUZZ_TOKEN
"$bin" serve --db "$db" --port 0 2>"$scratch/serve.log" &
server=$!
url=
for _ in $(seq 300); do  # the start line, up to 30 s
  url=$(sed -n 's|^stackfeed: serving \(http://[^ ]*\)/ .*|\1|p' "$scratch/serve.log")
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$scratch/serve.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "check-fuzz: serve did not start" >&2; cat "$scratch/serve.log" >&2; exit 1; }
seed=()
[ -n "${STACKFEED_FUZZ_SEED:-}" ] && seed=(--seed "$STACKFEED_FUZZ_SEED")
status=0
# One worker: on CPython before 3.11.8 (CI's 3.11.7) the AST constructor keeps its recursion depth in state shared
# by all threads, so two workers building Hypothesis's lambda descriptions at once fail the run with "AST constructor
# recursion depth mismatch" (python/cpython gh-106905, fixed in 3.11.8), a failure of the fuzzer, not of the API.
(cd "$scratch" && schemathesis --no-color --config-file "$OLDPWD/scripts/schemathesis.toml" run "$url/openapi.json" \
  --checks "$checks" --max-time "$budget" --workers 1 --continue-on-failure "${seed[@]}") || status=$?
if ! kill -0 "$server" 2>/dev/null; then
  echo "check-fuzz: the server is gone" >&2
  status=1
fi
if [ "$status" -ne 0 ]; then
  grep -E '^[A-Z]+ [^ ]+ 5[0-9]{2} ' "$scratch/serve.log" | head -20 >&2 || true
  echo "check-fuzz: Schemathesis found failures (above)" >&2
  exit 1
fi
echo "check-fuzz: ok"
