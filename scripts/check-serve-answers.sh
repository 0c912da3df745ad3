#!/usr/bin/env bash
# Every answer the serve suites receive, checked against docs/openapi.json: runs Tests/ServeTests (the real
# `stackfeed serve` over sockets) recording each request HTTPClient makes and its reply
# (STACKFEED_RECORD_EXCHANGES, Tests/StackfeedTestSupport/ExchangeRecord.swift), then validates every distinct
# exchange with scripts/check-openapi.py (openapi-core), so that no answer any serve test sees can drift from
# the document. Run by scripts/ci-extra.sh; needs python3 with openapi-spec-validator and openapi-core.
#   --skip-path: stackfeed-promo's own route (WriteServeTests), which the built-in binary's document leaves out.
set -euo pipefail
cd "$(dirname "$0")/.."
record=$(mktemp)
log=$(mktemp)
trap 'rm -f "$record" "$log"' EXIT
swift build --build-tests 2>&1 | tail -1
if ! STACKFEED_RECORD_EXCHANGES="$record" swift test --skip-build --filter ServeTests >"$log" 2>&1; then
  tail -30 "$log" >&2
  echo "check-serve-answers: the serve suites failed (above)" >&2
  exit 1
fi
python3 scripts/check-openapi.py docs/openapi.json "$record" --skip-path /v1/promos
